import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getDealerVerifications = (id: string, cursor?: string) =>
  api.get('/user/dealers/:id/verifications', { params: { id }, query: { cursor } });

export const dealerVerificationsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.dealers.verifications(id),
    queryFn: ({ pageParam }) => getDealerVerifications(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A dealer's verification history, newest first, a page at a time (admin). */
export function useDealerVerifications(id: string) {
  return useInfiniteQuery(dealerVerificationsQueryOptions(id));
}
