import {
  deletedCountSchema,
  emailParamsSchema,
  pageOf,
  pageQuerySchema,
  savedPostCarParamsSchema,
  savedPostInputSchema,
  savedPostSchema,
  savedStateSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './saved-posts.service.ts';

const tags = ['saved posts'];

export function savedPostsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/savedpost/user/:email', {
      config: { access: ['Buyer', 'Admin'] },
      schema: {
        tags,
        operationId: 'listSavedPosts',
        otherStatuses: [404],
        summary: "A buyer's saved posts, newest first (that buyer or an admin)",
        params: emailParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageOf(savedPostSchema) },
      },
      handler: (request) =>
        service.listSavedPosts(context, currentUser(request), request.params.email, request.query),
    });

    app.get('/savedpost/:carId', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'getSavedState',
        summary: 'Whether the signed-in buyer saved this car',
        params: savedPostCarParamsSchema,
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
        body: savedPostInputSchema,
        response: { 201: savedPostSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.savePost(context, currentUser(request), request.body.carId)),
    });

    app.delete('/savedpost/:carId', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'removeSavedPost',
        summary: "Remove a car from the signed-in buyer's saved posts",
        params: savedPostCarParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.removeSavedPost(context, currentUser(request), request.params.carId),
    });
  };
}
