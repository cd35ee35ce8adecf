import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function AdminPaymentsPage() {
  return (
    <div>
      <PageTitle title="Payments" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payments</h1>
    </div>
  );
}
