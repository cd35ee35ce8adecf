import { PageHead } from '../../../components/ui/page-head.tsx';
import { PaymentsTable } from '../../../features/payments/index.ts';

export default function AdminPaymentsPage() {
  return (
    <div>
      <PageHead title="Payments" description="Every test drive payment made on Redline." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payments</h1>
        <p className="mt-1 text-base-content/75">
          Every test-drive fee received, newest first: who paid whom, for which booking, and the provider's
          transaction.
        </p>
      </header>
      <PaymentsTable />
    </div>
  );
}
