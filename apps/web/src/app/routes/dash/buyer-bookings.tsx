import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function BuyerBookingsPage() {
  return (
    <div>
      <PageTitle title="My Bookings" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Bookings</h1>
    </div>
  );
}
