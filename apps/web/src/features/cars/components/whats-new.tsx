import type { ReactNode } from 'react';
import { CarIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { useAdvertisedCars } from '../api/get-advertised-cars.ts';
import type { CarCardData } from './car-card.tsx';
import { CarGridSkeleton } from './car-grid.tsx';

/**
 * The home page's What's New: advertised, unsold cars as cards, newest advertisement first; the page
 * draws the cards (`renderCars`, labelled "New arrivals"), with what it adds to them.
 */
export function WhatsNew({ renderCars }: { renderCars: (cars: CarCardData[]) => ReactNode }) {
  const advertised = useAdvertisedCars();
  const cars = advertised.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="whats-new-title" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
      <div className="mb-8 max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Just listed</p>
        <h2 id="whats-new-title" className="mt-1 text-3xl font-bold tracking-tight">
          What's New
        </h2>
        <p className="mt-2 text-base-content/75">
          Fresh arrivals our sellers are featuring this week, each declared free of accidents, litigation and
          odometer tampering by its seller.
        </p>
      </div>

      {advertised.isPending ? (
        <CarGridSkeleton count={3} label="Loading new arrivals" />
      ) : advertised.isError ? (
        <ErrorState
          message={`Could not load the new arrivals. ${advertised.error.message}`}
          onRetry={() => advertised.refetch()}
        />
      ) : cars.length === 0 ? (
        <EmptyState title="No featured cars right now" icon={<CarIcon />}>
          New arrivals appear here as soon as sellers feature them. Browse the categories in the meantime.
        </EmptyState>
      ) : (
        <>
          {renderCars(cars)}
          <div className="mt-4">
            <LoadMoreButton
              hasNextPage={advertised.hasNextPage}
              isFetchingNextPage={advertised.isFetchingNextPage}
              fetchNextPage={advertised.fetchNextPage}
            />
          </div>
        </>
      )}
    </section>
  );
}
