import { categoryListSchema } from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listCategories } from './categories.repository.ts';
import { bannerView } from './category-banner.ts';

export function categoriesRoutes({ database, photos, catalogue }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get('/categories', {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        operationId: 'listCategories',
        otherStatuses: [304],
        summary: 'All categories in display order (ETag: revalidate with If-None-Match)',
        response: { 200: categoryListSchema },
      },
      handler: (request, reply) =>
        catalogue.send(request, reply, {
          key: 'categories',
          schema: categoryListSchema,
          load: async () =>
            (await listCategories(db)).map((category) => ({
              ...category,
              banner: bannerView(photos, category.id),
            })),
        }),
    });
  };
}
