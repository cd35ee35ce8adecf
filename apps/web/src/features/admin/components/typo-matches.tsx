import type { CarNameMapping } from '@redline/shared';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { toast } from '../../../lib/toast.ts';
import { reviewTypoMatch, useCatalogueChange } from '../api/change-vehicle-catalogue.ts';
import { useTypoMatches } from '../api/get-typo-matches.ts';

const COLUMNS = [
  'Sellers wrote',
  'Shown as',
  'Cars',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

const written = (match: CarNameMapping) => `${match.brand} ${match.model}`;

/**
 * The cars the mapping linked by a typo ("chevroelt" as Chevrolet), for an admin to confirm (the
 * spelling becomes an alias) or undo (the cars show the seller's words again, as "other").
 */
export function TypoMatches() {
  const matches = useTypoMatches();
  const review = useCatalogueChange(reviewTypoMatch);

  if (matches.isPending) return <ListSkeleton label="Loading the typo matches" />;
  if (matches.isError)
    return (
      <ErrorState
        message={`Could not load the typo matches. ${matches.error.message}`}
        onRetry={() => matches.refetch()}
      />
    );
  if (matches.data.items.length === 0)
    return (
      <EmptyState title="Nothing to review">
        Every typo match of the cars' mapping has been reviewed.
      </EmptyState>
    );

  const decide = (match: CarNameMapping, verdict: 'confirmed' | 'undone') =>
    review.mutate(
      { id: match.id, review: verdict },
      {
        onSuccess: () =>
          toast.success(
            verdict === 'confirmed'
              ? `Confirmed: ${written(match)}`
              : `Undone: ${written(match)} is other again`,
          ),
      },
    );

  return (
    <StackTable caption="Typo matches to review" columns={COLUMNS}>
      {matches.data.items.map((match) => (
        <StackRow key={match.id}>
          <StackCell label="Sellers wrote">
            <span className="font-medium">{written(match)}</span>
          </StackCell>
          <StackCell label="Shown as">
            {match.shownBrand} {match.shownModel}
          </StackCell>
          <StackCell label="Cars">{match.cars}</StackCell>
          <StackCell actions>
            <button
              type="button"
              className="btn btn-primary btn-sm flex-1 md:flex-none"
              aria-label={`Confirm ${written(match)}`}
              disabled={review.isPending}
              onClick={() => decide(match, 'confirmed')}
            >
              Confirm
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm flex-1 md:flex-none"
              aria-label={`Undo ${written(match)}`}
              disabled={review.isPending}
              onClick={() => decide(match, 'undone')}
            >
              Undo
            </button>
          </StackCell>
        </StackRow>
      ))}
    </StackTable>
  );
}
