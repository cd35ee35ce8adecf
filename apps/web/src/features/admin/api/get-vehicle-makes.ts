import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vehicleMakesQuery } from '../../../lib/vehicle-catalogue.ts';

/** The catalogue's makes, alphabetically; with a text, those it names best (an alias, a typo). */
export function useVehicleMakes(q = '') {
  return useQuery({ ...vehicleMakesQuery(q), placeholderData: keepPreviousData });
}
