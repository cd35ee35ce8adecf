import { localDateString } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking } from '../../../testing/fixtures/booking.ts';
import { json, mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
import { BuyerBookingsList, CANCELED_MESSAGE } from './buyer-bookings-list.tsx';

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
  payment: { transactionId: 'pi_test_123', paidAt: '2025-01-06T09:00:00.000Z' },
});

const LIST = '/api/testdrivebooking/buyer/bea%40example.com';

function rowOf(carName: string) {
  return screen.getByText(carName).closest('tr') as HTMLElement;
}

describe('BuyerBookingsList', () => {
  it('offers Confirm and Cancel on unpaid rows and a Paid marker on paid ones', async () => {
    mockFetch({ [LIST]: json({ items: [unpaid, paid], nextCursor: null }) });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await screen.findByText('2021 Porsche 911 GT3');
    const open = rowOf('2021 Porsche 911 GT3');
    expect(
      within(open)
        .getByRole('link', { name: /Confirm Booking/ })
        .getAttribute('href'),
    ).toBe('/buyer/bookings/b-unpaid');
    expect(within(open).getByRole('button', { name: /Cancel Booking/ })).toBeTruthy();
    expect(within(open).getByText('Sam Seller')).toBeTruthy();
    expect(within(open).getByText(textContent('Verified seller'))).toBeTruthy();

    const done = rowOf('2019 Ferrari 488 Pista');
    expect(within(done).getByText('Paid')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: /Cancel Booking/ })).toBeNull();
    expect(within(done).queryByRole('link', { name: /Confirm Booking/ })).toBeNull();
  });

  it('shows the payment in the details of a paid booking', async () => {
    mockFetch({ [LIST]: json({ items: [paid], nextCursor: null }) });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await userEvent.click(await screen.findByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' }); // loaded when opened
    expect(within(dialog).getByText('pi_test_123')).toBeTruthy();
    expect(within(dialog).getByText('Paid on')).toBeTruthy();
  });

  it('cancels a booking after confirming in the modal', async () => {
    let items = [unpaid, paid];
    const fetchMock = mockFetch({
      [LIST]: () => json({ items, nextCursor: null }),
      'DELETE /api/testdrivebooking/b-unpaid': () => {
        items = [paid];
        return json({ deletedCount: 1 });
      },
    });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await userEvent.click(await screen.findByRole('button', { name: /Cancel Booking for/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this test drive?' });
    // Focus starts on the safe choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText(CANCELED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2021 Porsche 911 GT3')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loads the next page with Load more', async () => {
    // The page depends on the query string, which the route table does not see: answer by cursor.
    const fetchMock = mockFetch({});
    fetchMock.mockImplementation(async (input) => {
      const cursor = new URL(String(input), 'http://localhost').searchParams.get('cursor');
      const page =
        cursor === 'c2' ? { items: [paid], nextCursor: null } : { items: [unpaid], nextCursor: 'c2' };
      return new Response(JSON.stringify(page), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('2019 Ferrari 488 Pista')).toBeTruthy();
    expect(screen.getByText('2021 Porsche 911 GT3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('invites the buyer to browse when there are no bookings', async () => {
    mockFetch({ [LIST]: json({ items: [], nextCursor: null }) });
    renderWithProviders(<BuyerBookingsList email="bea@example.com" />);
    expect(await screen.findByText('No test drives booked yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toBeTruthy();
  });
});
