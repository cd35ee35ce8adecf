import type { PublicConfig } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import { unappliedMigrations } from '../../db/client.ts';
import { unavailable } from '../../errors.ts';

/**
 * Whether this instance takes traffic: not draining, not `overloaded` (it sheds load), its database
 * answering and fully migrated, and the search's columns loaded; 503 with the reason when not. The
 * answer waits for the columns' first load (a few seconds at a million cars, started when the server
 * listens), so that a load balancer sends an instance no search that would wait for it.
 */
export async function checkReadiness({ database, readiness, search }: AppContext, overloaded: boolean) {
  if (readiness.draining) throw unavailable('Not ready: shutting down.');
  if (overloaded) throw unavailable('Not ready: overloaded.');
  let unapplied: number;
  try {
    unapplied = await unappliedMigrations(database.db);
  } catch {
    throw unavailable('Not ready: the database is unreachable.');
  }
  if (unapplied > 0) throw unavailable(`Not ready: ${unapplied} database migrations are not applied.`);
  try {
    await search.load();
  } catch {
    throw unavailable('Not ready: the cars for sale could not be loaded for the search.');
  }
  return { status: 'ok' as const };
}

/**
 * What the browser needs to know of the configuration: the sign-in choices, who may browse the cars
 * for sale, the market's units, and the payment provider.
 */
export function publicConfig({ config }: AppContext): PublicConfig {
  return {
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    browsing: config.BROWSING,
    units: config.MARKET_UNITS,
    payments:
      config.payments.provider === 'stripe'
        ? { provider: 'stripe', publishableKey: config.payments.publishableKey }
        : { provider: 'test' },
  };
}
