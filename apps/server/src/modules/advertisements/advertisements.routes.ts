import {
  advertisedCarPageSchema,
  advertiseInputSchema,
  advertisementSchema,
  pageQuerySchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './advertisements.service.ts';

const tags = ['advertisements'];

export function advertisementsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/advertise', {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'listAdvertisedCars',
        otherStatuses: [304],
        summary:
          "What's New: advertised cars for sale, newest advertisement first (ETag: revalidate with If-None-Match)",
        querystring: pageQuerySchema,
        response: { 200: advertisedCarPageSchema },
      },
      handler: (request, reply) =>
        context.catalogue.send(request, reply, {
          key: `advertise:${request.query.limit}:${request.query.cursor ?? ''}`,
          schema: advertisedCarPageSchema,
          load: () => service.listAdvertisedCars(context, request.query),
        }),
    });

    app.post('/advertise', {
      config: { access: ['Seller'] },
      schema: {
        tags,
        operationId: 'advertiseCar',
        otherStatuses: [404, 409],
        summary: 'Advertise one of your unsold cars, once (its seller)',
        body: advertiseInputSchema,
        response: { 201: advertisementSchema },
      },
      handler: async (request, reply) => {
        const advertisement = await service.advertiseCar(context, currentUser(request), request.body.carId);
        return reply.code(201).send(advertisement);
      },
    });
  };
}
