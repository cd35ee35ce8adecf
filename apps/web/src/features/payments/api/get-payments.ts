import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PAYMENTS_PAGE_SIZE = 20;

export const getPayments = ({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}) =>
  api.get('/payments', { query: { limit: PAYMENTS_PAGE_SIZE, cursor }, signal });

export const paymentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.payments.list(),
    queryFn: ({ pageParam, signal }) => getPayments({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** Every recorded payment, newest first, a page at a time (admins only). */
export function usePayments() {
  return useInfiniteQuery(paymentsQueryOptions());
}
