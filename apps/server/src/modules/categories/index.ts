/** The categories module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { categoriesRoutes } from './categories.routes.ts';

export { categoryExists, categoryNames, listCategories } from './categories.repository.ts';
export { bannerFiles, bannerView } from './category-banner.ts';

export const categoriesModule = defineModule({ name: 'categories', routes: categoriesRoutes });
