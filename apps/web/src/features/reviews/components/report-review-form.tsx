import { REVIEW_REPORT_REASONS, type ReviewReportInput, type reviewReportInputSchema } from '@redline/shared';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions } from '../../../components/ui/modal.tsx';
import { ReportFields } from '../../../components/ui/report-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportReview } from '../api/report-review.ts';

export const REVIEW_REPORTED_MESSAGE = 'Thanks: the admins will look at this review.';

type ReportReviewFormProps = {
  reviewId: string;
  /** The report went in, or the caller had already reported this review. */
  onReported: () => void;
  onCancel: () => void;
};

export function ReportReviewForm({ reviewId, onReported, onCancel }: ReportReviewFormProps) {
  const report = useReportReview();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof reviewReportInputSchema>, unknown, ReviewReportInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.reviewReportInputSchema)),
    defaultValues: { details: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const details = useWatch({ control, name: 'details' }) ?? '';

  const onSubmit = handleSubmit((values) =>
    report.mutate(
      { id: reviewId, ...values },
      {
        onSuccess: () => {
          toast.success(REVIEW_REPORTED_MESSAGE);
          onReported();
        },
        onError: (error) => {
          setServerFieldErrors(error, setError, ['reason', 'details']);
          // Already reported: the toast says so, and there is nothing left to do here.
          if (error instanceof ApiError && error.status === 409) onReported();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <ReportFields
        id="review-report"
        legend="What is wrong with this review?"
        reasons={REVIEW_REPORT_REASONS}
        reason={register('reason')}
        details={register('details')}
        detailsRequired={reason === 'Other'}
        detailsLength={details.length}
        placeholder="What did you notice? Anything that helps the admins."
        errors={{ reason: errors.reason?.message, details: errors.details?.message }}
      />
      <DialogActions
        onCancel={onCancel}
        confirmLabel="Submit report"
        pending={report.isPending}
        tone="danger"
      />
    </form>
  );
}
