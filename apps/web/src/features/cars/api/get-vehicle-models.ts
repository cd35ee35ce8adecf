import { useQuery } from '@tanstack/react-query';
import { vehicleModelsQuery } from '../../../lib/vehicle-catalogue.ts';

/**
 * The models of a make of the catalogue: all of them while nothing is typed, else those that best
 * match `q`; none for a make the catalogue lacks (`makeId` null). While the next answer is on its
 * way, the last one of the same make stays.
 */
export function useVehicleModels(makeId: number | null, q: string) {
  return useQuery({
    ...vehicleModelsQuery(makeId ?? 0, q),
    enabled: makeId !== null,
    placeholderData: (previous, query) => (query?.queryKey[2] === makeId ? previous : undefined),
  });
}
