import { PageHead } from '../../../components/ui/page-head.tsx';
import { UsersTable } from '../../../features/admin/index.ts';

export default function AdminSellersPage() {
  return (
    <div>
      <PageHead title="All Sellers" description="Every seller on Redline: verify or remove them." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">All Sellers</h1>
        <p className="mt-1 text-base-content/75">
          Verified sellers get a badge next to their name on every car they post.
        </p>
      </header>
      <UsersTable userRole="Seller" />
    </div>
  );
}
