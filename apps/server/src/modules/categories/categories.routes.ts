import { categoryListSchema } from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import * as service from './categories.service.ts';

export function categoriesRoutes(context: AppContext): FastifyPluginAsyncZod {
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
        context.catalogue.send(request, reply, {
          key: 'categories',
          schema: categoryListSchema,
          load: () => service.listCategories(context),
        }),
    });
  };
}
