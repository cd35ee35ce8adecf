import type { PublicConfig } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import { unappliedMigrations } from '../../db/client.ts';
import { unavailable } from '../../errors.ts';

/**
 * Whether this instance takes traffic: not draining, not `overloaded` (it sheds load), its database
 * answering and fully migrated; 503 with the reason when not.
 */
export async function checkReadiness({ database, readiness }: AppContext, overloaded: boolean) {
  if (readiness.draining) throw unavailable('Not ready: shutting down.');
  if (overloaded) throw unavailable('Not ready: overloaded.');
  let unapplied: number;
  try {
    unapplied = await unappliedMigrations(database.db);
  } catch {
    throw unavailable('Not ready: the database is unreachable.');
  }
  if (unapplied > 0) throw unavailable(`Not ready: ${unapplied} database migrations are not applied.`);
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
