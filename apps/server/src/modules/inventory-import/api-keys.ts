/**
 * A dealer's API key for their feed (ADR 66): one at a time, made or rotated by the dealer (the old
 * one stops at once), revoked, shown once; only its SHA-256 is kept. A key is 32 random bytes, so a
 * fast hash is enough: nothing is left to guess that a slow one would protect.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, SessionUser } from '@redline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { actingAs, requireAccess, sellsForOf } from '../../access/record-access.ts';
import { users } from '../../auth/auth.schema.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dealerApiKeys } from './inventory-import.schema.ts';

type KeyContext = Pick<AppContext, 'database'>;

const KEY_PREFIX = 'rdk_';
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Makes the dealer's key, or a new one in place of the old: answers it, this once. */
export async function createApiKey(context: KeyContext, actor: SessionUser) {
  const sellerId = actingAs(actor);
  await requireAccess(context, actor, { permission: 'dealer.import', id: sellerId });
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const fields = { keyHash: hashOf(key), prefix: key.slice(0, 10), createdAt: new Date(), lastUsedAt: null };
  const [row] = await context.database.db
    .insert(dealerApiKeys)
    .values({ sellerId, ...fields })
    .onConflictDoUpdate({ target: dealerApiKeys.sellerId, set: fields })
    .returning({ createdAt: dealerApiKeys.createdAt });
  return { key, createdAt: row!.createdAt.toISOString() };
}

/** The dealer's key as kept (never the key itself), or null when they have none. */
export async function apiKeyOf(context: KeyContext, actor: SessionUser): Promise<ApiKey | null> {
  const sellerId = actingAs(actor);
  await requireAccess(context, actor, { permission: 'dealer.import', id: sellerId });
  const [row] = await context.database.db
    .select()
    .from(dealerApiKeys)
    .where(eq(dealerApiKeys.sellerId, sellerId));
  return row
    ? {
        prefix: row.prefix,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }
    : null;
}

/** Revokes the seller's key: also after they went back to selling privately. */
export async function revokeApiKey(context: KeyContext, actor: SessionUser) {
  const sellerId = actingAs(actor);
  await requireAccess(context, actor, { permission: 'dealer.revokeKey', id: sellerId });
  const deleted = await context.database.db
    .delete(dealerApiKeys)
    .where(eq(dealerApiKeys.sellerId, sellerId))
    .returning({ sellerId: dealerApiKeys.sellerId });
  return { deletedCount: deleted.length };
}

/** The account of the key, marked used now; null for a key that is not (or no longer) one. */
export async function dealerByKey(db: Db, key: string): Promise<SessionUser | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const [row] = await db
    .update(dealerApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .from(users)
    .where(and(eq(dealerApiKeys.keyHash, hashOf(key)), eq(users.id, dealerApiKeys.sellerId)))
    .returning({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isVerified: users.isVerified,
      emailVerified: users.emailVerified,
    });
  // The key's holder acts as the dealer account's owner, as its own session would.
  return row ? { ...row, sellsFor: await sellsForOf(db, row) } : null;
}
