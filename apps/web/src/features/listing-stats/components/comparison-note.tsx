/**
 * How a listing fares beside similar cars for sale, in a sentence; why there is none when there is
 * none (a sold car, or too few similar cars).
 */
import type { ListingCar, ListingComparison } from '@redline/shared';
import { comparisonSentence } from '../utils/listing-figures.ts';

export function ComparisonNote({
  car,
  comparison,
}: {
  car: Pick<ListingCar, 'name' | 'brand' | 'model' | 'status'>;
  comparison: ListingComparison | null;
}) {
  if (comparison) return <p data-testid="comparison">{comparisonSentence(car, comparison)}</p>;
  return (
    <p className="text-base-content/70" data-testid="comparison">
      {car.status === 'sold'
        ? 'Sold: it is no longer compared with the cars for sale.'
        : 'Too few similar cars are for sale to compare it with yet.'}
    </p>
  );
}
