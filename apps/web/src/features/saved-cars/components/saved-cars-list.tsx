import { formatDate, placeName } from '@redline/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CarThumbnail } from '../../../components/ui/car-thumbnail.tsx';
import { CompareToggle } from '../../../components/ui/compare-toggle.tsx';
import { EmptyState, ErrorState, ListSkeleton, LoadMoreButton } from '../../../components/ui/list-states.tsx';
import { StackCell, StackRow, StackTable } from '../../../components/ui/stack-table.tsx';
import { NameWithBadge } from '../../../components/ui/verified-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSavedCars } from '../api/get-saved-cars.ts';
import { useRemoveSavedCar } from '../api/remove-saved-car.ts';
import { REMOVED_MESSAGE } from './save-button.tsx';

const COLUMNS = [
  'Car',
  'Seller',
  'Saved on',
  <span key="actions" className="sr-only">
    Actions
  </span>,
];

/** Saved Cars: the buyer's bookmarks, each with View Details, Compare and Remove from saved. */
export function SavedCarsList({ email }: { email: string }) {
  const saved = useSavedCars(email);
  const remove = useRemoveSavedCar();
  const [removing, setRemoving] = useState<string | null>(null);

  if (saved.isPending) return <ListSkeleton label="Loading your saved cars" />;
  if (saved.isError) {
    return (
      <ErrorState
        message={`Could not load your saved cars. ${saved.error.message}`}
        onRetry={() => saved.refetch()}
      />
    );
  }

  const items = saved.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        title="No saved cars yet"
        action={
          <Link to={paths.categories} className="btn btn-primary">
            Browse cars
          </Link>
        }
      >
        Tap the bookmark on a car's page to keep it here and come back to it later.
      </EmptyState>
    );
  }

  const removeSaved = (carId: string) => {
    setRemoving(carId);
    remove.mutate(carId, {
      onSuccess: () => toast.success(REMOVED_MESSAGE),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <StackTable caption="Your saved cars" columns={COLUMNS}>
        {items.map((savedCar) => (
          <StackRow key={savedCar.car}>
            <StackCell primary>
              <div className="flex items-center gap-3 md:min-w-60">
                <CarThumbnail src={savedCar.carPhoto} name={savedCar.carName} />
                <div className="min-w-0">
                  <p className="font-semibold leading-snug">{savedCar.carName}</p>
                  {savedCar.carLocation ? (
                    <p className="text-xs text-base-content/70">{placeName(savedCar.carLocation)}</p>
                  ) : null}
                </div>
              </div>
            </StackCell>
            <StackCell label="Seller">
              <NameWithBadge
                name={savedCar.carSeller}
                verified={savedCar.carSellerVerified}
                subject="seller"
              />
            </StackCell>
            <StackCell label="Saved on">
              <span className="whitespace-nowrap">{formatDate(savedCar.savedAt)}</span>
            </StackCell>
            <StackCell actions>
              <Link
                to={paths.car(savedCar.car)}
                className="btn btn-primary btn-sm flex-1 md:flex-none"
                aria-label={`View Details of the ${savedCar.carName}`}
              >
                View Details
              </Link>
              <CompareToggle
                car={{ id: savedCar.car, name: savedCar.carName, photo: savedCar.carPhoto }}
                className="btn-sm flex-1 md:flex-none"
              />
              <button
                type="button"
                className="btn btn-outline btn-sm flex-1 md:flex-none"
                aria-label={`Remove from saved: ${savedCar.carName}`}
                disabled={removing === savedCar.car}
                onClick={() => removeSaved(savedCar.car)}
              >
                {removing === savedCar.car ? (
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                ) : null}
                Remove from saved
              </button>
            </StackCell>
          </StackRow>
        ))}
      </StackTable>
      <LoadMoreButton
        hasNextPage={saved.hasNextPage}
        isFetchingNextPage={saved.isFetchingNextPage}
        fetchNextPage={saved.fetchNextPage}
      />
    </>
  );
}
