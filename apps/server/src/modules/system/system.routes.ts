import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { unappliedMigrations } from '../../db/client.ts';
import { unavailable } from '../../errors.ts';
import { serve } from '../../http/serve.ts';

export function systemRoutes({ config, database, readiness }: AppContext): FastifyPluginAsyncZod {
  const googleSignIn = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  return async (app) => {
    serve(app, contract.getLiveness, () => ({ status: 'ok' as const }), { shed: false });

    serve(
      app,
      contract.getReadiness,
      async () => {
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
      { shed: false },
    );

    serve(app, contract.getConfig, () => ({
      googleSignIn,
      payments:
        config.payments.provider === 'stripe'
          ? { provider: 'stripe' as const, publishableKey: config.payments.publishableKey }
          : { provider: 'test' as const },
    }));
  };
}
