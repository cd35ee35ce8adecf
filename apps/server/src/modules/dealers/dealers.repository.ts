import { and, eq, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { photoSizes } from '../photos/index.ts';
import { dealerProfiles, dealerVerifications } from './dealers.schema.ts';

export type DealerRow = typeof dealerProfiles.$inferInsert;

const dealerColumns = {
  businessName: dealerProfiles.businessName,
  logoKey: dealerProfiles.logoKey,
  logoWidth: photoSizes.width,
  logoHeight: photoSizes.height,
  street: dealerProfiles.street,
  postalCode: dealerProfiles.postalCode,
  country: dealerProfiles.country,
  city: dealerProfiles.city,
  region: dealerProfiles.region,
  hours: dealerProfiles.hours,
  phone: dealerProfiles.phone,
  website: dealerProfiles.website,
  about: dealerProfiles.about,
  verifiedAt: dealerProfiles.verifiedAt,
};

/** A seller's dealer profile with its logo's size, as pages show it; undefined for a private seller. */
export async function findDealer(db: Db | Tx, sellerId: string) {
  const [row] = await db
    .select(dealerColumns)
    .from(dealerProfiles)
    .leftJoin(photoSizes, eq(photoSizes.key, dealerProfiles.logoKey))
    .where(eq(dealerProfiles.sellerId, sellerId));
  return row;
}
export type FoundDealer = NonNullable<Awaited<ReturnType<typeof findDealer>>>;

/** A seller's dealer profile, locked until the transaction ends (a save and a verification take turns). */
export async function lockDealer(tx: Tx, sellerId: string) {
  const [row] = await tx
    .select()
    .from(dealerProfiles)
    .where(eq(dealerProfiles.sellerId, sellerId))
    .for('update');
  return row;
}

/** Makes or replaces a seller's dealer profile. */
export async function saveDealer(tx: Tx, sellerId: string, fields: Omit<DealerRow, 'sellerId'>) {
  await tx
    .insert(dealerProfiles)
    .values({ sellerId, ...fields })
    .onConflictDoUpdate({ target: dealerProfiles.sellerId, set: { ...fields, updatedAt: new Date() } });
}

export async function deleteDealer(tx: Tx, sellerId: string) {
  const deleted = await tx
    .delete(dealerProfiles)
    .where(eq(dealerProfiles.sellerId, sellerId))
    .returning({ verifiedAt: dealerProfiles.verifiedAt });
  return deleted[0];
}

/** Verifies the dealer (by this admin, now) or takes the verification back (null). */
export async function setVerified(tx: Tx, sellerId: string, adminId: string | null) {
  await tx
    .update(dealerProfiles)
    .set({ verifiedAt: adminId ? sql`now()` : null, verifiedBy: adminId })
    .where(eq(dealerProfiles.sellerId, sellerId));
}

export async function appendVerification(tx: Tx, entry: typeof dealerVerifications.$inferInsert) {
  await tx.insert(dealerVerifications).values(entry);
}

/** A page of a seller's verification history, newest first, with each admin's name. */
export async function listVerifications(db: Db, sellerId: string, limit: number, cursor?: string) {
  const page = keyset(dealerVerifications.createdAt, dealerVerifications.id, cursor);
  const rows = await db
    .select({
      id: dealerVerifications.id,
      action: dealerVerifications.action,
      note: dealerVerifications.note,
      adminId: users.id,
      adminName: users.name,
      createdAt: dealerVerifications.createdAt,
    })
    .from(dealerVerifications)
    .leftJoin(users, eq(users.id, dealerVerifications.adminId))
    .where(and(eq(dealerVerifications.sellerId, sellerId), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.createdAt, r.id]);
}

export async function isSeller(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'Seller')));
  return row !== undefined;
}

/**
 * Each dealer's business name and whether it is verified, by seller: what the users module's list of
 * sellers joins in its own statement (as the photos' `photoSizes`).
 */
export const dealerNames = new QueryBuilder()
  .select({
    sellerId: dealerProfiles.sellerId,
    businessName: dealerProfiles.businessName,
    verified: sql<boolean>`${isNotNull(dealerProfiles.verifiedAt)}`.as('verified'),
  })
  .from(dealerProfiles)
  .as('dealer_names');

/** Whether some dealer shows the photo of this key as its logo: what the photos' cleanup must keep. */
export const dealerLogo = (photoKey: SQLWrapper): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${dealerProfiles} where ${dealerProfiles.logoKey} = ${photoKey})`;
