import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSellerStats = (signal?: AbortSignal) => api.get('/listing-stats', { signal });

export const sellerStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.listingStats.summary(),
    queryFn: ({ signal }) => getSellerStats(signal),
  });

/** The signed-in seller's figures summed over their cars: each of the last 30 days, and the totals. */
export function useSellerStats() {
  return useQuery(sellerStatsQueryOptions());
}
