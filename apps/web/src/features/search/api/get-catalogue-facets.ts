import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The facets of a search that narrows nothing: every category, and every brand with cars for sale. */
export const getCatalogueFacets = async () => (await api.get('/cars/search', { query: { limit: 1 } })).facets;

export const catalogueFacetsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.search.catalogueFacets(), queryFn: getCatalogueFacets });

/** The names of the catalogue's categories and brands, for filters read away from a search's own answer. */
export function useCatalogueFacets() {
  return useQuery(catalogueFacetsQueryOptions());
}
