import {
  deletedCountSchema,
  idParamsSchema,
  savedSearchChangeSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './saved-searches.service.ts';

const tags = ['saved searches'];

export function savedSearchesRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/saved-searches', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'listSavedSearches',
        summary: "The signed-in buyer's saved searches, newest first",
        response: { 200: savedSearchListSchema },
      },
      handler: (request) => service.listSavedSearches(context, currentUser(request)),
    });

    app.post('/saved-searches', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'saveSearch',
        otherStatuses: [409],
        summary:
          'Save a search: the buyer is told of each new car that matches it, at once or in a daily digest',
        body: savedSearchInputSchema,
        response: { 201: savedSearchSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.saveSearch(context, currentUser(request), request.body)),
    });

    app.patch('/saved-searches/:id', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'changeSavedSearch',
        otherStatuses: [404],
        summary: "Rename a saved search, or change when it tells of new cars (its buyer's only)",
        params: idParamsSchema,
        body: savedSearchChangeSchema,
        response: { 200: savedSearchSchema },
      },
      handler: (request) =>
        service.changeSavedSearch(context, currentUser(request), request.params.id, request.body),
    });

    app.delete('/saved-searches/:id', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'deleteSavedSearch',
        otherStatuses: [404],
        summary: "Delete a saved search (its buyer's only)",
        params: idParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.deleteSavedSearch(context, currentUser(request), request.params.id),
    });
  };
}
