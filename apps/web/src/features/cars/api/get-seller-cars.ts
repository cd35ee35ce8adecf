import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const SELLER_PAGE_SIZE = 10;

export const getSellerCars = ({
  email,
  cursor,
  signal,
}: {
  email: string;
  cursor?: string;
  signal?: AbortSignal;
}) =>
  api.get('/cars/email/:email', {
    params: { email },
    query: { limit: SELLER_PAGE_SIZE, cursor },
    signal,
  });

export const sellerCarsQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.cars.seller(email),
    queryFn: ({ pageParam, signal }) => getSellerCars({ email, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A seller's own cars, sold ones included, newest first. */
export function useSellerCars(email: string | undefined) {
  return useInfiniteQuery({ ...sellerCarsQueryOptions(email ?? ''), enabled: Boolean(email) });
}
