import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getVehicleMakes = ({ q, signal }: { q: string; signal?: AbortSignal }) =>
  api.get('/vehicles/makes', { query: { q }, signal });

const vehicleMakesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.vehicles.makes(q),
    queryFn: ({ signal }) => getVehicleMakes({ q, signal }),
  });

/** The catalogue's makes that best match `q` (names, aliases, a typo); the last answer stays while the next comes. */
export function useVehicleMakes(q: string) {
  return useQuery({ ...vehicleMakesQueryOptions(q), enabled: q !== '', placeholderData: keepPreviousData });
}
