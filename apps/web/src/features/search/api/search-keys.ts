import type { SearchState } from '../utils/search-params.ts';

/**
 * Query keys of the car search. Under `cars`, beside the other car lists (features/cars/api/keys.ts),
 * so that the one invalidation after a change to the cars refreshes the searches too.
 */
export const searchKeys = {
  all: ['cars', 'search'] as const,
  results: (state: SearchState) => [...searchKeys.all, 'results', state] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
  catalogueFacets: () => [...searchKeys.all, 'catalogue-facets'] as const,
};
