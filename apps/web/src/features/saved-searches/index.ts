/** The saved-searches feature's public surface: code outside features/saved-searches imports only this file. */
export { savedSearchesQueryOptions } from './api/get-saved-searches.ts';
export { SaveSearchButton } from './components/save-search-button.tsx';
export { SavedSearchesList } from './components/saved-searches-list.tsx';
