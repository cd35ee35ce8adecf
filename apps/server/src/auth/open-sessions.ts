/** The sessions the live-updates streams were opened with (modules/notifications), checked in auth's table. */
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from './auth.schema.ts';

/** Which of these sessions still sign someone in: not ended (signed out, revoked, user deleted), not expired. */
export async function openSessionIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, [...ids]), gt(sessions.expiresAt, sql`now()`)));
  return new Set(rows.map((row) => row.id));
}
