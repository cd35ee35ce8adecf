import { PageHead } from '../../../components/ui/page-head.tsx';
import { ReportedConversationsTable } from '../../../features/admin/index.ts';

export default function AdminReportedConversationsPage() {
  return (
    <div>
      <PageHead title="Reported conversations" description="Conversations reported on Redline, for review." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reported conversations</h1>
        <p className="mt-1 text-base-content/75">
          Conversations a buyer or seller reported. You can read them until you dismiss the reports.
        </p>
      </header>
      <ReportedConversationsTable />
    </div>
  );
}
