import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type SearchState, searchQuery } from '../utils/search-params.ts';

export const SEARCH_PAGE_SIZE = 12;

export const searchCars = ({
  state,
  cursor,
  signal,
}: {
  state: SearchState;
  cursor?: string;
  signal?: AbortSignal;
}) =>
  api.get('/cars/search', {
    query: { ...searchQuery(state), limit: SEARCH_PAGE_SIZE, cursor },
    signal,
  });

export const searchCarsQueryOptions = (state: SearchState) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search.results(state),
    queryFn: ({ pageParam, signal }) => searchCars({ state, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The cars a search finds, a page at a time; a new search keeps showing the last one's until it answers. */
export function useSearchCars(state: SearchState) {
  return useInfiniteQuery({ ...searchCarsQueryOptions(state), placeholderData: keepPreviousData });
}
