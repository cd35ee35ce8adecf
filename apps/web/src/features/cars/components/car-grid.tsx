import type { DealRating } from '@redline/shared';
import type { ReactNode } from 'react';
import { gridImageLoading } from '../../../components/ui/image-loading.ts';
import { CarCard, type CarCardData, CarCardSkeleton } from './car-card.tsx';

/** 1 card per row on phones, 2 on medium screens, 3 on large ones (spec section 9). */
export const CAR_GRID_CLASS = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

type CarGridProps = {
  /** A search's cars carry their distance from its place (`distanceKm`) and their deal rating, which their cards show. */
  cars: (CarCardData & { distanceKm?: number | null; dealRating?: DealRating })[];
  /** How many of the first cards load their photo at once (they are above the fold). */
  priorityCount?: number;
  headingLevel?: 2 | 3;
  label?: string;
  /** What each card shows beside its seller's name: their rating, which the page reads for the grid. */
  sellerRating?: (sellerId: string) => ReactNode;
};

export function CarGrid({ cars, priorityCount = 0, headingLevel = 3, label, sellerRating }: CarGridProps) {
  return (
    <ul className={CAR_GRID_CLASS} aria-label={label}>
      {cars.map((car, index) => (
        <li key={car.id}>
          <CarCard
            car={car}
            distanceKm={car.distanceKm}
            dealRating={car.dealRating}
            imageLoading={gridImageLoading(index, priorityCount)}
            headingLevel={headingLevel}
            sellerRating={sellerRating?.(car.sellerId)}
          />
        </li>
      ))}
    </ul>
  );
}

export function CarGridSkeleton({ count = 6, label = 'Loading cars' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <ul className={CAR_GRID_CLASS} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <CarCardSkeleton />
          </li>
        ))}
      </ul>
      <span className="sr-only">{label}…</span>
    </div>
  );
}
