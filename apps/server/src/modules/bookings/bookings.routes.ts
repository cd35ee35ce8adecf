import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './bookings.service.ts';

export function bookingsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.bookTestDrive, async (request, reply) =>
      reply.status(201).send(await service.bookTestDrive(context, currentUser(request), request.body)),
    );
    serve(app, contract.listBuyerBookings, (request) =>
      service.listBuyerBookings(context, currentUser(request), request.params.email, request.query),
    );
    serve(app, contract.listSellerBookings, (request) =>
      service.listSellerBookings(context, currentUser(request), request.params.email, request.query),
    );
    serve(app, contract.getCarBookingsAhead, (request) =>
      service.bookingsAheadOfCar(context, currentUser(request), request.params.id),
    );
    serve(app, contract.getBooking, (request) =>
      service.getBooking(context, currentUser(request), request.params.id),
    );
    serve(app, contract.acceptBooking, (request) =>
      service.acceptBooking(context, currentUser(request), request.params.id),
    );
    serve(app, contract.declineBooking, (request) =>
      service.declineBooking(context, currentUser(request), request.params.id),
    );
    serve(app, contract.proposeBookingTime, (request) =>
      service.proposeBookingTime(context, currentUser(request), request.params.id, request.body),
    );
    serve(app, contract.acceptProposedTime, (request) =>
      service.acceptProposedTime(context, currentUser(request), request.params.id),
    );
    serve(app, contract.cancelBooking, (request) =>
      service.cancelBooking(context, currentUser(request), request.params.id),
    );
  };
}
