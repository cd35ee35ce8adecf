import { REPORT_DETAILS_MAX_LENGTH } from '@redline/shared';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { setServerFieldErrors } from '../../lib/form-errors.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { toast } from '../../lib/toast.ts';
import { ChoiceFieldset, controlA11y, Field, TextAreaField } from './form-field.tsx';
import { DialogActions } from './modal.tsx';

/** What every report carries (the shared `reportInput`), besides what names its subject. */
export type ReportValues = { reason: string; details: string };

export type ReportFormProps<Values extends ReportValues> = {
  /** Prefixes the fields' ids: `report`, `review-report`. */
  id: string;
  legend: string;
  reasons: readonly string[];
  /** The reasons as a drop-down list instead of radio buttons. */
  reasonsAsList?: boolean;
  placeholder: string;
  /** The fields that name the subject, when the schema wants them in the form (a car's `carId`). */
  subject?: Partial<Values>;
  /** The schema, loaded on the first validation (lib/lazy-resolver.ts). */
  loadSchema: () => Promise<z.ZodType<Values, Partial<ReportValues>>>;
  /** Sends the report; a failure is toasted in one place (lib/query-client.ts). */
  send: (values: Values) => Promise<unknown>;
  pending: boolean;
  reportedMessage: string;
  /** The report went in, or the caller had already reported this subject. */
  onReported: () => void;
  onCancel: () => void;
};

/** A report to the admins: its reason, its details ("Other" needs them), toasted once it went in. */
export function ReportForm<Values extends ReportValues>({
  id,
  legend,
  reasons,
  reasonsAsList = false,
  placeholder,
  subject,
  loadSchema,
  send,
  pending,
  reportedMessage,
  onReported,
  onCancel,
}: ReportFormProps<Values>) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<Partial<ReportValues>, unknown, Values>({
    resolver: lazyZodResolver(loadSchema),
    defaultValues: { ...subject, details: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const details = useWatch({ control, name: 'details' }) ?? '';

  const onSubmit = handleSubmit((values) =>
    send(values).then(
      () => {
        toast.success(reportedMessage);
        onReported();
      },
      (error: unknown) => {
        setServerFieldErrors(error, setError, ['reason', 'details']);
        // Already reported: the toast says so, and there is nothing left to do here.
        if (error instanceof ApiError && error.status === 409) onReported();
      },
    ),
  );

  const ReasonField = reasonsAsList ? ReasonList : ReasonRadios;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <ReasonField
        id={id}
        legend={legend}
        reasons={reasons}
        field={register('reason')}
        error={errors.reason?.message}
      />
      <TextAreaField
        id={`${id}-details`}
        label={reason === 'Other' ? 'Details' : 'Details (optional)'}
        rows={4}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        placeholder={placeholder}
        hint={`${details.length}/${REPORT_DETAILS_MAX_LENGTH} characters`}
        error={errors.details?.message}
        {...register('details')}
      />
      <DialogActions onCancel={onCancel} confirmLabel="Submit report" pending={pending} tone="danger" />
    </form>
  );
}

type ReasonFieldProps = {
  id: string;
  legend: string;
  reasons: readonly string[];
  field: UseFormRegisterReturn;
  error: string | undefined;
};

/** The reasons as radio buttons, one per line. */
function ReasonRadios({ id, legend, reasons, field, error }: ReasonFieldProps) {
  return (
    <ChoiceFieldset id={`${id}-reason`} legend={legend} error={error}>
      <div className="flex flex-col gap-1">
        {reasons.map((option, index) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-3 rounded-box border border-base-300 px-3 py-2.5 transition hover:bg-base-200 has-checked:border-primary has-checked:bg-primary/5"
          >
            <input
              type="radio"
              className="radio radio-primary radio-sm"
              value={option}
              data-autofocus={index === 0 ? true : undefined}
              {...field}
            />
            <span className="text-sm font-medium">{option}</span>
          </label>
        ))}
      </div>
    </ChoiceFieldset>
  );
}

/** The reasons as a drop-down list, none chosen at first. */
function ReasonList({ id, legend, reasons, field, error }: ReasonFieldProps) {
  const selectId = `${id}-reason`;
  return (
    <Field id={selectId} label={legend} error={error}>
      <select
        className="select w-full"
        defaultValue=""
        data-autofocus
        {...controlA11y(selectId, error)}
        {...field}
      >
        <option value="" disabled>
          Choose a reason
        </option>
        {reasons.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}
