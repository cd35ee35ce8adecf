import type { Booking } from '@redline/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBooking } from '../../../testing/fixtures/booking.ts';
import { json, mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
import { SellerRequestsList } from './seller-requests-list.tsx';

/** An unpaid request: the buyer's phone is not shared until the booking is paid. */
const request = (overrides: Partial<Booking>) =>
  aBooking({ carName: '2021 Porsche 911 GT3', buyerPhone: null, requestedDate: '2030-03-14', ...overrides });

describe('SellerRequestsList', () => {
  it("shows car, buyer, date, time, city and payment, and the buyer's phone only once paid", async () => {
    mockFetch({
      '/api/testdrivebooking/seller/sam%40example.com': json({
        items: [
          request({}),
          request({
            id: 'b-2',
            carName: '2019 Ferrari 488 Pista',
            buyerName: 'Ben Buyer',
            buyerPhone: '+15125550142',
            requestedLocation: 'Dallas',
            isPaid: true,
          }),
        ],
        nextCursor: null,
      }),
    });
    renderWithProviders(<SellerRequestsList email="sam@example.com" />);

    const unpaid = (await screen.findByText('2021 Porsche 911 GT3')).closest('tr') as HTMLElement;
    expect(within(unpaid).getByText('Bea Buyer')).toBeTruthy();
    expect(within(unpaid).getByText('Austin')).toBeTruthy();
    expect(within(unpaid).getByText('Not paid yet')).toBeTruthy();
    expect(within(unpaid).getByText('Phone shown once paid')).toBeTruthy();
    expect(within(unpaid).getByText(/Mar 14, 2030|14 Mar 2030/)).toBeTruthy();

    const paid = screen.getByText('2019 Ferrari 488 Pista').closest('tr') as HTMLElement;
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByRole('link', { name: '+1 512 555 0142' }).getAttribute('href')).toBe(
      'tel:+15125550142',
    );
  });

  it('shows a stored E.164 number in international format, and an older free-form one as stored', async () => {
    mockFetch({
      '/api/testdrivebooking/seller/sam%40example.com': json({
        items: [
          request({ id: 'b-uk', carName: 'UK buyer', buyerPhone: '+442079460958', isPaid: true }),
          request({ id: 'b-old', carName: 'Old row', buyerPhone: 'ask at the desk', isPaid: true }),
        ],
        nextCursor: null,
      }),
    });
    renderWithProviders(<SellerRequestsList email="sam@example.com" />);

    const uk = (await screen.findByText('UK buyer')).closest('tr') as HTMLElement;
    expect(within(uk).getByRole('link', { name: '+44 20 7946 0958' }).getAttribute('href')).toBe(
      'tel:+442079460958',
    );
    const old = screen.getByText('Old row').closest('tr') as HTMLElement;
    expect(within(old).getByText('ask at the desk')).toBeTruthy();
  });
});
