import {
  type Booking,
  BUYER_CANCELLATION_POLICY,
  formatCharge,
  formatRequestedDate,
  formatRequestedTime,
} from '@redline/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { NameWithBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useBookingStep } from '../api/booking-steps.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useBuyerBookings } from '../api/get-buyer-bookings.ts';
import { BookingStatusBadge, cancelledBecause, FeeBadge, isOpen } from './booking-status.tsx';

// Loaded when the buyer opens one, not with the list: it shows phone numbers (libphonenumber's rules).
const BookingDetailsDialog = lazy(() =>
  import('./booking-details-dialog.tsx').then((m) => ({ default: m.BookingDetailsDialog })),
);

export const CANCELLED_MESSAGE = 'Booking cancelled.';

const COLUMNS = [
  'Car',
  'Seller',
  'Test drive',
  'Details',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

/**
 * My Bookings: the buyer's test drives and where each stands; unpaid ones still ahead can be paid
 * (Confirm), any still ahead cancelled (a paid one refunded: BUYER_CANCELLATION_POLICY), and
 * another time the seller proposed accepted.
 */
export function BuyerBookingsList({ email }: { email: string }) {
  const bookings = useBuyerBookings(email);
  const cancel = useCancelBooking();
  const step = useBookingStep();
  const [details, setDetails] = useState<Booking | null>(null);
  const [toCancel, setToCancel] = useState<Booking | null>(null);

  if (bookings.isPending) return <ListSkeleton label="Loading your bookings" />;
  if (bookings.isError) {
    return (
      <ErrorState
        message={`Could not load your bookings. ${bookings.error.message}`}
        onRetry={() => bookings.refetch()}
      />
    );
  }

  const items = bookings.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        title="No test drives booked yet"
        action={
          <Link to={paths.categories} className="btn btn-primary">
            Browse cars
          </Link>
        }
      >
        Find a car you like and choose Book a test drive now. Your bookings appear here to pay and confirm.
      </EmptyState>
    );
  }

  const confirmCancel = () => {
    if (!toCancel) return;
    cancel.mutate(toCancel.id, {
      onSuccess: () => {
        toast.success(CANCELLED_MESSAGE);
        setToCancel(null);
      },
      onError: () => setToCancel(null),
    });
  };

  const acceptProposal = (booking: Booking) =>
    step.mutate(
      { id: booking.id, step: 'accept-proposal' },
      {
        onSuccess: () => toast.success('New time accepted: your test drive is agreed'),
      },
    );

  return (
    <>
      <StackTable caption="Your test-drive bookings" columns={COLUMNS}>
        {items.map((booking) => (
          <StackRow key={booking.id}>
            <StackCell primary>
              <div className="flex items-center gap-3 md:min-w-60">
                <CarThumbnail src={booking.carPhoto} name={booking.carName} />
                <div className="min-w-0">
                  <p className="font-semibold leading-snug">{booking.carName}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-1.5">
                    <BookingStatusBadge booking={booking} />
                    <FeeBadge booking={booking} />
                  </p>
                  {booking.status === 'cancelled' ? (
                    <p className="mt-1 text-sm text-base-content/70">{cancelledBecause(booking, 'buyer')}</p>
                  ) : null}
                </div>
              </div>
            </StackCell>
            <StackCell label="Seller">
              <NameWithBadge name={booking.sellerName} verified={booking.sellerVerified} subject="seller" />
            </StackCell>
            <StackCell label="Test drive">
              <span className="whitespace-nowrap">{formatRequestedDate(booking.requestedDate)}</span>
              <span className="block whitespace-nowrap text-base-content/70">
                {formatRequestedTime(booking.requestedDate, booking.requestedTime)}
              </span>
              <span className="block text-base-content/70">{booking.requestedLocation}</span>
              {booking.proposal ? (
                <span className="mt-2 block rounded-box bg-warning/15 px-2 py-1.5 text-sm">
                  The seller proposes{' '}
                  <strong className="whitespace-nowrap">
                    {formatRequestedDate(booking.proposal.date)},{' '}
                    {formatRequestedTime(booking.proposal.date, booking.proposal.time)}
                  </strong>
                  <button
                    type="button"
                    className="btn btn-warning btn-xs mt-1.5 block"
                    aria-label={`Accept the new time for the ${booking.carName}`}
                    disabled={step.isPending}
                    onClick={() => acceptProposal(booking)}
                  >
                    Accept new time
                  </button>
                </span>
              ) : null}
            </StackCell>
            <StackCell label="Details">
              <button
                type="button"
                className="link link-primary font-medium"
                aria-label={`Details of the booking for the ${booking.carName}`}
                onClick={() => setDetails(booking)}
              >
                Details
              </button>
            </StackCell>
            <StackCell actions>
              {isOpen(booking) ? (
                <div className="flex w-full flex-wrap gap-2 md:w-auto md:flex-col md:items-stretch">
                  {booking.isPaid ? null : (
                    <Link
                      to={paths.payBooking(booking.id)}
                      className="btn btn-primary btn-sm flex-1 md:flex-none"
                      aria-label={`Pay and confirm for the ${booking.carName}`}
                    >
                      Pay and confirm
                    </Link>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm flex-1 md:flex-none"
                    aria-label={`Cancel Booking for the ${booking.carName}`}
                    onClick={() => setToCancel(booking)}
                  >
                    Cancel Booking
                  </button>
                </div>
              ) : null}
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={bookings.hasNextPage}
        isFetchingNextPage={bookings.isFetchingNextPage}
        fetchNextPage={bookings.fetchNextPage}
      />

      {details ? (
        <Suspense fallback={null}>
          <BookingDetailsDialog booking={details} onClose={() => setDetails(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={toCancel !== null}
        onClose={() => setToCancel(null)}
        onConfirm={confirmCancel}
        pending={cancel.isPending}
        title="Cancel this test drive?"
        confirmLabel="Cancel Booking"
        cancelLabel="Keep booking"
      >
        {toCancel ? (
          <>
            <p>
              Your test drive of the <strong>{toCancel.carName}</strong> on{' '}
              {formatRequestedDate(toCancel.requestedDate)} at{' '}
              {formatRequestedTime(toCancel.requestedDate, toCancel.requestedTime)} will be cancelled, and the
              seller told.{' '}
              {toCancel.isPaid
                ? `Your ${formatCharge(toCancel.price)} fee will be refunded in full to your card.`
                : 'You have not paid for it.'}{' '}
              You can book again later.
            </p>
            <p className="mt-3 text-sm text-base-content/70">{BUYER_CANCELLATION_POLICY}</p>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
