/**
 * The queries behind record-level access (record-access.ts): only what each check needs to decide.
 * Each record's is a prepared statement (db/prepared-statements.ts), run by the database or by the
 * transaction the check is made in: every guarded route makes one.
 */
import type { SellsFor } from '@redline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Statements, Tx } from '../db/client.ts';
import { isUuid } from '../db/pagination.ts';
import {
  bookings,
  cars,
  conversationReports,
  conversations,
  dealerMembers,
  dealerProfiles,
  inventoryImports,
  offers,
  paymentIntents,
  reviews,
  savedSearches,
  users,
} from '../db/schema.ts';

const id = sql.placeholder('id');

/** The record of `statement` whose id is `recordId`; none for an id that is not a UUID (no record has it). */
async function recordById<Row>(
  statements: Statements,
  db: Db | Tx,
  recordId: string,
  name: string,
  statement: (db: Db) => { prepare(name: string): { execute(values: { id: string }): Promise<Row[]> } },
): Promise<Row | undefined> {
  if (!isUuid(recordId)) return undefined;
  const [row] = await statements.on(db, name, statement).execute({ id: recordId });
  return row;
}

const carById = (db: Db) =>
  db.select({ id: cars.id, sellerId: cars.sellerId }).from(cars).where(eq(cars.id, id));
export const carAccess = (statements: Statements, db: Db | Tx, carId: string) =>
  recordById(statements, db, carId, 'access_car', carById);

const offerById = (db: Db) =>
  db
    .select({ id: offers.id, carId: offers.carId, buyerId: offers.buyerId, sellerId: offers.sellerId })
    .from(offers)
    .where(eq(offers.id, id));
export const offerAccess = (statements: Statements, db: Db | Tx, offerId: string) =>
  recordById(statements, db, offerId, 'access_offer', offerById);

const conversationById = (db: Db) =>
  db
    .select({
      id: conversations.id,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      // Qualified by hand: a one-table select names its columns bare, which the subquery would misread.
      reported: sql<boolean>`exists (select 1 from ${conversationReports}
        where ${conversationReports}.conversation_id = ${conversations}.id)`,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
export const conversationAccess = (statements: Statements, db: Db | Tx, conversationId: string) =>
  recordById(statements, db, conversationId, 'access_conversation', conversationById);

/** A saved search, locked until the transaction it is read in ends (a rename and a deletion cannot interleave). */
const savedSearchById = (db: Db) =>
  db
    .select({ id: savedSearches.id, buyerId: savedSearches.buyerId })
    .from(savedSearches)
    .where(eq(savedSearches.id, id))
    .for('update');
export const savedSearchAccess = (statements: Statements, db: Db | Tx, savedSearchId: string) =>
  recordById(statements, db, savedSearchId, 'access_saved_search', savedSearchById);

const bookingById = (db: Db) =>
  db
    .select({ id: bookings.id, buyerId: bookings.buyerId, sellerId: bookings.sellerId })
    .from(bookings)
    .where(eq(bookings.id, id));
export const bookingAccess = (statements: Statements, db: Db | Tx, bookingId: string) =>
  recordById(statements, db, bookingId, 'access_booking', bookingById);

/**
 * The booking as its lifecycle's rules read it, locked until the transaction it runs in ends: a
 * payment being recorded, a cancellation, a sale and the seller's answer cannot interleave.
 */
const lockedBookingById = (db: Db) =>
  db
    .select({
      id: bookings.id,
      buyerId: bookings.buyerId,
      sellerId: bookings.sellerId,
      isPaid: bookings.isPaid,
      status: bookings.status,
      requestedDate: bookings.requestedDate,
      requestedTime: bookings.requestedTime,
      proposedDate: bookings.proposedDate,
      proposedTime: bookings.proposedTime,
    })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update');
export const lockedBookingAccess = (statements: Statements, db: Db | Tx, bookingId: string) =>
  recordById(statements, db, bookingId, 'access_locked_booking', lockedBookingById);

/** A test-mode payment intent by its client secret, with the buyer it was made for. */
const paymentIntentBySecret = (db: Db) =>
  db
    .select({ id: paymentIntents.id, buyerId: sql<string | null>`${paymentIntents.metadata}->>'buyerId'` })
    .from(paymentIntents)
    .where(eq(paymentIntents.clientSecret, sql.placeholder('clientSecret')));
export async function paymentIntentAccess(statements: Statements, db: Db | Tx, clientSecret: string) {
  const [row] = await statements
    .on(db, 'access_payment_intent', paymentIntentBySecret)
    .execute({ clientSecret });
  return row;
}

export async function userAccess(db: Db | Tx, email: string, role?: 'Buyer' | 'Seller') {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.email, email), role && eq(users.role, role)))
    .limit(1);
  return row;
}

/** A review: whose it is, and whether an admin hid it. */
const reviewById = (db: Db) =>
  db
    .select({
      id: reviews.id,
      buyerId: reviews.buyerId,
      sellerId: reviews.sellerId,
      hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
    })
    .from(reviews)
    .where(eq(reviews.id, id));
export const reviewAccess = (statements: Statements, db: Db | Tx, reviewId: string) =>
  recordById(statements, db, reviewId, 'access_review', reviewById);

/**
 * The account a seller sells for (ADR 65): their dealer's, with their role there, when they are in a
 * team; else their own, as its owner. The business name is the dealer's (null for a private seller).
 */
export async function sellingFor(db: Db, sellerId: string): Promise<SellsFor> {
  const [member] = await db
    .select({
      sellerId: dealerMembers.dealerId,
      role: dealerMembers.role,
      businessName: dealerProfiles.businessName,
    })
    .from(dealerMembers)
    .innerJoin(dealerProfiles, eq(dealerProfiles.sellerId, dealerMembers.dealerId))
    .where(eq(dealerMembers.memberId, sellerId));
  if (member) return member;
  const [own] = await db
    .select({ businessName: dealerProfiles.businessName })
    .from(dealerProfiles)
    .where(eq(dealerProfiles.sellerId, sellerId));
  return { sellerId, role: 'owner', businessName: own?.businessName ?? null };
}

/** A seller account, and whether it is a dealer (has a dealer profile). */
export async function dealerAccess(db: Db | Tx, sellerId: string) {
  const [row] = await db
    .select({ sellerId: users.id, isDealer: sql<boolean>`${dealerProfiles.sellerId} is not null` })
    .from(users)
    .leftJoin(dealerProfiles, eq(dealerProfiles.sellerId, users.id))
    .where(and(eq(users.id, sellerId), eq(users.role, 'Seller')));
  return row;
}

/** An inventory import: whose inventory it is. */
const inventoryImportById = (db: Db) =>
  db
    .select({ id: inventoryImports.id, dealerId: inventoryImports.dealerId })
    .from(inventoryImports)
    .where(eq(inventoryImports.id, id));
export const inventoryImportAccess = (statements: Statements, db: Db | Tx, importId: string) =>
  recordById(statements, db, importId, 'access_inventory_import', inventoryImportById);
