import { publicConfigSchema } from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { unavailable } from '../../errors.ts';

export function systemRoutes({ config, database }: AppContext): FastifyPluginAsyncZod {
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
  };
}
