import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getBuyerBookings = (email: string, cursor?: string) =>
  api.get('/testdrivebooking/buyer/:email', { params: { email }, query: { cursor } });

export const buyerBookingsQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.bookings.buyer(email),
    queryFn: ({ pageParam }) => getBuyerBookings(email, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The buyer's test drives, newest first, a page at a time. */
export function useBuyerBookings(email: string) {
  return useInfiniteQuery(buyerBookingsQueryOptions(email));
}
