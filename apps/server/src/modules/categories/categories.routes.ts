import { categoryListSchema } from '@redline/shared';
import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { listCategories } from './categories.repository.ts';
import { bannerView } from './category-banner.ts';

export function categoriesRoutes({ database, photos, catalogue }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    serve(app, contract.listCategories, (request, reply) =>
      catalogue.send(request, reply, {
        key: 'categories',
        schema: categoryListSchema,
        load: async () =>
          (await listCategories(db)).map((category) => ({
            ...category,
            banner: bannerView(photos, category.id),
          })),
      }),
    );
  };
}
