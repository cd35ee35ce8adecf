import type { Offer, OfferStatus } from '@redline/shared';

/** An offer's state as its people read it, from where the caller stands. */
const STATUS_LABELS: Record<OfferStatus, string> = {
  open: 'Open',
  accepted: 'Accepted: car reserved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  closed: 'Closed',
  released: 'Reservation released',
  sold: 'Sold',
  lapsed: 'Reservation lapsed',
};

/** What an offer waits for, or where it ended, for the side reading it. */
export function offerStatusText(offer: Pick<Offer, 'status' | 'turn' | 'side'>): string {
  if (offer.status !== 'open') return STATUS_LABELS[offer.status];
  return offer.turn === offer.side
    ? 'Your answer'
    : offer.side === 'buyer'
      ? "The seller's answer"
      : "The buyer's answer";
}
