/**
 * The signed-in user behind each Cookie header that Better Auth has accepted, kept in memory for a
 * few seconds: without it every signed-in request paid for Better Auth's endpoint machinery and its
 * session and user queries, several times the cost of the request's own work.
 *
 * The key is the whole Cookie header, the exact input Better Auth validated, so a header it refused
 * (a forged or tampered cookie) is never stored, and no cookie parsing of ours can read a header
 * differently from Better Auth's. An entry lives until its session expires or for TTL_MS, whichever
 * is sooner.
 *
 * The cache follows the domain events that make a cached session stale (`follow`), committed in
 * this instance or, on PostgreSQL, any other: `user.changed` (a rename, a verification, a role
 * change, a deletion, a dealer's profile), `session.ended` (a sign-out, a revocation, the sessions a
 * password change or reset revokes) and `team.changed` (whom a seller sells for, ADR 65). Each drops
 * that user's entries, and a dealer's change its team members' too (their sessions name the dealer);
 * a listener reconnection drops them all. Nothing
 * else Better Auth writes changes what an entry holds: a session's update only moves its expiry
 * later, and an account row (a password, a linked provider) is not part of it. TTL_MS is the
 * backstop for writes no event announces (SQL typed by an operator) and for events missed on a
 * listener connection that died silently (ADR 0009).
 */
import type { SessionUser } from '@redline/shared';
import type { EventBus } from '../events/index.ts';

export const SESSION_CACHE_TTL_MS = 10_000;
/** Only accepted sessions are stored; the bound keeps a flood of sign-ins from growing memory without end. */
const MAX_ENTRIES = 10_000;

/** Who a Cookie header signs in, and with which session (a live-updates stream ends with it). */
export interface SignedIn {
  user: SessionUser;
  sessionId: string;
}

export interface ValidSession extends SignedIn {
  expiresAt: Date;
}

interface Entry extends SignedIn {
  /** Epoch milliseconds. */
  until: number;
}

/** One per app, built in `buildApp` (`context.sessions`). */
export class SessionCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();

  /** The user and session of a Cookie header, from the cache or, on a miss, from `load` (Better Auth). */
  async get(cookie: string, load: () => Promise<ValidSession | null>): Promise<SignedIn | null> {
    const entry = this.entries.get(cookie);
    if (entry && entry.until > Date.now()) return { user: entry.user, sessionId: entry.sessionId };
    const version = this.version;
    const session = await load();
    if (!session) return null;
    // Auth state changed while loading: the answer may predate the change, so use it once but keep nothing.
    if (this.version === version) {
      const until = Math.min(session.expiresAt.getTime(), Date.now() + SESSION_CACHE_TTL_MS);
      this.entries.delete(cookie);
      this.entries.set(cookie, { user: session.user, sessionId: session.sessionId, until });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return { user: session.user, sessionId: session.sessionId };
  }

  /** Drops every entry of `userId`'s sessions, and of the sessions of those who sell for that account. */
  forget(userId: string) {
    this.version += 1;
    for (const [cookie, entry] of this.entries) {
      if (entry.user.id === userId || entry.user.sellsFor?.sellerId === userId) this.entries.delete(cookie);
    }
  }

  clear() {
    this.version += 1;
    this.entries.clear();
  }

  /** Subscribes to the facts that make a cached session stale (see above); returns the unsubscribes. */
  follow(events: EventBus): (() => void)[] {
    return [
      // A new account has no session cached yet.
      events.subscribe('user.changed', ({ userId, change }) => {
        if (change !== 'signed-up') this.forget(userId);
      }),
      events.subscribe('session.ended', ({ userId }) => this.forget(userId)),
      events.subscribe('team.changed', ({ memberId }) => this.forget(memberId)),
      events.onMissedEvents(() => this.clear()),
    ];
  }
}
