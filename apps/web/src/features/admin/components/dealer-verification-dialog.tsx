/**
 * An admin's look at a dealer: its verification history (who verified or revoked it, why, when; the
 * drops a new name or address caused), and a note with which to verify or revoke it.
 */
import type { DealerVerification, ListedSeller } from '@redline/shared';
import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { DialogActions, Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDealerVerifications } from '../api/get-dealer-verifications.ts';
import { useSetDealerVerification } from '../api/set-dealer-verification.ts';

const ACTION_WORDS: Record<DealerVerification['action'], string> = {
  verified: 'Verified',
  revoked: 'Revoked',
  dropped: 'Dropped',
};

type Dealer = NonNullable<ListedSeller['dealer']>;

export function DealerVerificationDialog({
  seller,
  dealer,
  onClose,
}: {
  seller: Pick<ListedSeller, 'id' | 'name'>;
  dealer: Dealer;
  onClose: () => void;
}) {
  const history = useDealerVerifications(seller.id);
  const set = useSetDealerVerification();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = !dealer.verified;

  const submit = () => {
    if (note.trim() === '') {
      setError(verify ? 'Say what you checked' : 'Say why');
      return;
    }
    set.mutate(
      { id: seller.id, verified: verify, note },
      {
        onSuccess: () => {
          toast.success(
            verify
              ? `${dealer.businessName} is a verified dealer`
              : `${dealer.businessName} is no longer verified`,
          );
          onClose();
        },
        // Any other failure is a toast (lib/query-client.ts).
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields?.note) setError(failure.fields.note);
        },
      },
    );
  };

  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Modal
      open
      onClose={onClose}
      title={dealer.businessName}
      description={`Dealer of ${seller.name}`}
      busy={set.isPending}
    >
      <h3 className="text-sm font-semibold">Verification history</h3>
      {history.isPending ? (
        <ListSkeleton label="Loading the history" />
      ) : history.isError ? (
        <ErrorState
          message={`Could not load the history. ${history.error.message}`}
          onRetry={() => history.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="mt-1 text-sm text-base-content/70">Never verified.</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2 text-sm" aria-label="Verification history">
          {entries.map((entry) => (
            <li key={`${entry.at}-${entry.action}`} className="rounded-box bg-base-200 p-2">
              <p>
                <span className="font-semibold">{ACTION_WORDS[entry.action]}</span>
                {entry.admin ? ` by ${entry.admin.name}` : ''}, <LocalDate value={entry.at} />
              </p>
              <p className="whitespace-pre-line text-base-content/80">{entry.note}</p>
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton
        hasNextPage={history.hasNextPage}
        isFetchingNextPage={history.isFetchingNextPage}
        fetchNextPage={history.fetchNextPage}
      />
      <div className="mt-4">
        <TextAreaField
          id="dealer-verification-note"
          label={verify ? 'What you checked' : 'Why you revoke it'}
          rows={3}
          value={note}
          error={error}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
        />
      </div>
      <DialogActions
        onCancel={onClose}
        confirmLabel={verify ? 'Verify dealer' : 'Revoke verification'}
        tone={verify ? 'primary' : 'danger'}
        onConfirm={submit}
        pending={set.isPending}
      />
    </Modal>
  );
}
