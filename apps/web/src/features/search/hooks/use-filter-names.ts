import type { CarSearchFilters } from '@redline/shared';
import { useUnitSystem } from '../../../lib/units.ts';
import { useCatalogueFacets } from '../api/get-catalogue-facets.ts';
import { type FilterName, filterNames } from '../utils/filter-chips.ts';

/**
 * How saved filters read, as the search page's chips say them: categories and brands by their names
 * in the catalogue (a brand no car has any more, as it was searched for), a mileage in the visitor's units.
 */
export function useFilterNames(): (filters: CarSearchFilters) => FilterName[] {
  const facets = useCatalogueFacets().data;
  const units = useUnitSystem();
  return (filters) => filterNames(filters, facets, units);
}
