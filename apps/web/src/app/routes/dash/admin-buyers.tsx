import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function AdminBuyersPage() {
  return (
    <div>
      <PageTitle title="All Buyers" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">All Buyers</h1>
    </div>
  );
}
