import { PageHead } from '../../../components/ui/page-head.tsx';
import { PageProgress } from '../../../components/ui/progress-bar.tsx';
import { SellerRequestsList } from '../../../features/bookings/index.ts';
import { useMe } from '../../../lib/auth.ts';

export default function SellerRequestsPage() {
  const me = useMe();
  return (
    <div>
      <PageHead
        title="Test drive requests"
        description="The test drives buyers have booked for your cars on Redline."
      />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Test drive requests</h1>
        <p className="mt-1 text-base-content/75">
          Buyers who booked a test drive of your cars. Their phone number shows once they have paid.
        </p>
      </header>
      {me.data ? (
        <SellerRequestsList email={me.data.email} />
      ) : (
        <PageProgress label="Loading test drive requests" />
      )}
    </div>
  );
}
