import {
  bookingIdParamsSchema,
  bookingInputSchema,
  bookingProposalInputSchema,
  bookingSchema,
  carBookingsAheadSchema,
  carIdParamsSchema,
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

    app.get('/testdrivebooking/car/:id/ahead', {
      config: { access: ['Seller'] },
      schema: {
        tags,
        operationId: 'getCarBookingsAhead',
        otherStatuses: [404],
        summary:
          "How many of a car's test drives still ahead marking it sold or deleting it would cancel, and how many of them paid (refunded) (the car's seller)",
        params: carIdParamsSchema,
        response: { 200: carBookingsAheadSchema },
      },
      handler: (request) => service.bookingsAheadOfCar(context, currentUser(request), request.params.id),
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

    app.post('/testdrivebooking/:id/accept', {
      config: { access: ['Seller'] },
      schema: {
        tags,
        operationId: 'acceptBooking',
        otherStatuses: [404, 409],
        summary: "Accept a test-drive request at its day and time (the car's seller; idempotent)",
        params: bookingIdParamsSchema,
        response: { 200: bookingSchema },
      },
      handler: (request) => service.acceptBooking(context, currentUser(request), request.params.id),
    });

    app.post('/testdrivebooking/:id/decline', {
      config: { access: ['Seller'] },
      schema: {
        tags,
        operationId: 'declineBooking',
        otherStatuses: [404, 409],
        summary: "Decline a test-drive request; a paid one is refunded (the car's seller; idempotent)",
        params: bookingIdParamsSchema,
        response: { 200: bookingSchema },
      },
      handler: (request) => service.declineBooking(context, currentUser(request), request.params.id),
    });

    app.post('/testdrivebooking/:id/propose', {
      config: { access: ['Seller'] },
      schema: {
        tags,
        operationId: 'proposeBookingTime',
        otherStatuses: [404, 409],
        summary:
          "Propose another day and time for a test drive; the buyer then accepts it (the car's seller)",
        params: bookingIdParamsSchema,
        body: bookingProposalInputSchema,
        response: { 200: bookingSchema },
      },
      handler: (request) =>
        service.proposeBookingTime(context, currentUser(request), request.params.id, request.body),
    });

    app.post('/testdrivebooking/:id/accept-proposal', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'acceptProposedTime',
        otherStatuses: [404, 409],
        summary: "Take the day and time the seller proposed: the test drive is agreed (the booking's buyer)",
        params: bookingIdParamsSchema,
        response: { 200: bookingSchema },
      },
      handler: (request) => service.acceptProposedTime(context, currentUser(request), request.params.id),
    });

    app.delete('/testdrivebooking/:id', {
      config: { access: ['Buyer', 'Admin'] },
      schema: {
        tags,
        operationId: 'cancelBooking',
        otherStatuses: [404, 409],
        summary:
          'Cancel a booking before its test drive starts (its buyer or an admin); a paid one is refunded in full. It stays in the lists as cancelled; cancelling it again answers 0, and one that has started or was declined 409',
        params: bookingIdParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.cancelBooking(context, currentUser(request), request.params.id),
    });
  };
}
