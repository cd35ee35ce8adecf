/**
 * Every rate limit's counts, in the database, so that all instances behind a load balancer count
 * the same hits (docs/security.md, "Rate limits"): the auth limits (auth/auth-limits.ts) and the
 * routes' `config.rateLimit` (@fastify/rate-limit, through `rateLimitStore`). A key's recent hits
 * are one row of `rate_limit_hits`, read and written under its lock by the function
 * `rate_limit_hit` (migration 0020): one round trip per hit, exact under concurrency.
 * Windows slide: a key is under its limit again as soon as its oldest counted hit is `windowMs` old.
 */

import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq, lt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';

/** At most `max` hits in any `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface Hit {
  /** The hit counted (the key was under its limit). */
  taken: boolean;
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

  constructor(db: Db | Tx, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** Counts a hit of `key` if it is under `limit`; a refused hit is not counted. */
  take(key: string, limit: RateLimit): Promise<Hit> {
    return this.hit(key, limit, false);
  }

  /**
   * Counts a hit of `key` that has happened (a failed sign-in), over the limit or not: the window
   * keeps the last `limit.max` hits.
   */
  record(key: string, limit: RateLimit): Promise<Hit> {
    return this.hit(key, limit, true);
  }

  /** `key`'s hits within the window, oldest first, and how long it must wait; counts nothing. */
  async recent(key: string, limit: RateLimit): Promise<Omit<Hit, 'taken'>> {
    const now = this.now();
    const [row] = await this.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, key));
    const recent = (row?.hits ?? []).map(Number).filter((t) => t > now - limit.windowMs);
    return timing(recent, limit, now);
  }

  /** Forgets `key`'s hits. */
  async clear(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_hits where key = ${key}`);
  }

  private async hit(key: string, limit: RateLimit, always: boolean): Promise<Hit> {
    const now = this.now();
    const [row] = await this.db
      // bigint arrays arrive as strings (node-postgres) or numbers (PGlite).
      .select({ taken: sql<boolean>`taken`, recent: sql<(string | number)[]>`recent` })
      .from(sql`rate_limit_hit(${key}, ${now}, ${limit.windowMs}, ${limit.max}, ${always})`);
    return { taken: row!.taken, ...timing(row!.recent.map(Number), limit, now) };
  }
}

function timing(recent: number[], limit: RateLimit, now: number): Omit<Hit, 'taken'> {
  const leaves = (hit: number | undefined) =>
    hit === undefined ? 0 : Math.max(0, hit + limit.windowMs - now);
  return {
    recent,
    // Until the hit `max` places before the next one leaves the window.
    waitMs: recent.length < limit.max ? 0 : leaves(recent[recent.length - limit.max]),
    resetMs: leaves(recent[0]),
  };
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

/** Drops the rows of keys whose every hit has left its window. */
export function rateLimitSweepJob(db: Db): JobDefinition {
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
