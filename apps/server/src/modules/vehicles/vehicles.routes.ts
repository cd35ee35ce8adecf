import { contract } from '@redline/shared/contract';
import type { FastifyRequest } from 'fastify';
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
    serve(app, contract.addVehicleMake, async (request, reply) =>
      reply.status(201).send(await service.addMake(context, request.body)),
    );
    serve(app, contract.changeVehicleMake, (request) =>
      service.changeMake(context, request.params.makeId, request.body),
    );
    serve(app, contract.addVehicleModel, async (request, reply) =>
      reply.status(201).send(await service.addModel(context, request.params.makeId, request.body.name)),
    );
    serve(app, contract.decodeVin, (request) => service.decodeVin(context, request.params.vin), {
      // A decode is a few dozen milliseconds of the CPU; a seller decodes a VIN or two per car.
      rateLimit: {
        max: 30,
        timeWindow: '1 minute',
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
      },
    });
    serve(app, contract.renameVehicleModel, (request) =>
      service.renameModel(context, request.params.makeId, request.params.modelId, request.body.name),
    );
  };
}
