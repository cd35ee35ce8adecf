import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMyReviews = (cursor?: string) => api.get('/me/reviews', { query: { cursor } });

export const myReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.mine(),
    queryFn: ({ pageParam }) => getMyReviews(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The signed-in buyer's reviews, newest first, hidden ones included (marked). */
export function useMyReviews() {
  return useInfiniteQuery(myReviewsQueryOptions());
}
