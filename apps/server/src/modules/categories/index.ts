/** The categories module's public surface: other code imports this file only. */
export { categoryExists, categoryNames, listCategories } from './categories.repository.ts';
export { categoriesRoutes } from './categories.routes.ts';
export { bannerFiles, bannerView } from './category-banner.ts';
