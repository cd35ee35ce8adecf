import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getReportedReviews = (cursor?: string) => api.get('/reviews/reported', { query: { cursor } });

export const reportedReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.reported(),
    queryFn: ({ pageParam }) => getReportedReviews(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Reported and hidden reviews, the latest reported or hidden first, with their reports and log (admin). */
export function useReportedReviews() {
  return useInfiniteQuery(reportedReviewsQueryOptions());
}
