import { publicConfigSchema } from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { unappliedMigrations } from '../../db/client.ts';
import { unavailable } from '../../errors.ts';

const healthy = z.object({ status: z.literal('ok') });

export function systemRoutes({ config, database, readiness }: AppContext): FastifyPluginAsyncZod {
  const googleSignIn = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  return async (app) => {
    app.get('/health/live', {
      config: { access: 'public', shed: false },
      schema: {
        tags: ['system'],
        operationId: 'getLiveness',
        summary: 'The process answers (restart it when it does not)',
        response: { 200: healthy },
      },
      handler: () => ({ status: 'ok' as const }),
    });

    app.get('/health/ready', {
      config: { access: 'public', shed: false },
      schema: {
        tags: ['system'],
        operationId: 'getReadiness',
        otherStatuses: [503],
        summary:
          'The instance takes traffic: its database answers, fully migrated; not overloaded or draining',
        response: { 200: healthy },
      },
      handler: async () => {
        if (readiness.draining) throw unavailable('Not ready: shutting down.');
        if (app.isUnderPressure()) throw unavailable('Not ready: overloaded.');
        let unapplied: number;
        try {
          unapplied = await unappliedMigrations(database.db);
        } catch {
          throw unavailable('Not ready: the database is unreachable.');
        }
        if (unapplied > 0) throw unavailable(`Not ready: ${unapplied} database migrations are not applied.`);
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
        payments:
          config.payments.provider === 'stripe'
            ? { provider: 'stripe' as const, publishableKey: config.payments.publishableKey }
            : { provider: 'test' as const },
      }),
    });
  };
}
