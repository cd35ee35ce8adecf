import { type Booking, localDateString } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking } from '../../../testing/fixtures/booking.ts';
import { type Answers, answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { SellerRequestsList } from './seller-requests-list.tsx';

const IN_A_WEEK = (() => {
  const now = new Date();
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7));
})();

/** An unpaid request: the buyer's phone is not shared until the booking is paid. */
const request = (overrides: Partial<Booking>) =>
  aBooking({ carName: '2021 Porsche 911 GT3', buyerPhone: null, requestedDate: '2030-03-14', ...overrides });

/** Answers the requests on sam@example.com's cars with `items`, and the `others` routes. */
const answerList = (items: Booking[], others: Answers = {}) =>
  answer({
    'GET /testdrivebooking/seller/:email': ({ params }) => ({
      items: params.email === 'sam@example.com' ? items : [],
      nextCursor: null,
    }),
    ...others,
  });

describe('SellerRequestsList', () => {
  it("shows car, buyer, date, time, city and payment, and the buyer's phone only once paid", async () => {
    answerList([
      request({}),
      request({
        id: 'b-2',
        carName: '2019 Ferrari 488 Pista',
        buyerName: 'Ben Buyer',
        buyerPhone: '+15125550142',
        requestedLocation: 'Dallas',
        isPaid: true,
      }),
    ]);
    renderWithProviders(<SellerRequestsList email="sam@example.com" />);

    const unpaid = (await screen.findByText('2021 Porsche 911 GT3')).closest('tr') as HTMLElement;
    expect(within(unpaid).getByText('Bea Buyer')).toBeInTheDocument();
    expect(within(unpaid).getByText('Austin')).toBeInTheDocument();
    expect(within(unpaid).getByText('Not paid yet')).toBeInTheDocument();
    expect(within(unpaid).getByText('Phone shown once paid')).toBeInTheDocument();
    expect(within(unpaid).getByText(/Mar 14, 2030|14 Mar 2030/)).toBeInTheDocument();

    const paid = screen.getByText('2019 Ferrari 488 Pista').closest('tr') as HTMLElement;
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: '+1 512 555 0142' }).getAttribute('href')).toBe(
      'tel:+15125550142',
    );
  });

  it('shows a stored E.164 number in international format, and an older free-form one as stored', async () => {
    answerList([
      request({ id: 'b-uk', carName: 'UK buyer', buyerPhone: '+442079460958', isPaid: true }),
      request({ id: 'b-old', carName: 'Old row', buyerPhone: 'ask at the desk', isPaid: true }),
    ]);
    renderWithProviders(<SellerRequestsList email="sam@example.com" />);

    const uk = (await screen.findByText('UK buyer')).closest('tr') as HTMLElement;
    expect(within(uk).getByRole('link', { name: '+44 20 7946 0958' }).getAttribute('href')).toBe(
      'tel:+442079460958',
    );
    const old = screen.getByText('Old row').closest('tr') as HTMLElement;
    expect(within(old).getByText('ask at the desk')).toBeInTheDocument();
  });

  it('accepts a request, declines one after asking, and proposes another time; closed ones take no answer', async () => {
    answerList(
      [
        request({ id: 'b-new', carName: 'New request', requestedDate: IN_A_WEEK }),
        request({ id: 'b-paid', carName: 'Paid request', isPaid: true, status: 'accepted' }),
        request({ id: 'b-sold', carName: 'Sold car', status: 'cancelled', cancelReason: 'car-sold' }),
      ],
      {
        'POST /testdrivebooking/:id/accept': request({ status: 'accepted' }),
        'POST /testdrivebooking/:id/decline': request({ status: 'declined' }),
        'POST /testdrivebooking/:id/propose': request({ status: 'requested' }),
      },
    );
    const answered = () => requests().filter((sent) => sent.method === 'POST');
    renderWithProviders(<SellerRequestsList email="sam@example.com" />);

    const fresh = (await screen.findByText('New request')).closest('tr') as HTMLElement;
    expect(within(fresh).getByText('Requested', { selector: '.badge' })).toBeInTheDocument();
    await userEvent.click(within(fresh).getByRole('button', { name: /^Accept the test drive/ }));
    expect(await screen.findByText('Test drive with Bea Buyer accepted')).toBeInTheDocument();

    const paid = screen.getByText('Paid request').closest('tr') as HTMLElement;
    expect(within(paid).getByText('Accepted')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    await userEvent.click(within(paid).getByRole('button', { name: /^Decline/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this test drive?' });
    expect(dialog.textContent).toContain('Their $120.00 fee is refunded to their card.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Test drive declined')).toBeInTheDocument();

    await userEvent.click(within(fresh).getByRole('button', { name: /^Propose another time/ }));
    const propose = await screen.findByRole('dialog', { name: 'Propose another time' });
    await userEvent.clear(within(propose).getByLabelText('Time'));
    await userEvent.type(within(propose).getByLabelText('Time'), '16:45');
    await userEvent.click(within(propose).getByRole('button', { name: 'Propose time' }));
    await waitFor(() => expect(answered()).toHaveLength(3));
    expect(answered().map((sent) => sent.path)).toEqual([
      '/testdrivebooking/b-new/accept',
      '/testdrivebooking/b-paid/decline',
      '/testdrivebooking/b-new/propose',
    ]);
    expect(answered()[2]!.body).toEqual({ date: IN_A_WEEK, time: '16:45' });

    const sold = screen.getByText('Sold car').closest('tr') as HTMLElement;
    expect(within(sold).getByText('Cancelled')).toBeInTheDocument();
    expect(within(sold).getByText('You sold the car')).toBeInTheDocument();
    expect(within(sold).queryAllByRole('button')).toEqual([]);
  });
});
