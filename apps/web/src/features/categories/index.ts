/** The categories feature's public surface: code outside features/categories imports only this file. */
export {
  categoriesQueryOptions,
  categoryQueryOptions,
  useCategories,
  useCategory,
} from './api/get-categories.ts';
export { CategoryGrid } from './components/category-grid.tsx';
