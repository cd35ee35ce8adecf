/**
 * The car search as a page shows it: the number of cars found, a Classics switch, the sort order, the
 * filters (a side column on large screens, a dialog on smaller ones), the active filters as chips, the cars a page
 * at a time, and an empty state that loosens the search. Its state is the page's address
 * (use-search-state.ts). Features do not import each other: the page hands over how cars are shown,
 * and what saves the search.
 */
import type { CarSearchFilters, CarSearchItem, SearchSort } from '@redline/shared';
import { CLASSIC_AGE_YEARS, formatNumber } from '@redline/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { FiltersIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, MorePages } from '../../../components/ui/list-states.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useSearchCars } from '../api/search-cars.ts';
import { useSearchState } from '../hooks/use-search-state.ts';
import { type FilterName, filterChips, filterNames } from '../utils/filter-chips.ts';
import {
  defaultSort,
  EMPTY_SEARCH,
  filtersOf,
  type SearchState,
  withoutPlace,
} from '../utils/search-params.ts';
import { ActiveFilters } from './active-filters.tsx';
import { SearchFilters } from './search-filters.tsx';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest listings',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  km_asc: 'Lowest mileage',
  year_desc: 'Newest model year',
  distance: 'Nearest first',
  best_deal: 'Best deal',
};

