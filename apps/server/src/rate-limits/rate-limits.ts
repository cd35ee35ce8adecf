/**
 * Every rate limit's counts, in the database, so that all instances behind a load balancer count
 * the same hits (docs/security.md, "Rate limits"): the auth limits (auth/auth-limits.ts) and the
 * routes' `config.rateLimit` (@fastify/rate-limit, through `rateLimitStore`). A key's recent hits
 * are one row of `rate_limit_hits`, read and written under its lock by the function
 * `rate_limit_take` (migration 0021): one round trip per hit, exact under concurrency.
 * A limit is always taken before the act it limits (a password checked, an e-mail sent), never
 * checked first and counted after, which concurrent requests slip between; an act that turns out
 * not to count (a right password) gives its hit back with `refund`.
 * Windows slide: a key is under its limit again as soon as its oldest counted hit is `windowMs` old.
 * An instance takes one key's hits one at a time, in the order they came: a burst from one client
 * waits in memory for its key, not in the database for its row's lock, where each waiting hit would
 * hold one of the pool's connections and leave none to everyone else's requests.
 */

import { createHash } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import { executeNamed } from '../db/prepared-statements.ts';
import { rateLimitHits } from '../db/schema.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';

/**
 * At most `max` hits in any `windowMs`. With a `backOff`, past `max` one more hit may go each time
 * `firstDelayMs`, doubled at each hit past `max` (up to `maxDelayMs`), has passed since the latest.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
  backOff?: { firstDelayMs: number; maxDelayMs: number };
}

export interface Hit {
  /** The hit counted (the key was under its limit). */
  taken: boolean;
  /** When the hit was counted (ms since the epoch): what `refund` gives back. */
  at: number;
  /** The key's hits within the window after this one, oldest first (ms since the epoch). */
  recent: number[];
  /** Milliseconds until the key is under its limit again; 0 when it is now. */
  waitMs: number;
  /** Milliseconds until the oldest of `recent` leaves the window. */
  resetMs: number;
}

export class RateLimits {
  private readonly db: Db | Tx;
  /** The time the windows are measured by (tests move it; instances' clocks agree by NTP). */
  readonly now: () => number;
  /** Each key's latest take in this instance, which the next take of the key waits for. */
  private readonly lastTakes = new Map<string, Promise<unknown>>();

