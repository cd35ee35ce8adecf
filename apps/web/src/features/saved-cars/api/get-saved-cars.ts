import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSavedCars = (email: string, cursor?: string) =>
  api.get('/savedpost/user/:email', { params: { email }, query: { cursor } });

export const savedCarsQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.savedCars.list(email),
    queryFn: ({ pageParam }) => getSavedCars(email, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The buyer's saved cars, most recently saved first, a page at a time. */
export function useSavedCars(email: string) {
  return useInfiniteQuery(savedCarsQueryOptions(email));
}
