import type { ReportedReview } from '@redline/shared';
import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { DialogActions, Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetReviewVisibility } from '../api/set-review-visibility.ts';

/** An admin hides a review, or shows a hidden one again, with a note that the log keeps. */
export function VisibilityDialog({ reported, onClose }: { reported: ReportedReview; onClose: () => void }) {
  const set = useSetReviewVisibility();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hide = !reported.review.hidden;

  const submit = () => {
    if (note.trim() === '') {
      setError('Say why');
      return;
    }
    set.mutate(
      { id: reported.review.id, hidden: hide, note },
      {
        onSuccess: () => {
          toast.success(hide ? 'Review hidden: only its author and the admins see it' : 'Review shown again');
          onClose();
        },
        // Any other failure is a toast (lib/query-client.ts).
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields?.note) setError(failure.fields.note);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={set.isPending}
      title={hide ? 'Hide this review' : 'Show this review again'}
      description={
        hide
          ? `The review by ${reported.review.buyerName} of ${reported.sellerName} leaves their page and their figures.`
          : `The review by ${reported.review.buyerName} returns to ${reported.sellerName}'s page and figures.`
      }
    >
      <TextAreaField
        id="review-visibility-note"
        label="Note for the log"
        rows={3}
        maxLength={500}
        data-autofocus
        placeholder={hide ? 'Why it breaks the rules' : 'Why it may show again'}
        value={note}
        error={error}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
      />
      <DialogActions
        onCancel={onClose}
        confirmLabel={hide ? 'Hide review' : 'Show review'}
        onConfirm={submit}
        pending={set.isPending}
        tone={hide ? 'danger' : 'primary'}
      />
    </Modal>
  );
}
