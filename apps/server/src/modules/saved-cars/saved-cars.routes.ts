import {
  deletedCountSchema,
  emailParamsSchema,
  pageOf,
  pageQuerySchema,
  savedCarInputSchema,
  savedCarParamsSchema,
  savedCarSchema,
  savedStateSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './saved-cars.service.ts';

const tags = ['saved posts'];

export function savedCarsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/savedpost/user/:email', {
      config: { access: ['Buyer', 'Admin'] },
      schema: {
        tags,
        operationId: 'listSavedPosts',
        otherStatuses: [404],
        summary: "A buyer's saved cars, newest first (that buyer or an admin)",
        params: emailParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageOf(savedCarSchema) },
      },
      handler: (request) =>
        service.listSavedCars(context, currentUser(request), request.params.email, request.query),
    });

    app.get('/savedpost/:carId', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'getSavedState',
        summary: 'Whether the signed-in buyer saved this car',
        params: savedCarParamsSchema,
        response: { 200: savedStateSchema },
      },
      handler: (request) => service.isSaved(context, currentUser(request), request.params.carId),
    });

    app.post('/savedpost', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'savePost',
        otherStatuses: [404, 409],
        summary: 'Save a car for the signed-in buyer',
        body: savedCarInputSchema,
        response: { 201: savedCarSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.saveCar(context, currentUser(request), request.body.carId)),
    });

    app.delete('/savedpost/:carId', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'removeSavedPost',
        summary: "Remove a car from the signed-in buyer's saved cars",
        params: savedCarParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.removeSavedCar(context, currentUser(request), request.params.carId),
    });
  };
}
