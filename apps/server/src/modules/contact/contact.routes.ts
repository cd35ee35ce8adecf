import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './contact.service.ts';

export function contactRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      contract.sendContactMessage,
      async (request, reply) => reply.status(201).send(await service.sendMessage(context, request.body)),
      { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    );
    serve(app, contract.listContactMessages, (request) => service.listMessages(context, request.query));
    serve(app, contract.setContactMessageHandled, (request) =>
      service.setHandled(context, currentUser(request), request.params.id, request.body),
    );
  };
}
