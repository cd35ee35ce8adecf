import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const suggestCars = ({ q, signal }: { q: string; signal?: AbortSignal }) =>
  api.get('/cars/suggest', { query: { q }, signal });

export const carSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search.suggestions(q),
    queryFn: ({ signal }) => suggestCars({ q, signal }),
  });

/**
 * Brands and models that complete `q`, for a signed-in user (the API answers only them); while the
 * next answer is on its way, the last one stays.
 */
export function useCarSuggestions(q: string, enabled: boolean) {
  return useQuery({
    ...carSuggestionsQueryOptions(q),
    enabled: enabled && q !== '',
    placeholderData: keepPreviousData,
  });
}
