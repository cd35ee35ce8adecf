import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What's New shows three rows of three on a large screen per page. */
export const WHATS_NEW_PAGE_SIZE = 9;

export const getAdvertisedCars = ({ cursor, signal }: { cursor?: string; signal?: AbortSignal }) =>
  api.get('/advertise', {
    query: { limit: WHATS_NEW_PAGE_SIZE, cursor },
    signal,
  });

export const advertisedCarsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.cars.advertised(),
    queryFn: ({ pageParam, signal }) => getAdvertisedCars({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** What's New: advertised, unsold cars, newest advertisement first, a page at a time. */
export function useAdvertisedCars() {
  return useInfiniteQuery(advertisedCarsQueryOptions());
}
