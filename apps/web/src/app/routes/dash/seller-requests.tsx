import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function SellerRequestsPage() {
  return (
    <div>
      <PageTitle title="Test drive requests" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Test drive requests</h1>
    </div>
  );
}
