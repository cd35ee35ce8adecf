import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSellerReviews = (sellerId: string, cursor?: string, signal?: AbortSignal) =>
  api.get('/sellers/:id/reviews', { params: { id: sellerId }, query: { cursor }, signal });

export const sellerReviewsQueryOptions = (sellerId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.seller(sellerId),
    queryFn: ({ pageParam, signal }) => getSellerReviews(sellerId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A seller's visible reviews with their answers, newest first, a page at a time. */
export function useSellerReviews(sellerId: string) {
  return useInfiniteQuery(sellerReviewsQueryOptions(sellerId));
}
