/** The search feature's public surface: code outside features/search imports only this file. */
export { searchCarsQueryOptions } from './api/search-cars.ts';
export { CarSearch } from './components/car-search.tsx';
export { SearchBox } from './components/search-box.tsx';
export { useSearchState } from './hooks/use-search-state.ts';
export { parseSearch, searchOfSeller } from './utils/search-params.ts';
