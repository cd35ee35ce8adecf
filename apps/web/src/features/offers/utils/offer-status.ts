import { formatCharge, type Offer, type OfferStatus } from '@redline/shared';

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

/** Where the holding deposit of a reservation stands, or null when none was paid. */
export function depositText(offer: Pick<Offer, 'status' | 'deposit'>): string | null {
  if (!offer.deposit) return null;
  const deposit = `${formatCharge(offer.deposit.amount)} deposit`;
  switch (offer.deposit.refund) {
    case 'pending':
      return `${deposit} being refunded`;
    case 'succeeded':
      return `${deposit} refunded`;
    case 'failed':
      return `${deposit} refund delayed: Redline is retrying it`;
    case null:
      return offer.status === 'sold' ? `${deposit} kept by the seller` : `${deposit} paid`;
  }
}
