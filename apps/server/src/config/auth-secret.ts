/**
 * The secret Redline signs with (AUTH_SECRET): Better Auth's sessions and tokens (auth/), the
 * unsubscribe links of the notification e-mails (modules/notifications).
 */
import { createHash } from 'node:crypto';
import type { Config } from './config.ts';

/**
 * In development and tests a stable secret derived from the data directory keeps sessions across
 * restarts. Anyone can recompute it, so production never uses it (loadConfig requires AUTH_SECRET).
 */
export function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.NODE_ENV === 'production') throw new Error('AUTH_SECRET is required in production');
  return createHash('sha256')
    .update(`redline-dev-secret:${config.dataDir}:${config.DATABASE_URL ?? ''}`)
    .digest('hex');
}
