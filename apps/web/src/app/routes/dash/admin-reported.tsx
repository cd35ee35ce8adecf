import { PageTitle } from '../../../components/ui/page-title.tsx';

export default function AdminReportedPage() {
  return (
    <div>
      <PageTitle title="Reported Items" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reported Items</h1>
    </div>
  );
}
