import {
  deletedCountSchema,
  pageOf,
  pageQuerySchema,
  reportedCarParamsSchema,
  reportedCarSchema,
  reportedStateSchema,
  reportInputSchema,
  reportSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './reports.service.ts';

const tags = ['reports'];

export function reportsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/reportedpost', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'reportPost',
        otherStatuses: [404, 409],
        summary: 'Report a car (buyer, once per car)',
        body: reportInputSchema,
        response: { 201: reportSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.reportCar(context, currentUser(request), request.body)),
    });

    app.get('/reportedpost/:carId', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'getReportedState',
        summary: 'Whether the signed-in buyer reported this car',
        params: reportedCarParamsSchema,
        response: { 200: reportedStateSchema },
      },
      handler: (request) => service.hasReported(context, currentUser(request), request.params.carId),
    });

    app.get('/reportedpost', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'listReportedPosts',
        summary: 'Reported cars with their reports, most recently reported first (admin)',
        querystring: pageQuerySchema,
        response: { 200: pageOf(reportedCarSchema) },
      },
      handler: (request) => service.listReportedCars(context, request.query),
    });

    app.delete('/reportedpost/:carId', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'deleteReportedPost',
        otherStatuses: [404],
        summary:
          'Delete a reported car with its advertisement, saved cars, reports and unpaid bookings (admin)',
        params: reportedCarParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.deleteReportedCar(context, request.params.carId),
    });

    app.post('/reportedpost/:carId/dismiss', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'dismissReports',
        otherStatuses: [404],
        summary: "Dismiss a car's reports as unfounded; the car stays (admin)",
        params: reportedCarParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.dismissReports(context, request.params.carId),
    });
  };
}
