/** The saved-cars feature's public surface: code outside features/saved-cars imports only this file. */
export { savedCarsQueryOptions } from './api/get-saved-cars.ts';
export { SaveButton } from './components/save-button.tsx';
export { SavedCarsList } from './components/saved-cars-list.tsx';
