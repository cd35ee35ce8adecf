import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSellerBookings = (email: string, cursor?: string) =>
  api.get('/testdrivebooking/seller/:email', { params: { email }, query: { cursor } });

export const sellerBookingsQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.bookings.seller(email),
    queryFn: ({ pageParam }) => getSellerBookings(email, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Test drives booked on the seller's cars, newest first, a page at a time. */
export function useSellerBookings(email: string) {
  return useInfiniteQuery(sellerBookingsQueryOptions(email));
}
