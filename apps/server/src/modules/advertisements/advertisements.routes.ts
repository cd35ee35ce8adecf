import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './advertisements.service.ts';

export function advertisementsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listAdvertisedCars, (request, reply) =>
      context.catalogue.send(request, reply, {
        key: `advertise:${request.query.limit}:${request.query.cursor ?? ''}`,
        load: () => service.listAdvertisedCars(context, request.query),
      }),
    );
    serve(app, contract.advertiseCar, async (request, reply) =>
      reply.code(201).send(await service.advertiseCar(context, currentUser(request), request.body.carId)),
    );
  };
}