  constructor(db: Db | Tx, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** Counts a hit of `key` if it is under `limit`; a refused hit is not counted. */
  take(key: string, limit: RateLimit): Promise<Hit> {
    const hit = (this.lastTakes.get(key) ?? Promise.resolve()).then(
      () => this.takeNow(key, limit),
      () => this.takeNow(key, limit),
    );
    this.lastTakes.set(key, hit);
    const forget = () => {
      if (this.lastTakes.get(key) === hit) this.lastTakes.delete(key);
    };
    hit.then(forget, forget);
    return hit;
  }

  private async takeNow(key: string, limit: RateLimit): Promise<Hit> {
    const now = this.now();
    const { backOff } = limit;
    // A back-off keeps enough hits to reach its longest wait.
    const keep = backOff
      ? limit.max + Math.ceil(Math.log2(backOff.maxDelayMs / backOff.firstDelayMs))
      : limit.max;
    const { rows } = await executeNamed(this.db, 'rate_limit_take', TAKE, [
      boundedKey(key),
      now,
      limit.windowMs,
      limit.max,
      keep,
      backOff?.firstDelayMs ?? null,
      backOff?.maxDelayMs ?? null,
    ]);
    const row = rows[0] as TakeRow;
    const recent = row.recent.map(Number);
    return {
      taken: row.taken,
      at: now,
      recent,
      waitMs: Number(row.wait_ms),
      resetMs: recent.length === 0 ? 0 : Math.max(0, recent[0]! + limit.windowMs - now),
    };
  }

  /** Gives back a hit that `take` counted at `at`, when what it stood for did not count after all. */
  async refund(key: string, at: number): Promise<void> {
    await this.db.execute(sql`
      update rate_limit_hits
      set hits = hits[:array_position(hits, ${at}::bigint) - 1] || hits[array_position(hits, ${at}::bigint) + 1:]
      where key = ${boundedKey(key)} and ${at}::bigint = any(hits)`);
  }

  /** Forgets `key`'s hits. */
  async clear(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_hits where key = ${boundedKey(key)}`);
  }
}

/**
 * A hit taken, one statement a hit: named, so that PostgreSQL parses and plans it once a connection
 * rather than on every hit (docs/performance.md, section 7).
 */
const TAKE = 'select taken, wait_ms, recent from rate_limit_take($1, $2, $3, $4, $5, $6::bigint, $7::bigint)';

/** TAKE's one row: bigints arrive as strings (node-postgres) or numbers (PGlite). */
interface TakeRow {
  taken: boolean;
  wait_ms: string | number;
  recent: (string | number)[];
}

/**
 * Keys are built from bounded parts (addresses of clients, ids, digests of what a client typed:
 * auth/auth-limits.ts); a longer one, whatever built it, still fits an index row.
 */
const MAX_KEY_LENGTH = 256;
function boundedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${key.slice(0, 64)}#${createHash('sha256').update(key).digest('base64url')}`;
}

/** Seconds for a Retry-After header. */
export const toSeconds = (ms: number) => Math.ceil(ms / 1000);

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store (its `store` option takes a class, which it constructs with its own
 * options): a route's limit keys on the route (method and path) and what its `keyGenerator` returns
 * (the client's address by default). A named limit (`groupId`) keys on its name instead: one count
 * across every route that names it (issue 44, item 7: the messages a user sends, whichever route
 * sends them), so such routes must declare the same `max` and `timeWindow`.
 */
export function rateLimitStore(limits: RateLimits): FastifyRateLimitStoreCtor {
  const groups = new Map<string, string>();
  return class extends RouteRateLimitStore {
    constructor() {
      super(limits, 'route:', groups);
    }
  };
}

/** A route's limit as the plugin merges it, with the route as `routeInfo` (its types say otherwise). */
interface MergedLimit {
  groupId?: string;
  max: unknown;
  timeWindow: unknown;
  routeInfo: RouteOptions;
}

class RouteRateLimitStore {
  private readonly limits: RateLimits;
  private readonly prefix: string;
  /** Each named limit's `max` and `timeWindow`, as the first route that named it declared them. */
  private readonly groups: Map<string, string>;

  constructor(limits: RateLimits, prefix: string, groups: Map<string, string>) {
    this.limits = limits;
    this.prefix = prefix;
    this.groups = groups;
  }

  incr(key: string, callback: IncrCallback, windowMs: number, max: number): void {
    this.limits.take(`${this.prefix}${key}`, { max, windowMs }).then(
      ({ taken, recent, waitMs, resetMs }) =>
        callback(null, {
          current: taken ? recent.length : max + 1,
          // The refused: until the key may go again (the Retry-After).
          ttl: taken ? resetMs : waitMs,
        }),
      (error: Error) => callback(error),
    );
  }

  child(routeOptions: RouteOptions): RouteRateLimitStore {
    const { groupId, max, timeWindow, routeInfo } = routeOptions as unknown as MergedLimit;
    const route = `${String(routeInfo.method)} ${routeInfo.url}`;
    if (!groupId) return new RouteRateLimitStore(this.limits, `route:${route}:`, this.groups);
    const declared = `${String(max)} per ${String(timeWindow)} ms`;
    const named = this.groups.get(groupId) ?? declared;
    if (named !== declared)
      throw new Error(
        `Route ${route} declares the limit "${groupId}" as ${declared}; another route, as ${named}`,
      );
    this.groups.set(groupId, declared);
    return new RouteRateLimitStore(this.limits, `group:${groupId}:`, this.groups);
  }
}

/**
 * Drops the rows of keys whose every hit has left its window. Like the modules' jobs, made from the
 * app's context (the part of it this layer may name).
 */
export function rateLimitSweepJob({
  database: { db },
}: {
  database: Database;
}): JobDefinition<'rate-limits.sweep'> {
  return {
    name: 'rate-limits.sweep',
    cron: '*/10 * * * *',
    async run() {
      const deleted = await db
        .delete(rateLimitHits)
        .where(lt(rateLimitHits.expiresAt, sql`now()`))
        .returning({ key: rateLimitHits.key });
      return { deleted: deleted.length };
    },
  };
}
