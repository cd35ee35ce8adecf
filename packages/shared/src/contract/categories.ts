/** The catalogue's categories. */
import { categoryListSchema } from '../categories.ts';
import { defineRoute } from './route.ts';

export const categoriesRoutes = {
  listCategories: defineRoute({
    method: 'GET',
    path: '/categories',
    access: 'public',
    tags: ['catalogue'],
    operationId: 'listCategories',
    summary: 'All categories in display order (ETag: revalidate with If-None-Match)',
    responses: { 200: categoryListSchema },
    otherStatuses: [304],
  }),
};
