import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getVehicleMakes = (q: string) => api.get('/vehicles/makes', { query: q ? { q } : {} });

export const vehicleMakesQueryOptions = (q = '') =>
  queryOptions({ queryKey: queryKeys.vehicles.makes(q), queryFn: () => getVehicleMakes(q) });

/** The catalogue's makes, alphabetically; with a text, those it names best (an alias, a typo). */
export function useVehicleMakes(q = '') {
  return useQuery({ ...vehicleMakesQueryOptions(q), placeholderData: keepPreviousData });
}
