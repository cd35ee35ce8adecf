import type { Offer } from '@redline/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anOffer, OFFER_ID } from '../../../testing/fixtures/offer.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { OfferPanel } from './offer-panel.tsx';

/** Answers the offer as it stands, and each move by changing it as the server would. */
function serve(start: Offer) {
  let offer = start;
  answer({
    'GET /offers/:id': () => offer,
    'POST /offers/:id/answer': ({ body }) => {
      offer =
        body.action === 'accept'
          ? { ...offer, status: 'accepted', turn: null, expiresAt: null }
          : body.action === 'decline'
            ? { ...offer, status: 'declined', turn: null, expiresAt: null }
            : { ...offer, amount: body.amount, turn: offer.side === 'buyer' ? 'seller' : 'buyer' };
      return offer;
    },
    'POST /offers/:id/withdraw': () => {
      offer = { ...offer, status: 'withdrawn', turn: null, expiresAt: null };
      return offer;
    },
    'POST /offers/:id/release': () => {
      offer = { ...offer, status: 'released' };
      return offer;
    },
    'POST /offers/:id/confirm': () => {
      offer = { ...offer, purchaseConfirmedAt: '2031-03-13T10:00:00.000Z', reservedUntil: null };
      return offer;
    },
  });
}

const moves = () => requests().filter((request) => request.method === 'POST');

describe('OfferPanel', () => {
  it('gives the seller, on their turn, accept, decline and counter; a counter in dollars is sent in cents and hands the turn over', async () => {
    serve(anOffer({ side: 'seller' }));
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    expect(await screen.findByText('Offer: $180,000')).toBeInTheDocument();
    expect(screen.getByText('Your answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept $180,000' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Withdraw offer' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Counter' }));
    await userEvent.type(screen.getByLabelText(/Your counter/), '195,000');
    await userEvent.click(screen.getByRole('button', { name: 'Send counter' }));
    await waitFor(() =>
      expect(moves().map((m) => m.body)).toEqual([{ action: 'counter', amount: 19_500_000, message: '' }]),
    );
    expect(await screen.findByText("The buyer's answer")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it('gives the buyer, while the seller answers, only a withdrawal; then no move at all', async () => {
    serve(anOffer());
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    expect(await screen.findByText("The seller's answer")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Counter' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw offer' }));
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(moves().map((m) => m.path)).toEqual([`/offers/${OFFER_ID}/withdraw`]);
  });

  it("lets the buyer accept the seller's counter, and refuses a counter that is no amount without asking the server", async () => {
    serve(anOffer({ turn: 'buyer', amount: 19_500_000 }));
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Counter' }));
    await userEvent.type(screen.getByLabelText(/Your counter/), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Send counter' }));
    expect(screen.getByText('Enter an amount in dollars, at least $1')).toBeInTheDocument();
    expect(moves()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Accept $195,000' }));
    expect(await screen.findByText('Accepted: car reserved')).toBeInTheDocument();
    expect(moves().map((m) => m.body)).toEqual([{ action: 'accept' }]);
  });

  it('lets the seller release the car an accepted offer reserved', async () => {
    serve(anOffer({ side: 'seller', status: 'accepted', turn: null, expiresAt: null }));
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Release the reservation' }));
    expect(await screen.findByText('Reservation released')).toBeInTheDocument();
  });

  it("gives the buyer of a reservation the deposit to pay and the purchase to confirm, with the reservation's deadline", async () => {
    serve(
      anOffer({ status: 'accepted', turn: null, expiresAt: null, reservedUntil: '2031-03-19T10:00:00.000Z' }),
    );
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    const pay = await screen.findByRole('link', { name: 'Pay the $500.00 holding deposit' });
    expect(pay).toHaveAttribute('href', `/buyer/offers/${OFFER_ID}/deposit`);
    expect(
      screen.getByText(/refunded to your card if the reservation ends without the sale/),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Reserved until/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the purchase' }));
    expect(
      await screen.findByText(
        'You confirmed the purchase: the seller marks the car sold once the sale is done.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm the purchase' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Reserved until/)).not.toBeInTheDocument();
  });

  it('shows the seller the deposit paid and, once the buyer confirmed, the way to mark the car sold', async () => {
    serve(
      anOffer({
        side: 'seller',
        status: 'accepted',
        turn: null,
        expiresAt: null,
        purchaseConfirmedAt: '2031-03-13T10:00:00.000Z',
        deposit: { amount: 50_000, paidAt: '2031-03-12T12:00:00.000Z', refund: null },
      }),
    );
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    expect(await screen.findByText('$500.00 deposit paid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buyer confirmed — mark sold' })).toHaveAttribute(
      'href',
      '/dash/seller/addedproducts',
    );
    expect(screen.queryByRole('link', { name: /holding deposit/ })).not.toBeInTheDocument();
  });

  it("tells a deposit's refund once the reservation ended, and offers no more moves", async () => {
    serve(
      anOffer({
        status: 'released',
        turn: null,
        expiresAt: null,
        deposit: { amount: 50_000, paidAt: '2031-03-12T12:00:00.000Z', refund: 'succeeded' },
      }),
    );
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    expect(await screen.findByText('$500.00 deposit refunded.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("tells the server's refusal of a move out of turn, and keeps the offer as it was", async () => {
    serve(anOffer({ side: 'seller' }));
    answer({
      'POST /offers/:id/answer': () => apiError(409, 'conflict', 'This offer has been withdrawn.'),
    });
    renderWithProviders(<OfferPanel id={OFFER_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This offer has been withdrawn.')).toBeInTheDocument();
    expect(screen.getByText('Your answer')).toBeInTheDocument();
  });
});
