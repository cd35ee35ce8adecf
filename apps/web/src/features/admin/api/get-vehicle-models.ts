import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getVehicleModels = (makeId: number) =>
  api.get('/vehicles/makes/:makeId/models', { params: { makeId } });

/** A make's models, alphabetically. */
export function useVehicleModels(makeId: number) {
  return useQuery({ queryKey: queryKeys.vehicles.models(makeId), queryFn: () => getVehicleModels(makeId) });
}
