import {
  bookingIdParamsSchema,
  bookingInputSchema,
  bookingSchema,
  deletedCountSchema,
  emailParamsSchema,
  pageOf,
  pageQuerySchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './bookings.service.ts';

const tags = ['bookings'];

export function bookingsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/testdrivebooking', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'bookTestDrive',
        otherStatuses: [404, 409],
        summary: 'Book a test drive (buyer); buyer, seller, car summary and price come from the server',
        body: bookingInputSchema,
        response: { 201: bookingSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.bookTestDrive(context, currentUser(request), request.body)),
    });

    app.get('/testdrivebooking/buyer/:email', {
      config: { access: ['Buyer', 'Admin'] },
      schema: {
        tags,
        operationId: 'listBuyerBookings',
        otherStatuses: [404],
        summary: "A buyer's bookings, newest first (that buyer or an admin)",
        params: emailParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageOf(bookingSchema) },
      },
      handler: (request) =>
        service.listBuyerBookings(context, currentUser(request), request.params.email, request.query),
    });

    app.get('/testdrivebooking/seller/:email', {
      config: { access: ['Seller', 'Admin'] },
      schema: {
        tags,
        operationId: 'listSellerBookings',
        otherStatuses: [404],
        summary: "Test-drive requests on a seller's cars, newest first (that seller or an admin)",
        params: emailParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageOf(bookingSchema) },
      },
      handler: (request) =>
        service.listSellerBookings(context, currentUser(request), request.params.email, request.query),
    });

    app.get('/testdrivebooking/:id', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'getBooking',
        otherStatuses: [404],
        summary: "One booking (its buyer, the car's seller or an admin)",
        params: bookingIdParamsSchema,
        response: { 200: bookingSchema },
      },
      handler: (request) => service.getBooking(context, currentUser(request), request.params.id),
    });

    app.delete('/testdrivebooking/:id', {
      config: { access: ['Buyer', 'Admin'] },
      schema: {
        tags,
        operationId: 'cancelBooking',
        otherStatuses: [404, 409],
        summary: 'Cancel an unpaid booking (its buyer or an admin)',
        params: bookingIdParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.cancelBooking(context, currentUser(request), request.params.id),
    });
  };
}
