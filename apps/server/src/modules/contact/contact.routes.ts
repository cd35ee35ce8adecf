import {
  contactHandledSchema,
  contactListQuerySchema,
  contactMessageInputSchema,
  contactMessageSchema,
  idParamsSchema,
  pageOf,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './contact.service.ts';

const tags = ['contact'];

export function contactRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/contact', {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags,
        operationId: 'sendContactMessage',
        summary: 'Send a message to the Redline team',
        body: contactMessageInputSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.sendMessage(context, request.body)),
    });

    app.get('/contact', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'listContactMessages',
        summary:
          'Messages sent through the contact form, newest first: the open ones, the handled ones, or all (admin)',
        querystring: contactListQuerySchema,
        response: { 200: pageOf(contactMessageSchema) },
      },
      handler: (request) => service.listMessages(context, request.query),
    });

    app.patch('/contact/:id', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'setContactMessageHandled',
        otherStatuses: [404],
        summary: 'Mark a contact message handled, or open again (admin)',
        params: idParamsSchema,
        body: contactHandledSchema,
        response: { 200: contactMessageSchema },
      },
      handler: (request) =>
        service.setHandled(context, currentUser(request), request.params.id, request.body),
    });
  };
}
