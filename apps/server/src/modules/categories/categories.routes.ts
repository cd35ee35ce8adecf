import { categoryListSchema } from '@redline/shared';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { categories } from '../../db/schema.ts';

export function categoriesRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/categories', {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'All categories in display order',
        response: { 200: categoryListSchema },
      },
      handler: () =>
        database.db
          .select({
            id: categories.id,
            name: categories.name,
            icon: categories.icon,
            image: categories.image,
          })
          .from(categories)
          .orderBy(asc(categories.position)),
    });
  };
}
