import type { Review, ReviewableBooking } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { REVIEWED_MESSAGE } from './review-form.tsx';
import { ReviewableBookings } from './reviewable-bookings.tsx';

const booking: ReviewableBooking = {
  bookingId: '7d1d5c54-8f0e-4a4e-9f55-0d5a8d6c2a11',
  carName: '2021 Porsche 911 GT3',
  carPhoto: '/photos/gt3-480.webp',
  sellerId: 'seller-1',
  sellerName: 'Sam Seller',
  date: '2026-11-20',
  time: '10:00',
};

describe('ReviewableBookings', () => {
  it('reviews a test drive: three star ratings and a text, then the test drive leaves the list', async () => {
    let reviewable = [booking];
    let posted: unknown;
    answer({
      'GET /me/reviewable-bookings': () => reviewable,
      'POST /reviews': ({ body }) => {
        posted = body;
        reviewable = [];
        return {
          id: 'r-1',
          sellerId: 'seller-1',
          buyerName: 'Bea Buyer',
          carName: booking.carName,
          ...body,
          answer: null,
          createdAt: '2026-11-30T08:00:00.000Z',
          hidden: false,
        } satisfies Review;
      },
    });
    renderWithProviders(<ReviewableBookings />);

    await userEvent.click(
      await screen.findByRole('button', { name: /^Review this test drive: the 2021 Porsche/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Review this test drive' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Publish review' }));
    expect(await within(dialog).findByText('Rate the experience from 1 to 5 stars')).toBeInTheDocument();
    expect(within(dialog).getByText('Write your review')).toBeInTheDocument();
    expect(posted).toBeUndefined();

    const group = (name: string) => within(within(dialog).getByRole('group', { name }));
    await userEvent.click(group('Experience').getByRole('radio', { name: '5 stars, Excellent' }));
    await userEvent.click(
      group('Accuracy of the listing').getByRole('radio', { name: '4 stars, Very good' }),
    );
    await userEvent.click(group('Communication').getByRole('radio', { name: '3 stars, Good' }));
    await userEvent.type(
      within(dialog).getByLabelText('Your review'),
      'On time, and the car was as described.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish review' }));

    expect(await screen.findByText(REVIEWED_MESSAGE)).toBeInTheDocument();
    expect(posted).toEqual({
      bookingId: booking.bookingId,
      experience: 5,
      accuracy: 4,
      communication: 3,
      body: 'On time, and the car was as described.',
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Test drives to review' })).toBeNull());
  });
});
