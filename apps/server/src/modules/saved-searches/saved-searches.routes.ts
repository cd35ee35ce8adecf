import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './saved-searches.service.ts';

export function savedSearchesRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.listSavedSearches, (request) =>
      service.listSavedSearches(context, currentUser(request)),
    );
    serve(app, contract.saveSearch, async (request, reply) =>
      reply.status(201).send(await service.saveSearch(context, currentUser(request), request.body)),
    );
    serve(app, contract.changeSavedSearch, (request) =>
      service.changeSavedSearch(context, currentUser(request), request.params.id, request.body),
    );
    serve(app, contract.deleteSavedSearch, (request) =>
      service.deleteSavedSearch(context, currentUser(request), request.params.id),
    );
  };
}
