import { MESSAGE_MAX_LENGTH, type ReviewAnswerInput, type reviewAnswerInputSchema } from '@redline/shared';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { charactersLeft } from '../../../components/ui/characters-left.ts';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useAnswerReview } from '../api/answer-review.ts';

export const ANSWERED_MESSAGE = 'Your answer is published under the review.';

type AnswerFormProps = { reviewId: string; buyerName: string; onDone: () => void };

/** The seller's answer to a review: once, public, and never edited (the form says so). */
export function AnswerForm({ reviewId, buyerName, onDone }: AnswerFormProps) {
  const answer = useAnswerReview();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof reviewAnswerInputSchema>, unknown, ReviewAnswerInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.reviewAnswerInputSchema)),
    defaultValues: { body: '' },
  });
  const body = useWatch({ control, name: 'body' }) ?? '';
  const id = `answer-${reviewId}`;

  const onSubmit = handleSubmit((values) =>
    answer.mutate(
      { id: reviewId, ...values },
      {
        onSuccess: () => {
          toast.success(ANSWERED_MESSAGE);
          onDone();
        },
        onError: (error) => setServerFieldErrors(error, setError, ['body']),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-1">
      <TextAreaField
        id={id}
        label={`Your answer to ${buyerName}`}
        rows={4}
        maxLength={MESSAGE_MAX_LENGTH}
        autoFocus
        hint={
          charactersLeft(body.length, MESSAGE_MAX_LENGTH) ||
          'Everyone sees it under the review, and you answer once.'
        }
        error={errors.body?.message}
        {...register('body')}
      />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={answer.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={answer.isPending}>
          {answer.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : null}
          Publish answer
        </button>
      </div>
    </form>
  );
}
