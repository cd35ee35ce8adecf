import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getComparedCars = (ids: readonly string[], near: string | undefined, signal?: AbortSignal) =>
  api.get('/cars/compare', { query: { ids: ids.join(','), ...(near ? { near } : {}) }, signal });

export const comparedCarsQueryOptions = (ids: readonly string[], near: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.cars.compare(ids.join(','), near),
    queryFn: ({ signal }) => getComparedCars(ids, near, signal),
  });

/** The cars of a comparison still for sale, in the order of `ids`; with `near`, their distances from there. */
export function useComparedCars(ids: readonly string[], near: string | undefined) {
  return useQuery(comparedCarsQueryOptions(ids, near));
}
