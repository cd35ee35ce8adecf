/** The queries behind record-level access (record-access.ts): only what each check needs to decide. */
import type { SellsFor } from '@redline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
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

export async function carAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select({ id: cars.id, sellerId: cars.sellerId }).from(cars).where(eq(cars.id, id));
  return row;
}

export async function offerAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: offers.id, carId: offers.carId, buyerId: offers.buyerId, sellerId: offers.sellerId })
    .from(offers)
    .where(eq(offers.id, id));
  return row;
}

export async function conversationAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
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
  return row;
}

/** A saved search, locked until the transaction it is read in ends (a rename and a deletion cannot interleave). */
export async function savedSearchAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: savedSearches.id, buyerId: savedSearches.buyerId })
    .from(savedSearches)
    .where(eq(savedSearches.id, id))
    .for('update');
  return row;
}

export async function bookingAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: bookings.id, buyerId: bookings.buyerId, sellerId: bookings.sellerId })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

/**
 * The booking as its lifecycle's rules read it, locked until the transaction it runs in ends: a
 * payment being recorded, a cancellation, a sale and the seller's answer cannot interleave.
 */
export async function lockedBookingAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
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
  return row;
}

/** A test-mode payment intent by its client secret, with the buyer it was made for. */
export async function paymentIntentAccess(db: Db | Tx, clientSecret: string) {
  const [row] = await db
    .select({ id: paymentIntents.id, buyerId: sql<string | null>`${paymentIntents.metadata}->>'buyerId'` })
    .from(paymentIntents)
    .where(eq(paymentIntents.clientSecret, clientSecret));
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
export async function reviewAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: reviews.id,
      buyerId: reviews.buyerId,
      sellerId: reviews.sellerId,
      hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
    })
    .from(reviews)
    .where(eq(reviews.id, id));
  return row;
}

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
export async function inventoryImportAccess(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: inventoryImports.id, dealerId: inventoryImports.dealerId })
    .from(inventoryImports)
    .where(eq(inventoryImports.id, id));
  return row;
}
