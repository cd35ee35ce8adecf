import {
  conversationInputSchema,
  conversationReportInputSchema,
  conversationSchema,
  deletedCountSchema,
  idParamsSchema,
  messageInputSchema,
  messagePageSchema,
  pageOf,
  pageQuerySchema,
  reportedConversationSchema,
} from '@redline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './conversations.service.ts';

const tags = ['conversations'];

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

const created = z.object({ id: z.string() });

export function conversationsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/conversations', {
      config: { access: ['Buyer', 'Seller'], rateLimit: messageLimit },
      schema: {
        tags,
        operationId: 'startConversation',
        otherStatuses: [404, 409],
        summary:
          "Message a car's seller: opens the caller's conversation about the car, or adds to it (same id)",
        body: conversationInputSchema,
        response: { 201: created },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.startConversation(context, currentUser(request), request.body)),
    });

    app.get('/conversations', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'listConversations',
        summary: "The caller's conversations, the latest message first, with what is unread",
        querystring: pageQuerySchema,
        response: { 200: pageOf(conversationSchema) },
      },
      handler: (request) => service.listConversations(context, currentUser(request), request.query),
    });

    app.get('/conversations/:id/messages', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'listMessages',
        otherStatuses: [404],
        summary:
          "A conversation's messages, newest first (its two participants only); the first page marks it read",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: messagePageSchema },
      },
      handler: (request) =>
        service.listMessages(context, currentUser(request), request.params.id, request.query),
    });

    app.post('/conversations/:id/messages', {
      config: { access: 'signedIn', rateLimit: messageLimit },
      schema: {
        tags,
        operationId: 'sendMessage',
        otherStatuses: [404],
        summary: 'Send a message in a conversation (its two participants only)',
        params: idParamsSchema,
        body: messageInputSchema,
        response: { 201: created },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await service.sendMessage(context, currentUser(request), request.params.id, request.body)),
    });

    app.post('/conversations/:id/report', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'reportConversation',
        otherStatuses: [404, 409],
        summary:
          'Report a conversation to the admins (its two participants only, once each): the admins may then read it',
        params: idParamsSchema,
        body: conversationReportInputSchema,
        response: { 201: created },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.reportConversation(context, currentUser(request), request.params.id, request.body),
          ),
    });

    app.get('/conversations/reported', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'listReportedConversations',
        summary: 'Reported conversations with their reports, most recently reported first (admin)',
        querystring: pageQuerySchema,
        response: { 200: pageOf(reportedConversationSchema) },
      },
      handler: (request) => service.listReportedConversations(context, request.query),
    });

    app.delete('/conversations/:id/reports', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'dismissConversationReports',
        otherStatuses: [404],
        summary: "Dismiss a conversation's reports; the admins can no longer read it (admin)",
        params: idParamsSchema,
        response: { 200: deletedCountSchema },
      },
      handler: (request) => service.dismissReports(context, request.params.id),
    });
  };
}
