import { displayPhone, formatRequestedDate, formatRequestedTime } from '@redline/shared';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { NameWithBadge } from '../../../components/ui/verified-badge.tsx';
import { useSellerBookings } from '../api/get-seller-bookings.ts';

const COLUMNS = ['Car', 'Buyer', 'Requested', 'City', 'Payment and contact'];

/**
 * Test drives booked on the seller's cars. The buyer's phone number arrives from the server only
 * once the booking is paid, so the seller calls only buyers who committed.
 */
export function SellerRequestsList({ email }: { email: string }) {
  const requests = useSellerBookings(email);

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
            </StackCell>
            <StackCell label="Requested">
              <span className="whitespace-nowrap">{formatRequestedDate(booking.requestedDate)}</span>
              <span className="block whitespace-nowrap text-base-content/70">
                {formatRequestedTime(booking.requestedDate, booking.requestedTime)}
              </span>
            </StackCell>
            <StackCell label="City">{booking.requestedLocation}</StackCell>
            <StackCell label="Payment">
              {booking.isPaid ? (
                <span className="badge badge-success badge-sm font-semibold">Paid</span>
              ) : (
                <span className="badge badge-ghost badge-sm whitespace-nowrap">Not paid yet</span>
              )}
              <span className="mt-1 block text-sm">
                {booking.buyerPhone ? (
                  <PhoneLink phone={booking.buyerPhone} />
                ) : (
                  <span className="text-base-content/70">Phone shown once paid</span>
                )}
              </span>
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={requests.hasNextPage}
        isFetchingNextPage={requests.isFetchingNextPage}
        fetchNextPage={requests.fetchNextPage}
      />
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
