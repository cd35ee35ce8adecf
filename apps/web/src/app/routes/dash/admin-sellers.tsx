import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function AdminSellersPage() {
  return (
    <div>
      <PageTitle title="All Sellers" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">All Sellers</h1>
    </div>
  );
}
