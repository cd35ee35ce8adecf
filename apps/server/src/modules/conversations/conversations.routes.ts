import { contract } from '@redline/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as service from './conversations.service.ts';

/**
 * Messages a user may send, across their conversations: enough to chat, not to spam. Counted per
 * user, after the access check has named them, and once across every route that sends a message
 * (a named limit: rate-limits.ts).
 */
const messageLimit = {
  groupId: 'messages',
  max: 30,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
} as const;

export function conversationsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      contract.startConversation,
      async (request, reply) =>
        reply.status(201).send(await service.startConversation(context, currentUser(request), request.body)),
      { rateLimit: messageLimit },
    );
    serve(app, contract.listConversations, (request) =>
      service.listConversations(context, currentUser(request), request.query),
    );
    serve(app, contract.listMessages, (request) =>
      service.listMessages(context, currentUser(request), request.params.id, request.query),
    );
    serve(
      app,
      contract.sendMessage,
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.sendMessage(context, currentUser(request), request.params.id, request.body)),
      { rateLimit: messageLimit },
    );
    serve(app, contract.reportConversation, async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.reportConversation(context, currentUser(request), request.params.id, request.body),
        ),
    );
    serve(app, contract.listReportedConversations, (request) =>
      service.listReportedConversations(context, request.query),
    );
    serve(app, contract.dismissConversationReports, (request) =>
      service.dismissReports(context, request.params.id),
    );
  };
}
