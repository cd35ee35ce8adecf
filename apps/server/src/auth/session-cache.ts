/**
 * The signed-in user behind each Cookie header that Better Auth has accepted, kept in memory for a
 * few seconds: without it every signed-in request paid for Better Auth's endpoint machinery and its
 * session and user queries, several times the cost of the request's own work.
 *
 * The key is the whole Cookie header, the exact input Better Auth validated, so a header it refused
 * (a forged or tampered cookie) is never stored, and no cookie parsing of ours can read a header
 * differently from Better Auth's. An entry lives until its session expires or for TTL_MS, whichever
 * is sooner. Every change of auth state this process makes empties the cache, AFTER it commits
 * (`invalidateSessions(db)`): Better Auth's writes of users, sessions and accounts (the database
 * hooks in auth.ts: sign-out, revocation, password change and reset, user update and deletion)
 * and Redline's own writes of users (the users module). Another instance's changes are seen here
 * within TTL_MS (docs/security.md).
 */
import type { User } from '@redline/shared';
import type { Db } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';

export const SESSION_CACHE_TTL_MS = 10_000;
/** Only accepted sessions are stored; the bound keeps a flood of sign-ins from growing memory without end. */
const MAX_ENTRIES = 10_000;

export interface ValidSession {
  user: User;
  expiresAt: Date;
}

interface Entry {
  user: User;
  /** Epoch milliseconds. */
  until: number;
}

class SessionCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();

  async get(cookie: string, load: () => Promise<ValidSession | null>): Promise<User | null> {
    const entry = this.entries.get(cookie);
    if (entry && entry.until > Date.now()) return entry.user;
    const version = this.version;
    const session = await load();
    if (!session) return null;
    // Auth state changed while loading: the answer may predate the change, so use it once but keep nothing.
    if (this.version === version) {
      const until = Math.min(session.expiresAt.getTime(), Date.now() + SESSION_CACHE_TTL_MS);
      this.entries.delete(cookie);
      this.entries.set(cookie, { user: session.user, until });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return session.user;
  }

  clear() {
    this.version += 1;
    this.entries.clear();
  }
}

const cacheOf = perDatabase(() => new SessionCache());

/** The user of a Cookie header, from the cache or, on a miss, from `load` (Better Auth). */
export function cachedSessionUser(
  db: Db,
  cookie: string,
  load: () => Promise<ValidSession | null>,
): Promise<User | null> {
  return cacheOf(db).get(cookie, load);
}

/** Call after any committed write that can end a session or change a user (see the module comment). */
export function invalidateSessions(db: Db): void {
  cacheOf(db).clear();
}
