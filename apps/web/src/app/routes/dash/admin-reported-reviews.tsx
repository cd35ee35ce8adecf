import { PageHead } from '../../../components/ui/page-head.tsx';
import { ReportedReviewsTable } from '../../../features/reviews/index.ts';

export default function AdminReportedReviewsPage() {
  return (
    <div>
      <PageHead title="Reported reviews" description="Reviews of sellers reported on Redline, for review." />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reported reviews</h1>
        <p className="mt-1 text-base-content/75">
          Reviews someone reported, and those you hid. Hide one that breaks the rules, or dismiss unfounded
          reports; a seller cannot delete a review.
        </p>
      </header>
      <ReportedReviewsTable />
    </div>
  );
}
