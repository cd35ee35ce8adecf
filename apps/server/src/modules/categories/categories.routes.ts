import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import * as service from './categories.service.ts';

export function categoriesRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listCategories, (request, reply) =>
      context.catalogue.send(request, reply, {
        key: 'categories',
        load: () => service.listCategories(context),
      }),
    );
  };
}
