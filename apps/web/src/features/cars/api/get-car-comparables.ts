import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getCarComparables = (id: string, signal?: AbortSignal) =>
  api.get('/cars/id/:id/comparables', { params: { id }, signal });

export const carComparablesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.cars.comparables(id),
    queryFn: ({ signal }) => getCarComparables(id, signal),
  });

/** The comparable cars behind a car's market value, and the points of its chart. */
export function useCarComparables(id: string) {
  return useQuery(carComparablesQueryOptions(id));
}
