import { useIsMutating } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { reportReviewMutationKey } from '../api/report-review.ts';

// Loaded when someone opens it, not with the seller's page: its validation and form library.
const ReportReviewForm = lazy(() =>
  import('./report-review-form.tsx').then((m) => ({ default: m.ReportReviewForm })),
);

/** "Report": a reason and details, once per person and review; the admins may then hide it. */
export function ReportReviewButton({ reviewId, buyerName }: { reviewId: string; buyerName: string }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const pending = useIsMutating({ mutationKey: reportReviewMutationKey }) > 0;

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-xs text-base-content/75"
        aria-haspopup="dialog"
        aria-label={reported ? `Reported the review by ${buyerName}` : `Report the review by ${buyerName}`}
        disabled={reported}
        onClick={() => setOpen(true)}
      >
        {reported ? 'Reported' : 'Report'}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        busy={pending}
        loadingLabel="Loading the report form"
        title="Report this review"
        description={`Tell the admins what is wrong with the review by ${buyerName}. They read every report.`}
      >
        <ReportReviewForm
          reviewId={reviewId}
          onReported={() => {
            setReported(true);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
