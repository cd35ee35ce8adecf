import {
  type Booking,
  displayPhone,
  formatCharge,
  formatRequestedDate,
  formatRequestedTime,
} from '@redline/shared';
import { useState } from 'react';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { NameWithBadge } from '../../../components/ui/verified-badge.tsx';
import { toast } from '../../../lib/toast.ts';
import { useBookingStep } from '../api/booking-steps.ts';
import { useSellerBookings } from '../api/get-seller-bookings.ts';
import { BookingStatusBadge, cancelledBecause, FeeBadge, isOpen } from './booking-status.tsx';
import { ProposeTimeDialog } from './propose-time-dialog.tsx';

const COLUMNS = [
  'Car',
  'Buyer and phone',
  'Test drive',
  'Status',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

/**
 * Test drives booked on the seller's cars, to accept, decline or move to another time. The buyer's
 * phone number arrives from the server only once the booking is paid, so the seller calls only
 * buyers who committed.
 */
export function SellerRequestsList({ email }: { email: string }) {
  const requests = useSellerBookings(email);
  const step = useBookingStep();
  const [toPropose, setToPropose] = useState<Booking | null>(null);
  const [toDecline, setToDecline] = useState<Booking | null>(null);

  if (requests.isPending) return <ListSkeleton label="Loading test drive requests" />;
  if (requests.isError) {
    return (
      <ErrorState
        message={`Could not load the test drive requests. ${requests.error.message}`}
        onRetry={() => requests.refetch()}
      />
    );
  }

  const items = requests.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState title="No test drive requests yet">
        When a buyer books a test drive of one of your cars, it appears here with the date, time and city.
      </EmptyState>
    );
  }

  const accept = (booking: Booking) =>
    step.mutate(
      { id: booking.id, step: 'accept' },
      {
        onSuccess: () => toast.success(`Test drive with ${booking.buyerName} accepted`),
      },
    );
  const confirmDecline = () => {
    if (!toDecline) return;
    step.mutate(
      { id: toDecline.id, step: 'decline' },
      {
        onSuccess: () => toast.success('Test drive declined'),
        onSettled: () => setToDecline(null),
      },
    );
  };

  return (
    <>
      <StackTable caption="Test drive requests on your cars" columns={COLUMNS}>
        {items.map((booking) => (
          <StackRow key={booking.id}>
            <StackCell primary>
              <div className="flex items-center gap-3 md:min-w-60">
                <CarThumbnail src={booking.carPhoto} name={booking.carName} />
                <p className="min-w-0 font-semibold leading-snug">{booking.carName}</p>
              </div>
            </StackCell>
            <StackCell label="Buyer">
              <NameWithBadge name={booking.buyerName} verified={booking.buyerVerified} subject="buyer" />
              <span className="mt-1 block text-sm">
                {booking.buyerPhone ? (
                  <PhoneLink phone={booking.buyerPhone} />
                ) : (
                  <span className="text-base-content/70">Phone shown once paid</span>
                )}
              </span>
            </StackCell>
            <StackCell label="Test drive">
              <span className="whitespace-nowrap">{formatRequestedDate(booking.requestedDate)}</span>
              <span className="block whitespace-nowrap text-base-content/70">
                {formatRequestedTime(booking.requestedDate, booking.requestedTime)}
              </span>
              <span className="block text-base-content/70">{booking.requestedLocation}</span>
            </StackCell>
            <StackCell label="Status">
              <span className="inline-flex flex-wrap justify-end gap-1.5 md:justify-start">
                <BookingStatusBadge booking={booking} />
                <FeeBadge booking={booking} />
              </span>
              {booking.proposal ? (
                <span className="mt-1 block text-sm text-base-content/75">
                  You proposed {formatRequestedDate(booking.proposal.date)} at{' '}
                  {formatRequestedTime(booking.proposal.date, booking.proposal.time)}
                </span>
              ) : null}
              {booking.status === 'cancelled' ? (
                <span className="mt-1 block text-sm text-base-content/75">
                  {cancelledBecause(booking, 'seller')}
                </span>
              ) : null}
            </StackCell>
            <StackCell actions>
              {isOpen(booking) ? (
                <div className="flex w-full flex-wrap gap-2 md:w-auto md:flex-col md:items-stretch">
                  {booking.status === 'requested' ? (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm flex-1 md:flex-none"
                      aria-label={`Accept the test drive of the ${booking.carName} with ${booking.buyerName}`}
                      disabled={step.isPending}
                      onClick={() => accept(booking)}
                    >
                      Accept
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-outline btn-sm flex-1 md:flex-none"
                    aria-label={`Propose another time for the test drive of the ${booking.carName} with ${booking.buyerName}`}
                    onClick={() => setToPropose(booking)}
                  >
                    Propose time
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm flex-1 text-error md:flex-none"
                    aria-label={`Decline the test drive of the ${booking.carName} with ${booking.buyerName}`}
                    onClick={() => setToDecline(booking)}
                  >
                    Decline
                  </button>
                </div>
              ) : null}
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={requests.hasNextPage}
        isFetchingNextPage={requests.isFetchingNextPage}
        fetchNextPage={requests.fetchNextPage}
      />
      <ProposeTimeDialog booking={toPropose} onClose={() => setToPropose(null)} />
      <ConfirmDialog
        open={toDecline !== null}
        onClose={() => setToDecline(null)}
        onConfirm={confirmDecline}
        pending={step.isPending}
        title="Decline this test drive?"
        confirmLabel="Decline"
        cancelLabel="Keep it"
      >
        {toDecline ? (
          <p>
            {toDecline.buyerName} will be told that you declined the test drive of the{' '}
            <strong>{toDecline.carName}</strong> on {formatRequestedDate(toDecline.requestedDate)}.
            {toDecline.isPaid ? ` Their ${formatCharge(toDecline.price)} fee is refunded to their card.` : ''}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** The buyer's phone in international format, dialled on a tap. */
function PhoneLink({ phone }: { phone: string }) {
  const { text, href } = displayPhone(phone);
  return (
    <a href={href} className="link link-primary whitespace-nowrap">
      {text}
    </a>
  );
}
