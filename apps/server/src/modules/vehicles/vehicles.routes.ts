import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import * as service from './vehicles.service.ts';

export function vehiclesRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listVehicleMakes, async (request) => ({
      items: await service.listMakes(context, request.query.q),
    }));
    serve(app, contract.listVehicleModels, async (request) => ({
      items: await service.listModels(context, request.params.makeId, request.query.q),
    }));
  };
}
