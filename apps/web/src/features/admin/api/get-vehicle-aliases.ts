import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getVehicleAliases = (makeId: number) =>
  api.get('/vehicles/makes/:makeId/aliases', { params: { makeId } });

/** The aliases of a make and of its models (admin). */
export function useVehicleAliases(makeId: number) {
  return useQuery({ queryKey: queryKeys.vehicles.aliases(makeId), queryFn: () => getVehicleAliases(makeId) });
}
