import { PAGE_SIZE_MAX, type SellerRating } from '@redline/shared';
import { type QueryClient, queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSellerRatings = (ids: string, signal?: AbortSignal) =>
  api.get('/sellers/ratings', { query: { ids }, signal });

export const sellerRatingsQueryOptions = (ids: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.ratings(ids),
    queryFn: ({ signal }) => getSellerRatings(ids, signal),
  });

/**
 * The reads a list of cards needs: its sellers, each once, in the order they first appear, by
 * a page's most (PAGE_SIZE_MAX, "a,b"). A page of cards appended to the list adds to the last read or starts
 * one, and leaves the earlier reads, and their cached answers, as they were.
 */
export function sellerRatingReads(sellerIds: readonly string[]): string[] {
  const sellers = [...new Set(sellerIds)];
  const reads: string[] = [];
  for (let start = 0; start < sellers.length; start += PAGE_SIZE_MAX)
    reads.push(sellers.slice(start, start + PAGE_SIZE_MAX).join(','));
  return reads;
}

/** The compact ratings of the cards' sellers, by seller id; empty until they have arrived. */
export function useSellerRatings(sellerIds: readonly string[]): ReadonlyMap<string, SellerRating> {
  return useQueries({
    queries: sellerRatingReads(sellerIds).map(sellerRatingsQueryOptions),
    combine: (results) =>
      new Map(results.flatMap((result) => result.data ?? []).map((rating) => [rating.sellerId, rating])),
  });
}

/**
 * Loads into `client` the compact ratings of the cards' sellers as useSellerRatings reads them: the
 * server's render of a page of cards shows them, as the browser's will (app/page-data.ts).
 */
export async function prefetchSellerRatings(
  client: QueryClient,
  sellerIds: readonly string[],
): Promise<void> {
  await Promise.all(
    sellerRatingReads(sellerIds).map((ids) => client.prefetchQuery(sellerRatingsQueryOptions(ids))),
  );
}
