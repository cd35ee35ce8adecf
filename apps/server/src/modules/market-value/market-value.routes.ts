import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import * as service from './market-value.service.ts';

export function marketValueRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.getCarComparables, (request) => service.carComparables(context, request.params.id));
    serve(app, contract.estimateCar, (request) => service.estimateCar(context, request.body));
  };
}
