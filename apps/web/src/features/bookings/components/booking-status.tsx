/**
 * A booking's status and its money as both dashboards show them: one badge for where the test
 * drive stands, one for the fee (paid, refunded, refund on its way), and why it was called off.
 */
import type { Booking, BookingStatus, CancelReason } from '@redline/shared';

const STATUS: Record<BookingStatus, { label: string; tone: string }> = {
  requested: { label: 'Requested', tone: 'badge-warning' },
  accepted: { label: 'Accepted', tone: 'badge-success' },
  declined: { label: 'Declined', tone: 'badge-error' },
  cancelled: { label: 'Cancelled', tone: 'badge-neutral' },
  completed: { label: 'Completed', tone: 'badge-info' },
  expired: { label: 'Expired', tone: 'badge-ghost' },
};

/** Why a cancelled booking was called off, as the buyer (`buyer`) or the seller reads it. */
const CANCELLED_BY: Record<CancelReason, { buyer: string; seller: string }> = {
  buyer: { buyer: 'You cancelled it', seller: 'The buyer cancelled it' },
  admin: { buyer: 'Cancelled by Redline', seller: 'Cancelled by Redline' },
  'car-sold': { buyer: 'The car was sold', seller: 'You sold the car' },
  'car-removed': { buyer: 'The car was removed', seller: 'The car was removed' },
};

export function BookingStatusBadge({ booking }: { booking: Pick<Booking, 'status' | 'proposal'> }) {
  const { label, tone } = STATUS[booking.status];
  return (
    <span className={`badge badge-sm whitespace-nowrap font-semibold ${tone}`}>
      {booking.status === 'requested' && booking.proposal ? 'New time proposed' : label}
    </span>
  );
}

/** Why the booking was called off, for whoever reads it; nothing for a booking that was not. */
export function cancelledBecause(booking: Pick<Booking, 'cancelReason'>, reader: 'buyer' | 'seller') {
  return booking.cancelReason ? CANCELLED_BY[booking.cancelReason][reader] : undefined;
}

/** The fee: paid, refunded (or on its way back), or not paid. */
export function FeeBadge({ booking }: { booking: Pick<Booking, 'isPaid' | 'payment'> }) {
  const refund = booking.payment?.refund;
  if (refund) {
    if (refund.status === 'succeeded')
      return <span className="badge badge-info badge-sm whitespace-nowrap font-semibold">Refunded</span>;
    return refund.status === 'failed' ? (
      <span className="badge badge-error badge-sm whitespace-nowrap">Refund failed</span>
    ) : (
      <span className="badge badge-warning badge-sm whitespace-nowrap">Refund pending</span>
    );
  }
  if (booking.isPaid) {
    return (
      <span className="badge badge-success badge-sm gap-1 whitespace-nowrap font-semibold">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="12"
          height="12"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        >
          <path strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
        Paid
      </span>
    );
  }
  return <span className="badge badge-ghost badge-sm whitespace-nowrap">Not paid yet</span>;
}

/** Whether the booking still takes answers, payments and cancellations. */
export const isOpen = (booking: Pick<Booking, 'status'>) =>
  booking.status === 'requested' || booking.status === 'accepted';
