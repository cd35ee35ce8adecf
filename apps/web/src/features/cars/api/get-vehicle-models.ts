import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getVehicleModels = ({
  makeId,
  q,
  signal,
}: {
  makeId: number;
  q: string;
  signal?: AbortSignal;
}) =>
  api.get('/vehicles/makes/:makeId/models', {
    params: { makeId },
    query: q === '' ? {} : { q },
    signal,
  });

const vehicleModelsQueryOptions = (makeId: number, q: string) =>
  queryOptions({
    queryKey: queryKeys.vehicles.models(makeId, q),
    queryFn: ({ signal }) => getVehicleModels({ makeId, q, signal }),
  });

/**
 * The models of a make of the catalogue: all of them while nothing is typed, else those that best
 * match `q`; none for a make the catalogue lacks (`makeId` null). While the next answer is on its
 * way, the last one of the same make stays.
 */
export function useVehicleModels(makeId: number | null, q: string) {
  return useQuery({
    ...vehicleModelsQueryOptions(makeId ?? 0, q),
    enabled: makeId !== null,
    placeholderData: (previous, query) => (query?.queryKey[2] === makeId ? previous : undefined),
  });
}
