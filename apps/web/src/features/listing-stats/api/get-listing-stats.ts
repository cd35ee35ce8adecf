import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getListingStats = (id: string, signal?: AbortSignal) =>
  api.get('/listing-stats/cars/:id', { params: { id }, signal });

export const listingStatsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.listingStats.detail(id),
    queryFn: ({ signal }) => getListingStats(id, signal),
  });

/** One of the signed-in seller's cars: its figures each day, its totals and its comparison. */
export function useListingStats(id: string) {
  return useQuery(listingStatsQueryOptions(id));
}
