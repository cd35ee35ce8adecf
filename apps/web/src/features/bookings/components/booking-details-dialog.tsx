import {
  type Booking,
  displayPhone,
  formatDate,
  formatMoney,
  formatRequestedDate,
  formatRequestedTime,
  type Refund,
} from '@redline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { BookingStatusBadge, cancelledBecause, FeeBadge } from './booking-status.tsx';

type BookingDetailsDialogProps = {
  booking: Booking | null;
  onClose: () => void;
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-base-content/70">{term}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  );
}

/** Everything about one booking, including the payment once it is paid. */
export function BookingDetailsDialog({ booking, onClose }: BookingDetailsDialogProps) {
  return (
    <Modal open={booking !== null} onClose={onClose} title="Booking details" description={booking?.carName}>
      {booking ? (
        <>
          <dl className="divide-y divide-base-300">
            <Row term="Car">
              {booking.carId ? (
                <Link to={paths.car(booking.carId)} className="link link-primary">
                  {booking.carName}
                </Link>
              ) : (
                <>
                  {booking.carName} <span className="text-base-content/70">(no longer listed)</span>
                </>
              )}
            </Row>
            <Row term="Seller">
              <span className="inline-flex items-center gap-1">
                {booking.sellerName}
                {booking.sellerVerified ? <VerifiedBadge subject="seller" /> : null}
              </span>
            </Row>
            <Row term="Date">{formatRequestedDate(booking.requestedDate)}</Row>
            <Row term="Time">{formatRequestedTime(booking.requestedDate, booking.requestedTime)}</Row>
            <Row term="Location">{booking.requestedLocation}</Row>
            {booking.buyerPhone ? <Row term="Your phone">{displayPhone(booking.buyerPhone).text}</Row> : null}
            <Row term="Fee">{formatMoney(booking.price)}</Row>
            <Row term="Status">
              <span className="flex flex-wrap gap-1.5">
                <BookingStatusBadge booking={booking} />
                <FeeBadge booking={booking} />
              </span>
              {booking.status === 'cancelled' ? (
                <span className="mt-1 block text-base-content/75">{cancelledBecause(booking, 'buyer')}</span>
              ) : null}
            </Row>
            <Row term="Booked on">{formatDate(booking.createdAt)}</Row>
            {booking.payment ? (
              <>
                <Row term="Transaction id">
                  <span className="font-mono text-xs break-all">{booking.payment.transactionId}</span>
                </Row>
                <Row term="Paid on">{formatDate(booking.payment.paidAt, 'medium-time')}</Row>
                {booking.payment.refund ? (
                  <Row term="Refund">
                    {formatMoney(booking.payment.refund.amount)} {refundState(booking.payment.refund)}
                  </Row>
                ) : null}
              </>
            ) : null}
          </dl>
          <div className="mt-5 flex justify-end">
            <button type="button" className="btn" onClick={onClose} data-autofocus>
              Close
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}

/** Where a refund stands, in the buyer's words. */
function refundState(refund: Refund) {
  if (refund.refundedAt) return `refunded on ${formatDate(refund.refundedAt, 'medium-time')}`;
  if (refund.status === 'failed')
    return 'not refunded yet: the payment provider refused it. Write to us through the contact page.';
  return 'on its way back to your card';
}
