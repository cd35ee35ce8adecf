import { REVIEW_REPORT_REASONS } from '@redline/shared';
import { ReportDialog } from '../../../components/ui/report-dialog.tsx';
import { useReportReview } from '../api/report-review.ts';

export const REVIEW_REPORTED_MESSAGE = 'Thanks: the admins will look at this review.';

/** "Report": a reason and details, once per person and review; the admins may then hide it. */
export function ReportReviewButton({ reviewId, buyerName }: { reviewId: string; buyerName: string }) {
  const report = useReportReview();
  return (
    <ReportDialog
      label="Report"
      className="btn btn-ghost btn-xs text-base-content/75"
      subjectName={`the review by ${buyerName}`}
      title="Report this review"
      description={`Tell the admins what is wrong with the review by ${buyerName}. They read every report.`}
      id="review-report"
      legend="What is wrong with this review?"
      reasons={REVIEW_REPORT_REASONS}
      placeholder="What did you notice? Anything that helps the admins."
      loadSchema={() => import('../utils/schemas.ts').then((m) => m.reviewReportInputSchema)}
      send={(values) => report.mutateAsync({ id: reviewId, ...values })}
      pending={report.isPending}
      reportedMessage={REVIEW_REPORTED_MESSAGE}
    />
  );
}
