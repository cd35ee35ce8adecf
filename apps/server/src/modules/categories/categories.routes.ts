import { categoryListSchema } from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listCategories } from './categories.repository.ts';

export function categoriesRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/categories', {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'All categories in display order',
        response: { 200: categoryListSchema },
      },
      handler: () => listCategories(database.db),
    });
  };
}
