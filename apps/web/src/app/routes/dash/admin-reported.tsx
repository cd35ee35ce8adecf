import { PageHead } from '../../../components/ui/page-head.tsx';
import { ReportedCarsTable } from '../../../features/admin/index.ts';

export default function AdminReportedPage() {
  return (
    <div>
      <PageHead title="Reported Items" description="The cars reported on Redline, for review." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reported Items</h1>
        <p className="mt-1 text-base-content/75">
          Posts buyers reported. Delete a post that breaks the rules, or dismiss reports that are unfounded.
        </p>
      </header>
      <ReportedCarsTable />
    </div>
  );
}
