import { type CarSearchFilters, hasFilters } from '@redline/shared';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useActionOnReturn, useSignInThen } from '../../../lib/account-action.ts';
import { useMe } from '../../../lib/auth.ts';
import { toast } from '../../../lib/toast.ts';
import { saveSearchMutationKey, useSaveSearch } from '../api/save-search.ts';
import { type FilterName, suggestedName } from '../utils/labels.ts';
import { toastSearchSaved } from '../utils/search-saved-toast.ts';

// Loaded when the buyer opens it, not with the search: its validation and form library.
const SaveSearchForm = lazy(() =>
  import('./save-search-form.tsx').then((m) => ({ default: m.SaveSearchForm })),
);

export const NO_FILTERS_HINT = 'Choose a filter or type something to search first';

type SaveSearchButtonProps = {
  /** The search on screen, as a saved search keeps it. */
  filters: CarSearchFilters;
  /** Its filters by the names of the search's chips. */
  names: FilterName[];
};

/**
 * "Save this search", beside the number of cars found: a buyer names the search and chooses when
 * Redline tells of new cars that match it. A visitor's goes to sign in, and the search is saved,
 * under its suggested name, when they come back as a buyer. Nothing for other accounts (only buyers
 * keep searches), nor until the browser knows who is visiting (the server renders the search alike
 * for everyone: app/page-data.ts). A search that narrows nothing cannot be saved: the button says
 * why instead.
 */
export function SaveSearchButton({ filters, names }: SaveSearchButtonProps) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const pending = useIsMutating({ mutationKey: saveSearchMutationKey }) > 0;
  const hintId = useId();
  const save = useSaveSearch();
  const navigate = useNavigate();
  const signIn = useSignInThen('save-search');
  const narrows = hasFilters(filters);
  const isBuyer = me.data?.role === 'Buyer';
  useActionOnReturn('save-search', isBuyer && narrows, () =>
    save.mutate(
      { name: suggestedName(names), filters },
      {
        onSuccess: (saved) => toastSearchSaved(saved.name, navigate),
        onError: (error) => toast.error(error.message),
      },
    ),
  );
  if (!isBuyer && me.data !== null) return null;

  return (
    <>
      <span
        className={narrows ? undefined : 'tooltip tooltip-bottom'}
        data-tip={narrows ? undefined : NO_FILTERS_HINT}
      >
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm gap-1.5"
          aria-haspopup="dialog"
          // Still focusable, so that the reason reaches keyboard and screen reader users too.
          aria-disabled={narrows ? undefined : true}
          aria-describedby={narrows ? undefined : hintId}
          onClick={() => narrows && (me.data ? setOpen(true) : signIn())}
        >
          <BellIcon size={16} />
          Save this search
        </button>
      </span>
      {narrows ? null : (
        <span id={hintId} hidden>
          {NO_FILTERS_HINT}
        </span>
      )}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        busy={pending}
        loadingLabel="Loading the form"
        title="Save this search"
        description="Redline tells you when a new car matches it. Change or delete it any time in your dashboard."
      >
        <SaveSearchForm
          filters={filters}
          name={suggestedName(names)}
          onSaved={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
