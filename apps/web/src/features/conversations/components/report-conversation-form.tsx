import {
  CONVERSATION_REPORT_REASONS,
  type ConversationReportInput,
  type conversationReportInputSchema,
  REPORT_DETAILS_MAX_LENGTH,
} from '@redline/shared';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { DialogActions } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportConversation } from '../api/report-conversation.ts';

export const CONVERSATION_REPORTED_MESSAGE = 'Thanks: the admins will review this conversation.';

type ReportConversationFormProps = {
  conversationId: string;
  /** The report went in, or the caller had already reported this conversation. */
  onReported: () => void;
  onCancel: () => void;
};

export function ReportConversationForm({
  conversationId,
  onReported,
  onCancel,
}: ReportConversationFormProps) {
  const report = useReportConversation();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof conversationReportInputSchema>, unknown, ConversationReportInput>({
    resolver: lazyZodResolver(() =>
      import('../utils/schemas.ts').then((m) => m.conversationReportInputSchema),
    ),
    defaultValues: { details: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const details = useWatch({ control, name: 'details' }) ?? '';

  const onSubmit = handleSubmit((values) =>
    report.mutate(
      { id: conversationId, ...values },
      {
        onSuccess: () => {
          toast.success(CONVERSATION_REPORTED_MESSAGE);
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
      <div className="fieldset">
        <label htmlFor="conversation-report-reason" className="fieldset-legend pb-1 text-sm font-medium">
          Reason
        </label>
        <select
          id="conversation-report-reason"
          className="select w-full"
          defaultValue=""
          data-autofocus
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'conversation-report-reason-error' : undefined}
          {...register('reason')}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {CONVERSATION_REPORT_REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {errors.reason ? (
          <span id="conversation-report-reason-error" className="text-sm text-error">
            {errors.reason.message}
          </span>
        ) : null}
      </div>

      <TextAreaField
        id="conversation-report-details"
        label={reason === 'Other' ? 'Details' : 'Details (optional)'}
        rows={4}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        placeholder="What happened? Anything that helps the admins."
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
