import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './saved-cars.service.ts';

export function savedCarsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listSavedPosts, (request) =>
      service.listSavedCars(context, currentUser(request), request.params.email, request.query),
    );
    serve(app, contract.getSavedState, (request) =>
      service.isSaved(context, currentUser(request), request.params.carId),
    );
    serve(app, contract.savePost, async (request, reply) =>
      reply.status(201).send(await service.saveCar(context, currentUser(request), request.body.carId)),
    );
    serve(app, contract.removeSavedPost, (request) =>
      service.removeSavedCar(context, currentUser(request), request.params.carId),
    );
  };
}
