/** The saved-posts feature's public surface: code outside features/saved-posts imports only this file. */
export { SaveButton } from './components/save-button.tsx';
export { SavedCarsList } from './components/saved-cars-list.tsx';
