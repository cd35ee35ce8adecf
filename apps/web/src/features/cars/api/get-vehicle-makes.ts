import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vehicleMakesQuery } from '../../../lib/vehicle-catalogue.ts';

/** The catalogue's makes that best match `q` (names, aliases, a typo); the last answer stays while the next comes. */
export function useVehicleMakes(q: string) {
  return useQuery({ ...vehicleMakesQuery(q), enabled: q !== '', placeholderData: keepPreviousData });
}
