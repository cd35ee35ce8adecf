import {
  MESSAGE_MAX_LENGTH,
  type ReviewableBooking,
  type ReviewInput,
  type reviewInputSchema,
} from '@redline/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { charactersLeft } from '../../../components/ui/characters-left.ts';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { DialogActions } from '../../../components/ui/modal.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { usePostReview } from '../api/post-review.ts';
import { RATINGS } from './review-summary.tsx';
import { StarInput } from './star-input.tsx';

export const REVIEWED_MESSAGE = 'Thanks: your review is on the seller’s page.';

type ReviewFormProps = {
  booking: ReviewableBooking;
  onReviewed: () => void;
  onCancel: () => void;
};

/** The buyer's review of a test drive: the three ratings in stars, and a text (the messages' rules). */
export function ReviewForm({ booking, onReviewed, onCancel }: ReviewFormProps) {
  const post = usePostReview();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<z.input<typeof reviewInputSchema>, unknown, ReviewInput>({
    resolver: lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.reviewInputSchema)),
    defaultValues: { bookingId: booking.bookingId, body: '' },
  });
  const body = useWatch({ control, name: 'body' }) ?? '';

  const onSubmit = handleSubmit((values) =>
    post.mutate(values, {
      onSuccess: () => {
        toast.success(REVIEWED_MESSAGE);
        onReviewed();
      },
      onError: (error) =>
        setServerFieldErrors(error, setError, ['experience', 'accuracy', 'communication', 'body']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      {RATINGS.map(({ key, label }, index) => (
        <Controller
          key={key}
          control={control}
          name={key}
          render={({ field, fieldState }) => (
            <StarInput
              label={label}
              value={typeof field.value === 'number' ? field.value : undefined}
              onChange={field.onChange}
              error={fieldState.error?.message}
              autoFocus={index === 0}
            />
          )}
        />
      ))}
      <TextAreaField
        id="review-body"
        label="Your review"
        rows={5}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={`How did the test drive with ${booking.sellerName} go? Was the car as described?`}
        hint={charactersLeft(body.length, MESSAGE_MAX_LENGTH) || 'Shown on the seller’s page with your name.'}
        error={errors.body?.message}
        {...register('body')}
      />
      <DialogActions onCancel={onCancel} confirmLabel="Publish review" pending={post.isPending} />
    </form>
  );
}
