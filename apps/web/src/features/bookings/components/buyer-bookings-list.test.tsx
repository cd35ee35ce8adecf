import { type Booking, localDateString } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking } from '../../../testing/fixtures/booking.ts';
import { type Answers, answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { BuyerBookingsList, CANCELLED_MESSAGE } from './buyer-bookings-list.tsx';

/** Matches the element whose whole text (including nested spans) is `text`, e.g. a badge. */
const textContent = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && [...element.children].every((child) => child.textContent !== text);

const inAWeek = () => {
  const now = new Date();
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7));
};

const unpaid = aBooking({ id: 'b-unpaid', carName: '2021 Porsche 911 GT3', requestedDate: inAWeek() });
const paid = aBooking({
  id: 'b-paid',
  requestedDate: inAWeek(),
  carName: '2019 Ferrari 488 Pista',
  requestedLocation: 'Dallas',
  isPaid: true,
  payment: { transactionId: 'pi_test_123', paidAt: '2025-01-06T09:00:00.000Z', refund: null },
});

/** Answers bea@example.com's bookings with `items()` as they are when asked, and the `others` routes. */
const answerList = (items: () => Booking[], others: Answers = {}) =>
  answer({
    'GET /testdrivebooking/buyer/:email': ({ params }) => ({
      items: params.email === 'bea@example.com' ? items() : [],
      nextCursor: null,
    }),
    ...others,
  });

const deleted = () => requests().some((request) => request.method === 'DELETE');

function rowOf(carName: string) {
  return screen.getByText(carName).closest('tr') as HTMLElement;
}

describe('BuyerBookingsList', () => {
  it('offers Confirm and Cancel on unpaid rows, and Cancel with a Paid marker on paid ones', async () => {
    answerList(() => [unpaid, paid]);
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await screen.findByText('2021 Porsche 911 GT3');
    const open = rowOf('2021 Porsche 911 GT3');
    expect(
      within(open)
        .getByRole('link', { name: /Pay and confirm/ })
        .getAttribute('href'),
    ).toBe('/buyer/bookings/b-unpaid');
    expect(within(open).getByRole('button', { name: /Cancel Booking/ })).toBeInTheDocument();
    expect(within(open).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(open).getByText(textContent('Verified seller'))).toBeInTheDocument();

    const done = rowOf('2019 Ferrari 488 Pista');
    expect(within(done).getByText('Paid')).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: /Cancel Booking/ })).toBeInTheDocument();
    expect(within(done).queryByRole('link', { name: /Pay and confirm/ })).not.toBeInTheDocument();
  });

  it('states the refund and the cancellation policy before cancelling a paid test drive, and cancels only when confirmed', async () => {
    let items = [paid];
    answerList(() => items, {
      'DELETE /testdrivebooking/:id': ({ params }) => {
        if (params.id === 'b-paid') items = [{ ...paid, status: 'cancelled', cancelReason: 'buyer' }];
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await userEvent.click(await screen.findByRole('button', { name: /Cancel Booking for/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this test drive?' });
    expect(
      within(dialog).getByText(/Your \$120\.00 fee will be refunded in full to your card\./),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'You can cancel a test drive until the time it starts. A paid fee is refunded in full to your card; once the test drive has started, it can no longer be cancelled.',
      ),
    ).toBeInTheDocument();
    expect(deleted()).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText(CANCELLED_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Cancel Booking for/ })).not.toBeInTheDocument(),
    );
  });

  it('shows the payment in the details of a paid booking', async () => {
    answerList(() => [paid]);
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await userEvent.click(await screen.findByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' }); // loaded when opened
    expect(within(dialog).getByText('pi_test_123')).toBeInTheDocument();
    expect(within(dialog).getByText('Paid on')).toBeInTheDocument();
  });

  it('cancels a booking after confirming in the modal', async () => {
    let items = [unpaid];
    answerList(() => items, {
      'DELETE /testdrivebooking/:id': ({ params }) => {
        if (params.id === 'b-unpaid') items = [];
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await userEvent.click(await screen.findByRole('button', { name: /Cancel Booking for/ }));
    expect(screen.getByText(/You have not paid for it\./)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Cancel this test drive?' });
    // Focus starts on the safe choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(deleted()).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText(CANCELLED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2021 Porsche 911 GT3')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads the next page with Load more', async () => {
    answer({
      'GET /testdrivebooking/buyer/:email': ({ query }) =>
        query.get('cursor') === 'c2'
          ? { items: [paid], nextCursor: null }
          : { items: [unpaid], nextCursor: 'c2' },
    });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('2019 Ferrari 488 Pista')).toBeInTheDocument();
    expect(screen.getByText('2021 Porsche 911 GT3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('invites the buyer to browse when there are no bookings', async () => {
    answerList(() => []);
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);
    expect(await screen.findByText('No test drives booked yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toBeInTheDocument();
  });

  it('shows where each booking stands, what happened to the money, and takes a proposed time', async () => {
    let taken = false;
    const proposed = aBooking({
      id: 'b-proposed',
      carName: 'Proposed car',
      requestedDate: inAWeek(),
      proposal: { date: inAWeek(), time: '16:30' },
    });
    const refunded = aBooking({
      id: 'b-refunded',
      carName: 'Sold car',
      isPaid: true,
      status: 'cancelled',
      cancelReason: 'car-sold',
      payment: {
        transactionId: 'pi_test_9',
        paidAt: '2031-03-02T09:30:00.000Z',
        refund: {
          id: 'r1',
          amount: 12_000,
          reason: 'car-sold',
          status: 'succeeded',
          createdAt: '2031-03-03T09:30:00.000Z',
          refundedAt: '2031-03-03T09:30:01.000Z',
        },
      },
    });
    answerList(() => [taken ? { ...proposed, proposal: null, status: 'accepted' } : proposed, refunded], {
      'POST /testdrivebooking/:id/accept-proposal': ({ params }) => {
        taken = params.id === 'b-proposed';
        return { ...proposed, proposal: null, status: 'accepted' };
      },
    });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await screen.findByText('Proposed car');
    const sold = rowOf('Sold car');
    expect(within(sold).getByText('Cancelled')).toBeInTheDocument();
    expect(within(sold).getByText('Refunded')).toBeInTheDocument();
    expect(within(sold).getByText('The car was sold')).toBeInTheDocument();
    expect(within(sold).queryByRole('link', { name: /Pay and confirm/ })).not.toBeInTheDocument();

    const moved = rowOf('Proposed car');
    expect(within(moved).getByText('New time proposed')).toBeInTheDocument();
    expect(within(moved).getByText(/The seller proposes/).textContent).toContain('4:30 PM');
    await userEvent.click(
      within(moved).getByRole('button', { name: 'Accept the new time for the Proposed car' }),
    );
    expect(await screen.findByText('New time accepted: your test drive is agreed')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Proposed car')).getByText('Accepted')).toBeInTheDocument());
    expect(within(rowOf('Proposed car')).queryByText(/The seller proposes/)).not.toBeInTheDocument();
  });
});
