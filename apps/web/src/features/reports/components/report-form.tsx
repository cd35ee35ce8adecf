import { REPORT_REASONS, type ReportInput, type reportInputSchema } from '@redline/shared';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions } from '../../../components/ui/modal.tsx';
import { ReportFields } from '../../../components/ui/report-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportCar } from '../api/report-car.ts';

export const REPORTED_MESSAGE = 'Your report has been submitted. Admin will preview this post. Thanks';

type ReportFormProps = {
  carId: string;
  /** The report went in, or the buyer had already reported this car. */
  onReported: () => void;
  onCancel: () => void;
};

export function ReportForm({ carId, onReported, onCancel }: ReportFormProps) {
  const report = useReportCar();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof reportInputSchema>, unknown, ReportInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.reportInputSchema)),
    defaultValues: { carId, details: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const details = useWatch({ control, name: 'details' }) ?? '';

  const onSubmit = handleSubmit((values) =>
    report.mutate(values, {
      onSuccess: () => {
        toast.success(REPORTED_MESSAGE);
        onReported();
      },
      onError: (error) => {
        setServerFieldErrors(error, setError, ['reason', 'details']);
        // Already reported: the toast says so, and there is nothing left to do here.
        if (error instanceof ApiError && error.status === 409) onReported();
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <ReportFields
        id="report"
        legend="What is wrong with this post?"
        reasons={REPORT_REASONS}
        reason={register('reason')}
        details={register('details')}
        detailsRequired={reason === 'Other'}
        detailsLength={details.length}
        placeholder="What did you notice? Anything that helps the admin check this post."
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
