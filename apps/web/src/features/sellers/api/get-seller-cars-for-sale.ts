import type { CarSearchResult } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sellerKeys } from './seller-keys.ts';

const SELLER_CARS_PAGE_SIZE = 12;

export const getSellerCarsForSale = ({
  sellerId,
  cursor,
  signal,
}: {
  sellerId: string;
  cursor?: string;
  signal?: AbortSignal;
}) =>
  api.get<CarSearchResult>('/cars/search', {
    query: { seller: sellerId, sort: 'newest', limit: SELLER_CARS_PAGE_SIZE, cursor },
    signal,
  });

export const sellerCarsForSaleQueryOptions = (sellerId: string) =>
  infiniteQueryOptions({
    queryKey: sellerKeys.carsForSale(sellerId),
    queryFn: ({ pageParam, signal }) => getSellerCarsForSale({ sellerId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A seller's unsold cars, newest first, a page at a time; each page also says how many there are in all. */
export function useSellerCarsForSale(sellerId: string) {
  return useInfiniteQuery(sellerCarsForSaleQueryOptions(sellerId));
}
