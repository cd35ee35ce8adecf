import { contract } from '@redline/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './reviews.service.ts';

/** Per user, after the access check has named them (as the messages' limit, conversations.routes.ts). */
const perUser = (request: FastifyRequest) => request.user?.id ?? request.ip;

/**
 * Reviews and answers a user writes, together: a buyer reviews a few test drives a day, a seller
 * answers a few reviews; more is a script. Reports are limited apart, as generously.
 */
const reviewWriteLimit = {
  groupId: 'review-writes',
  max: 10,
  timeWindow: '1 hour',
  hook: 'preHandler',
  keyGenerator: perUser,
} as const;
const reviewReportLimit = {
  groupId: 'review-reports',
  max: 10,
  timeWindow: '1 hour',
  hook: 'preHandler',
  keyGenerator: perUser,
} as const;

export function reviewsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      contract.postReview,
      async (request, reply) =>
        reply.status(201).send(await service.postReview(context, currentUser(request), request.body)),
      { rateLimit: reviewWriteLimit },
    );
    serve(app, contract.listReviewableBookings, (request) =>
      service.listReviewableBookings(context, currentUser(request)),
    );
    serve(app, contract.listMyReviews, (request) =>
      service.listMyReviews(context, currentUser(request), request.query),
    );
    serve(app, contract.listSellerReviews, (request) =>
      service.listSellerReviews(context, request.params.id, request.query),
    );
    serve(app, contract.listSellerRatings, (request) =>
      service.listSellerRatings(context, request.query.ids),
    );
    serve(
      app,
      contract.answerReview,
      (request) => service.answerReview(context, currentUser(request), request.params.id, request.body),
      { rateLimit: reviewWriteLimit },
    );
    serve(
      app,
      contract.reportReview,
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.reportReview(context, currentUser(request), request.params.id, request.body)),
      { rateLimit: reviewReportLimit },
    );
    serve(app, contract.listReportedReviews, (request) =>
      service.listReportedReviews(context, request.query),
    );
    serve(app, contract.setReviewVisibility, (request) =>
      service.setReviewVisibility(context, currentUser(request), request.params.id, request.body),
    );
    serve(app, contract.dismissReviewReports, (request) =>
      service.dismissReports(context, currentUser(request), request.params.id),
    );
  };
}
