import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const LISTING_STATS_PAGE_SIZE = 10;

export const listListingStats = (cursor?: string, signal?: AbortSignal) =>
  api.get('/listing-stats/cars', { query: { limit: LISTING_STATS_PAGE_SIZE, cursor }, signal });

export const listingStatsLinesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.listingStats.list(),
    queryFn: ({ pageParam, signal }) => listListingStats(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The signed-in seller's cars for sale, newest first, each with its figures, a page at a time. */
export function useListingStatsLines() {
  return useInfiniteQuery(listingStatsLinesQueryOptions());
}
