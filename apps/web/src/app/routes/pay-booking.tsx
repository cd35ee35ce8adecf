import { useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import {
  BookingSummary,
  BookingSummarySkeleton,
  type PaidBooking,
  PaymentPage,
  PaymentPanel,
  PaymentReceipt,
  useBooking,
} from '../../features/payments/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useMe } from '../../lib/auth.ts';
import NotFoundPage from './not-found.tsx';

/** `/buyer/bookings/:id`: the buyer pays the test-drive fee of one of their bookings. */
export default function PayBookingPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const booking = useBooking(id);
  const [justPaid, setJustPaid] = useState<PaidBooking | null>(null);

  // Someone else's booking, a cancelled one or a malformed id: the server answers 404 (400).
  const missing =
    (booking.error instanceof ApiError && (booking.error.status === 404 || booking.error.status === 400)) ||
    (booking.data && me.data && booking.data.buyerEmail !== me.data.email);
  if (missing) return <NotFoundPage />;
  const paid = Boolean(booking.data?.isPaid || justPaid);

  return (
    <PaymentPage
      head={{
        title: 'Pay for your test drive',
        description: 'Pay the fee of your Redline test drive booking.',
      }}
      list={{ to: paths.dashBuyerBookings, label: 'My Bookings' }}
      crumb="Payment"
      heading={paid ? 'Your test drive is paid for' : 'Confirm your test drive'}
      lead={
        paid
          ? 'The fee is paid: the seller sees your phone number to arrange the drive, and you are told when they accept it or propose another time. See you behind the wheel.'
          : 'Paying the fee shows the seller you are committed: they see your phone number once it is paid. If the seller declines or the car is sold, the fee is refunded to your card.'
      }
      loads="the booking"
      query={booking}
      pending={
        <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8" aria-busy="true">
          <BookingSummarySkeleton />
          <div className="skeleton min-h-96 w-full" />
          <span role="status" className="sr-only">
            Loading the booking…
          </span>
        </div>
      }
    >
      {() => (
        <>
          <BookingSummary booking={booking.data!} />
          {paid ? (
            <PaymentReceipt
              transactionId={booking.data!.payment?.transactionId ?? justPaid?.transactionId ?? ''}
              paidAt={booking.data!.payment?.paidAt}
              justPaid={justPaid !== null}
            />
          ) : (
            <PaymentPanel paidFor={{ bookingId: booking.data!.id }} onPaid={setJustPaid} />
          )}
        </>
      )}
    </PaymentPage>
  );
}