const carsText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'car' : 'cars'}`;

/** The search on screen as a saved search keeps it, and its filters by their chips' names. */
export type SearchToSave = { filters: CarSearchFilters; names: FilterName[] };

type CarSearchProps = {
  /** A category's page: the search is within that category. */
  fixedCategory?: string;
  /** A dealer's page: the search is within its cars. */
  fixedSeller?: string;
  /** The cars found, shown as the page shows cars (with `near`, each with its distance). */
  renderCars: (cars: CarSearchItem[]) => ReactNode;
  /** What shows while the first cars load. */
  loading: ReactNode;
  /** What shows when there are no cars at all, with no filter to loosen. */
  noCars: ReactNode;
  /** Beside the number of cars found: what saves the search. */
  renderSave?: (search: SearchToSave) => ReactNode;
  /**
   * Told the ids of each page of cars once it is on screen (after the render), again at each render:
   * the listener keeps what it was told. Not told an earlier search's cars shown while the next loads.
   */
  onPageShown?: (carIds: string[]) => void;
};

export function CarSearch({
  fixedCategory,
  fixedSeller,
  renderCars,
  loading,
  noCars,
  renderSave,
  onPageShown,
}: CarSearchProps) {
  const [state, search, pending] = useSearchState(fixedCategory, fixedSeller);
  const result = useSearchCars(state);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The cars shown are an earlier search's while the new one loads, or while the page catches up.
  const busy = result.isPlaceholderData || pending;
  const pages = result.data?.pages;
  useEffect(() => {
    if (busy || !onPageShown) return;
    for (const page of pages ?? []) onPageShown(page.items.map((car) => car.id));
  }, [busy, pages, onPageShown]);
  const first = result.data?.pages[0];
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  const units = useUnitSystem();
  const chips = filterChips(state, first?.facets, units, fixedCategory);
  const clearAll = () =>
    search((current) => ({
      ...EMPTY_SEARCH,
      category: fixedCategory === undefined ? [] : [fixedCategory],
      seller: fixedSeller,
      // The order stays, unless it ranks by the text or from the place, both cleared.
      sort: current.sort === 'relevance' ? undefined : withoutPlace(current).sort,
    }));
  // A ZIP code the API does not know is said at its field; the rest of the page stands.
  const placeError = result.error instanceof ApiError && !result.data ? result.error.fields?.near : undefined;
  const filters = (
    <SearchFilters
      state={state}
      facets={first?.facets}
      fixedCategory={fixedCategory}
      placeError={placeError}
      onSearch={search}
    />
  );
  const lastChip = chips.at(-1);
  const toSave = filtersOf(state);

  let body: ReactNode;
  if (result.isPending) body = loading;
  else if (placeError) {
    body = (
      <EmptyState
        title={placeError}
        action={
          <button type="button" className="btn btn-primary btn-sm" onClick={() => search(withoutPlace)}>
            Search nationwide
          </button>
        }
      >
        Check the ZIP code in the filters, or search without a place.
      </EmptyState>
    );
  } else if (!result.data) {
    body = (
      <ErrorState
        message={`Could not load the cars. ${result.error?.message ?? ''}`}
        onRetry={() => result.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = lastChip ? (
      <EmptyState
        title="No cars match your search"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => search(() => lastChip.without)}
            >
              Remove {lastChip.label}
            </button>
            {chips.length > 1 ? (
              <button type="button" className="btn btn-ghost btn-sm" onClick={clearAll}>
                Clear all filters
              </button>
            ) : null}
          </div>
        }
      >
        Loosen the search to see more cars: remove a filter, or start again.
      </EmptyState>
    ) : (
      noCars
    );
  } else {
    body = (
      <>
        <div aria-busy={busy} className={busy ? 'opacity-60' : ''}>
          {renderCars(items)}
        </div>
        <MorePages
          shown={items.length}
          total={first?.total ?? items.length}
          pages={result.data.pages.length}
          noun={['car', 'cars']}
          hasNextPage={result.hasNextPage}
          isFetchingNextPage={result.isFetchingNextPage}
          fetchNextPage={result.fetchNextPage}
        />
      </>
    );
  }

  return (
    <div className="xl:grid xl:grid-cols-[15rem_minmax(0,1fr)] xl:gap-10">
      <aside aria-label="Filters" className="hidden xl:block">
        <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto pr-2 pb-6">{filters}</div>
      </aside>
      <div className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {/* As tall as "Save this search", which comes once the visitor is known: nothing moves then. */}
          <div className="flex min-h-8 flex-wrap items-center gap-x-4 gap-y-2">
            <p className="text-lg font-semibold" role="status">
              {first ? (
                carsText(first.total)
              ) : (
                <span className="skeleton inline-block h-6 w-24 align-middle" />
              )}
            </p>
            {renderSave?.({ filters: toSave, names: filterNames(toSave, first?.facets, units) })}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={`btn btn-sm rounded-full ${state.classic ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={state.classic}
              title={`Cars over ${CLASSIC_AGE_YEARS} years old`}
              onClick={() => search((current) => ({ ...current, classic: !current.classic }))}
            >
              Classics
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm gap-2 xl:hidden"
              aria-haspopup="dialog"
              onClick={() => setFiltersOpen(true)}
            >
              <FiltersIcon size={16} />
              Filters
              {chips.length > 0 ? (
                <span className="badge badge-primary badge-sm">
                  {chips.length}
                  <span className="sr-only"> active</span>
                </span>
              ) : null}
            </button>
            <SortSelect state={state} onSort={(sort) => search((current) => ({ ...current, sort }))} />
          </div>
        </div>
        <ActiveFilters chips={chips} onRemove={(chip) => search(() => chip.without)} onClear={clearAll} />
        {body}
      </div>
      <Modal open={filtersOpen} onClose={() => setFiltersOpen(false)} title="Filters">
        {filters}
        <button
          type="button"
          className="btn btn-primary btn-block mt-6"
          onClick={() => setFiltersOpen(false)}
        >
          {first ? `Show ${carsText(first.total)}` : 'Done'}
        </button>
      </Modal>
    </div>
  );
}

function SortSelect({
  state,
  onSort,
}: {
  state: SearchState;
  onSort: (sort: SearchSort | undefined) => void;
}) {
  const fallback = defaultSort(state);
  const sorts = (Object.keys(SORT_LABELS) as SearchSort[]).filter(
    (sort) => (sort !== 'relevance' || state.q) && (sort !== 'distance' || state.near),
  );
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="whitespace-nowrap text-base-content/70">Sort by</span>
      <select
        className="select select-sm w-auto"
        value={state.sort ?? fallback}
        onChange={(event) => {
          const sort = event.target.value as SearchSort;
          onSort(sort === fallback ? undefined : sort);
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}
