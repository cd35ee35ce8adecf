import {
  type ContactMessage,
  contactMessageInputSchema,
  contactMessageSchema,
  pageOf,
  pageQuerySchema,
  publicConfigSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { contactMessages } from '../../db/schema.ts';
import { unavailable } from '../../errors.ts';

export function systemRoutes({ config, database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  const googleSignIn = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  const stripe = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
  return async (app) => {
    app.get('/health', {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        otherStatuses: [503],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      handler: async () => {
        try {
          await database.ping();
        } catch {
          throw unavailable('The database is unreachable.');
        }
        return { status: 'ok' as const };
      },
    });

    app.get('/config', {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        operationId: 'getConfig',
        summary: 'What the browser needs to know',
        response: { 200: publicConfigSchema },
      },
      handler: () => ({
        googleSignIn,
        payments: stripe
          ? { provider: 'stripe' as const, publishableKey: config.STRIPE_PUBLISHABLE_KEY }
          : { provider: 'test' as const },
      }),
    });

    app.post('/contact', {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['system'],
        operationId: 'sendContactMessage',
        summary: 'Send a message to the Redline team',
        body: contactMessageInputSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
      handler: async (request, reply) => {
        const [row] = await db
          .insert(contactMessages)
          .values(request.body)
          .returning({ id: contactMessages.id });
        return reply.status(201).send({ id: row!.id });
      },
    });

    app.get('/contact', {
      config: { access: ['Admin'] },
      schema: {
        tags: ['system'],
        operationId: 'listContactMessages',
        summary: 'Messages sent through the contact form (admin)',
        querystring: pageQuerySchema,
        response: { 200: pageOf(contactMessageSchema) },
      },
      handler: async (request) => {
        const page = keyset(contactMessages.createdAt, contactMessages.id, request.query.cursor);
        const rows = await db
          .select()
          .from(contactMessages)
          .where(page.where)
          .orderBy(...page.orderBy)
          .limit(request.query.limit + 1)
          .execute(page.params);
        const result = toPage(rows, request.query.limit, (r) => [r.createdAt, r.id]);
        return {
          items: result.items.map((r): ContactMessage => ({ ...r, createdAt: r.createdAt.toISOString() })),
          nextCursor: result.nextCursor,
        };
      },
    });
  };
}
