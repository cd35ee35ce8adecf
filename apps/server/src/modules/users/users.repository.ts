import type { Country } from '@redline/shared';
import { and, eq, inArray, not } from 'drizzle-orm';
import { users } from '../../auth/auth.schema.ts';
import type { Db } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { publish } from '../../events/index.ts';
import { deleteUnpaidBookingsOf } from '../bookings/index.ts';
import { carsForSale, lockCarsOfSeller, removeCarsOfSeller } from '../cars/index.ts';
import { dealerNames } from '../dealers/index.ts';

const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
};

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({
    where: eq(users.email, email),
    columns: { createdAt: false, updatedAt: false },
  });
}

/** The user's default location's postal code, null when they have none. */
export async function findPostalCode(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ postalCode: users.postalCode }).from(users).where(eq(users.id, id));
  return row?.postalCode ?? null;
}

/** Sets or clears the user's default location. */
export async function setLocation(
  db: Db,
  id: string,
  place: { postalCode: string; country: Country } | null,
) {
  await db
    .update(users)
    .set({ postalCode: place?.postalCode ?? null, country: place?.country ?? null })
    .where(eq(users.id, id));
}

/** Which of these addresses have an account. */
export async function existingEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return new Set(rows.map((row) => row.email));
}

/** A seller's public profile with how many cars they have for sale; undefined for anyone who is not a seller. */
export async function findSellerProfile(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      verified: users.isVerified,
      createdAt: users.createdAt,
      carsForSale: db.$count(carsForSale, eq(carsForSale.sellerId, users.id)),
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'Seller')));
  return row;
}

/** A page of the users of a role; a seller who is a dealer with their business's name and whether it is verified. */
export async function listUsersByRole(db: Db, role: 'Buyer' | 'Seller', limit: number, cursor?: string) {
  const page = keyset(users.createdAt, users.id, cursor);
  const rows = await db
    .select({
      ...publicColumns,
      renamedFrom: users.renamedFrom,
      businessName: dealerNames.businessName,
      dealerVerified: dealerNames.verified,
    })
    .from(users)
    .leftJoin(dealerNames, eq(dealerNames.sellerId, users.id))
    .where(and(eq(users.role, role), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.createdAt, r.id]);
}

/**
 * Verifies a user of this role; `changed` only when they were not verified before (verifying again
 * changes nothing and tells nobody).
 */
export async function setVerified(db: Db, id: string, role: 'Buyer' | 'Seller') {
  const of = and(eq(users.id, id), eq(users.role, role));
  const [verified] = await db
    .update(users)
    .set({ isVerified: true, renamedFrom: null })
    .where(and(of, not(users.isVerified)))
    .returning(publicColumns);
  if (verified) return { user: verified, changed: true };
  const [user] = await db.select(publicColumns).from(users).where(of);
  return user && { user, changed: false };
}

/** Deletes a user and what they own, in one transaction; sessions go with the user row. */
export async function deleteUser(db: Db, id: string) {
  return db.transaction(async (tx) => {
    // Locked first (cars, then the user, the order bookings take them in) so that no booking,
    // save or report can slip in between the statements below and outlive the rule.
    await lockCarsOfSeller(tx, id);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    await removeCarsOfSeller(tx, id);
    await deleteUnpaidBookingsOf(tx, id);
    const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (deleted.length > 0) await publish(tx, 'user.changed', { userId: id, change: 'deleted' });
    return deleted.length;
  });
}

/** Sets a user's role and announces it, in one transaction. */
export async function setRole(db: Db, email: string, role: 'Admin') {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ role }).where(eq(users.email, email)).returning(publicColumns);
    if (row) await publish(tx, 'user.changed', { userId: row.id, change: 'role-changed' });
    return row;
  });
}
