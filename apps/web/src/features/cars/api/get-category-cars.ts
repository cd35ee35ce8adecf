import type { CarPage } from '@redline/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { carKeys } from './keys.ts';

export const CATEGORY_PAGE_SIZE = 12;

export const getCategoryCars = ({
  categoryId,
  cursor,
  signal,
}: {
  categoryId: string;
  cursor?: string;
  signal?: AbortSignal;
}) =>
  api.get<CarPage>(`/cars/${encodeURIComponent(categoryId)}`, {
    query: { limit: CATEGORY_PAGE_SIZE, cursor },
    signal,
  });

export const categoryCarsQueryOptions = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: carKeys.category(categoryId),
    queryFn: ({ pageParam, signal }) => getCategoryCars({ categoryId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A category's unsold cars, newest first, a page at a time. */
export function useCategoryCars(categoryId: string) {
  return useInfiniteQuery(categoryCarsQueryOptions(categoryId));
}
