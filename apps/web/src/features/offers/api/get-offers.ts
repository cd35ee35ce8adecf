import type { OfferSide } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The caller's offers on one side: made as a buyer, received on their cars as a seller. */
export const getOffers = (side: OfferSide, cursor?: string) =>
  side === 'buyer'
    ? api.get('/offers/made', { query: { cursor } })
    : api.get('/offers/received', { query: { cursor } });

export const offersQueryOptions = (side: OfferSide) =>
  infiniteQueryOptions({
    queryKey: queryKeys.offers.list(side),
    queryFn: ({ pageParam }) => getOffers(side, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The caller's offers on one side, the latest change first, a page at a time. */
export function useOffers(side: OfferSide) {
  return useInfiniteQuery(offersQueryOptions(side));
}
