import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  type CarSearchFilters,
  SAVED_SEARCHES_MAX,
  searchPathOf,
} from '@redline/shared';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { ConfirmDialog, Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { changeSavedSearchMutationKey, useChangeSavedSearch } from '../api/change-saved-search.ts';
import { useDeleteSavedSearch } from '../api/delete-saved-search.ts';
import { type SavedSearch, useSavedSearches } from '../api/get-saved-searches.ts';
import { type FilterName, FREQUENCY_CHOICES, FREQUENCY_NAMES } from '../utils/labels.ts';

// Loaded when the buyer renames a search: its validation and form library.
const RenameSearchForm = lazy(() =>
  import('./rename-search-form.tsx').then((m) => ({ default: m.RenameSearchForm })),
);

type SavedSearchesListProps = {
  /** A search's filters by the names the search page's chips give them (features/search). */
  namesOf: (filters: CarSearchFilters) => FilterName[];
};

/**
 * The buyer's saved searches, newest first: each with its filters, the day it was saved, when it
 * tells of new cars (changed at once), Show cars, Rename and Delete.
 */
export function SavedSearchesList({ namesOf }: SavedSearchesListProps) {
  const searches = useSavedSearches();
  const change = useChangeSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  // The rename form's own request, or a frequency's.
  const changing = useIsMutating({ mutationKey: changeSavedSearchMutationKey }) > 0;

  if (searches.isPending) return <ListSkeleton label="Loading your saved searches" />;
  if (searches.isError) {
    return (
      <ErrorState
        message={`Could not load your saved searches. ${searches.error.message}`}
        onRetry={() => searches.refetch()}
      />
    );
  }

  const items = searches.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        title="No saved searches yet"
        icon={<BellIcon size={40} />}
        action={
          <Link to={paths.search()} className="btn btn-primary">
            Search cars
          </Link>
        }
      >
        Search for cars, narrow it down with filters, then choose Save this search: Redline tells you when a
        new car matches, at once or in a daily digest.
      </EmptyState>
    );
  }

  // While a new frequency saves, its select shows it.
  const frequencyOf = (search: SavedSearch): AlertFrequency =>
    (change.isPending && change.variables.id === search.id && change.variables.frequency) || search.frequency;

  const setFrequency = (search: SavedSearch, frequency: AlertFrequency) =>
    change.mutate(
      { id: search.id, frequency },
      {
        onSuccess: (changed) =>
          toast.success(
            `“${changed.name}” tells you ${FREQUENCY_CHOICES[changed.frequency].label.toLowerCase()}.`,
          ),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`Deleted “${deleting.name}”.`),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <ul aria-label="Your saved searches" className="flex flex-col gap-4">
        {items.map((search) => (
          <li
            key={search.id}
            className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-6 sm:p-5"
          >
            <h2 className="text-lg font-semibold leading-snug">{search.name}</h2>
            <ul aria-label="Filters" className="flex flex-wrap gap-1.5 sm:col-span-2">
              {namesOf(search.filters).map((filter) => (
                <li
                  key={filter.id}
                  className="max-w-full rounded-full border border-primary/30 bg-primary/10 px-2.5 py-0.5 text-sm font-medium"
                >
                  {filter.label}
                </li>
              ))}
            </ul>
            {/* Beside the name on wide screens; after the filters on phones, as it reads. */}
            <label className="flex items-center justify-between gap-3 text-sm sm:col-start-2 sm:row-start-1">
              <span className="font-medium text-base-content/75">Tell me</span>
              <select
                className="select select-sm w-40"
                aria-label={`Tell me of new cars for “${search.name}”`}
                value={frequencyOf(search)}
                disabled={change.isPending && change.variables.id === search.id}
                onChange={(event) => setFrequency(search, event.target.value as AlertFrequency)}
              >
                {ALERT_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {FREQUENCY_NAMES[frequency]}
                  </option>
                ))}
              </select>
            </label>
            <div className="mt-1 flex flex-col gap-3 border-t border-base-300 pt-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-xs text-base-content/70">
                Saved on <LocalDate value={search.createdAt} />
              </p>
              <div className="flex gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
                <Link
                  to={searchPathOf(search.filters)}
                  className="btn btn-primary btn-sm"
                  aria-label={`Show cars of “${search.name}”`}
                >
                  Show cars
                </Link>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-haspopup="dialog"
                  aria-label={`Rename “${search.name}”`}
                  onClick={() => setRenaming(search)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error"
                  aria-haspopup="dialog"
                  aria-label={`Delete “${search.name}”`}
                  onClick={() => setDeleting(search)}
                >
                  Delete
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-base-content/70">
        You keep {items.length} of {SAVED_SEARCHES_MAX} saved searches.
      </p>

      <Modal
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        busy={changing}
        loadingLabel="Loading the form"
        title="Rename this search"
      >
        {renaming ? <RenameSearchForm search={renaming} onDone={() => setRenaming(null)} /> : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        title="Delete this saved search?"
        confirmLabel="Delete search"
      >
        {deleting ? <p>“{deleting.name}” will no longer tell you of new cars.</p> : null}
      </ConfirmDialog>
    </>
  );
}
