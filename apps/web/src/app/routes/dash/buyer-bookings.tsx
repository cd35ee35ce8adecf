import { PageHead } from '../../../components/ui/page-head.tsx';
import { PageProgress } from '../../../components/ui/progress-bar.tsx';
import { BuyerBookingsList } from '../../../features/bookings/index.ts';
import { MyReviews, ReviewableBookings } from '../../../features/reviews/index.ts';
import { useMe } from '../../../lib/auth.ts';

export default function BuyerBookingsPage() {
  const me = useMe();
  return (
    <div>
      <PageHead title="My Bookings" description="Your test drive bookings on Redline, and their payments." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Bookings</h1>
        <p className="mt-1 text-base-content/75">
          Your test drives. Confirm a booking by paying the fee; cancel one until it starts (a paid fee is
          refunded). Once one has taken place, review the seller.
        </p>
      </header>
      <ReviewableBookings />
      {me.data ? <BuyerBookingsList email={me.data.email} /> : <PageProgress label="Loading your bookings" />}
      <MyReviews />
    </div>
  );
}
