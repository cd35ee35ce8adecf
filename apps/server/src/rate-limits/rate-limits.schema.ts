/** The rate limits' table (rate-limits.ts). */
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The recent hits of each rate-limited key (sign-in failures, reset requests, uploads, messages…),
 * shared by every instance: `key` names the limit and who it counts (`sign-in:client:10.0.0.1`),
 * `hits` the times (ms since the epoch) of its last hits in the window, at most the limit's maximum.
 * Written only by the function `rate_limit_take` (migration 0021, rate-limits/rate-limits.ts), which reads
 * and writes a key's row under its lock; rows past `expiresAt` are swept by `rate-limits.sweep`.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: bigint('hits', { mode: 'number' }).array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);
