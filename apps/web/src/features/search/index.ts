/** The search feature's public surface: code outside features/search imports only this file. */
export { catalogueFacetsQueryOptions } from './api/get-catalogue-facets.ts';
export { searchCarsQueryOptions } from './api/search-cars.ts';
export { CarSearch } from './components/car-search.tsx';
export { CarsNearYou } from './components/cars-near-you.tsx';
export { SearchBox } from './components/search-box.tsx';
export { useFilterNames } from './hooks/use-filter-names.ts';
export { useSearchState } from './hooks/use-search-state.ts';
export { parseSearch, searchOfSeller, searchPathOfName, unsearchableText } from './utils/search-params.ts';
