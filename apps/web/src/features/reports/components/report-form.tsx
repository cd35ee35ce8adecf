import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  type ReportInput,
  type reportInputSchema,
} from '@redline/shared';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { DialogActions } from '../../../components/ui/modal.tsx';
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
      <fieldset
        className="fieldset"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? 'report-reason-error' : undefined}
      >
        <legend className="fieldset-legend pb-1 text-sm font-medium">What is wrong with this post?</legend>
        <div className="flex flex-col gap-1">
          {REPORT_REASONS.map((option, index) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-box border border-base-300 px-3 py-2.5 transition hover:bg-base-200 has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                className="radio radio-primary radio-sm"
                value={option}
                data-autofocus={index === 0 ? true : undefined}
                {...register('reason')}
              />
              <span className="text-sm font-medium">{option}</span>
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id="report-reason-error" className="text-sm text-error">
            {errors.reason.message}
          </p>
        ) : null}
      </fieldset>

      <TextAreaField
        id="report-details"
        label={reason === 'Other' ? 'Details' : 'Details (optional)'}
        rows={4}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        placeholder="What did you notice? Anything that helps the admin check this post."
        hint={`${details.length}/${REPORT_DETAILS_MAX_LENGTH} characters`}
        error={errors.details?.message}
        {...register('details')}
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
