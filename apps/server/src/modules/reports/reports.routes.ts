import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './reports.service.ts';

export function reportsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.reportPost, async (request, reply) =>
      reply.status(201).send(await service.reportCar(context, currentUser(request), request.body)),
    );
    serve(app, contract.getReportedState, (request) =>
      service.hasReported(context, currentUser(request), request.params.carId),
    );
    serve(app, contract.listReportedPosts, (request) => service.listReportedCars(context, request.query));
    serve(app, contract.deleteReportedPost, (request) =>
      service.deleteReportedCar(context, request.params.carId),
    );
    serve(app, contract.dismissReports, (request) => service.dismissReports(context, request.params.carId));
  };
}
