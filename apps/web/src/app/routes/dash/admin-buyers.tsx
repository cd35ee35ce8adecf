import { PageHead } from '../../../components/ui/page-head.tsx';
import { UsersTable } from '../../../features/admin/index.ts';

export default function AdminBuyersPage() {
  return (
    <div>
      <PageHead title="All Buyers" description="Every buyer on Redline." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">All Buyers</h1>
        <p className="mt-1 text-base-content/75">Verify buyers you have checked, or remove an account.</p>
      </header>
      <UsersTable userRole="Buyer" />
    </div>
  );
}
