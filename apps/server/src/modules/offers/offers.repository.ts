import type { OfferMoveKind, OfferSide, OfferStatus } from '@redline/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { dailyCounts } from '../../db/daily-counts.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { offerDeposits, type PaymentOffers } from '../payments/index.ts';
import { offerMoves, offers, waitlist } from './offers.schema.ts';

const buyerAccount = alias(users, 'buyer_account');
const sellerAccount = alias(users, 'seller_account');

function selectOffers(db: Db | Tx) {
  return db
    .select({
      id: offers.id,
      carId: offers.carId,
      carName: offers.carName,
      carPhoto: offers.carPhoto,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      buyerName: buyerAccount.name,
      sellerName: sellerAccount.name,
      conversationId: offers.conversationId,
      amount: offers.amount,
      status: offers.status,
      turn: offers.turn,
      expiresAt: offers.expiresAt,
      reservedUntil: offers.reservedUntil,
      purchaseConfirmedAt: offers.purchaseConfirmedAt,
      depositAmount: offerDeposits.amount,
      depositPaidAt: offerDeposits.paidAt,
      depositRefund: offerDeposits.refundStatus,
      createdAt: offers.createdAt,
      updatedAt: offers.updatedAt,
    })
    .from(offers)
    .innerJoin(buyerAccount, eq(buyerAccount.id, offers.buyerId))
    .innerJoin(sellerAccount, eq(sellerAccount.id, offers.sellerId))
    .leftJoin(offerDeposits, eq(offerDeposits.offerId, offers.id));
}

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

export async function findOffer(db: Db | Tx, id: string) {
  const [row] = await selectOffers(db).where(eq(offers.id, id));
  return row;
}

/** The offers `where` names, the latest change first. */
export async function listOffers(db: Db, where: SQL, limit: number, cursor: string | undefined) {
  const page = keyset(offers.updatedAt, offers.id, cursor);
  const rows = await selectOffers(db)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (row) => [row.updatedAt, row.id]);
}

const lockedColumns = {
  id: offers.id,
  carId: offers.carId,
  buyerId: offers.buyerId,
  sellerId: offers.sellerId,
  conversationId: offers.conversationId,
  amount: offers.amount,
  status: offers.status,
  turn: offers.turn,
  expiresAt: offers.expiresAt,
  reservedUntil: offers.reservedUntil,
  purchaseConfirmedAt: offers.purchaseConfirmedAt,
};

export type LockedOffer = NonNullable<Awaited<ReturnType<typeof lockOffer>>>;

/** The offer, locked until the transaction ends: its moves run one after the other. */
export async function lockOffer(tx: Db | Tx, id: string) {
  const [row] = await tx.select(lockedColumns).from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

/** The car's offers in these states, locked until the transaction ends. */
export function lockOffersOfCar(tx: Db | Tx, carId: string, statuses: OfferStatus[]) {
  return tx
    .select(lockedColumns)
    .from(offers)
    .where(and(eq(offers.carId, carId), inArray(offers.status, statuses)))
    .for('update');
}

/**
 * Inserts the buyer's open offer on the car; undefined when they have one open already (the unique
 * index `offers_open_idx` decides, so that two offers made at once cannot both stand).
 */
export async function insertOffer(tx: Tx, values: typeof offers.$inferInsert) {
  const [row] = await tx
    .insert(offers)
    .values(values)
    .onConflictDoNothing({ target: [offers.carId, offers.buyerId], where: sql.raw(`status = 'open'`) })
    .returning({ id: offers.id });
  return row;
}

/** Changes where the offer stands (the caller holds its lock and has applied the rules). */
export async function updateOffer(
  tx: Db | Tx,
  id: string,
  values: {
    status: OfferStatus;
    turn: OfferSide | null;
    expiresAt: Date | null;
    amount?: number;
    reservedUntil?: Date | null;
    purchaseConfirmedAt?: Date;
  },
) {
  await tx.update(offers).set(values).where(eq(offers.id, id));
}

export async function insertMove(
  tx: Db | Tx,
  values: { offerId: string; kind: OfferMoveKind; by: OfferSide | null; amount: number; message: string },
) {
  const [row] = await tx.insert(offerMoves).values(values).returning({ id: offerMoves.id });
  return row!.id;
}

/** What a notice of a move tells: the move, its offer's people and car. */
export async function offerMoveSummary(tx: Db | Tx, moveId: string) {
  const [row] = await tx
    .select({
      kind: offerMoves.kind,
      by: offerMoves.by,
      amount: offerMoves.amount,
      message: offerMoves.message,
      offerId: offers.id,
      carName: offers.carName,
      conversationId: offers.conversationId,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      buyerName: buyerAccount.name,
      sellerName: sellerAccount.name,
    })
    .from(offerMoves)
    .innerJoin(offers, eq(offers.id, offerMoves.offerId))
    .innerJoin(buyerAccount, eq(buyerAccount.id, offers.buyerId))
    .innerJoin(sellerAccount, eq(sellerAccount.id, offers.sellerId))
    .where(eq(offerMoves.id, moveId));
  return row;
}

/** What a holding deposit reads and locks of its offer: handed to the payments module by the app. */
export const paymentOffers: PaymentOffers = {
  async findOfBuyer(db, offerId, buyerId) {
    const [row] = await db
      .select({
        id: offers.id,
        status: offers.status,
        carName: offers.carName,
        sellerEmail: sellerAccount.email,
        buyerEmail: buyerAccount.email,
      })
      .from(offers)
      .innerJoin(buyerAccount, eq(buyerAccount.id, offers.buyerId))
      .innerJoin(sellerAccount, eq(sellerAccount.id, offers.sellerId))
      .where(and(eq(offers.id, offerId), eq(offers.buyerId, buyerId)));
    return row;
  },
  async lockOfBuyer(tx, offerId, buyerId) {
    const [row] = await tx
      .select({ status: offers.status })
      .from(offers)
      .where(and(eq(offers.id, offerId), eq(offers.buyerId, buyerId)))
      .for('update');
    return row;
  },
  async lock(tx, offerId) {
    const [row] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).for('update');
    return row !== undefined;
  },
};

/** Who a notice about an offer's deposit goes to, and what it names. */
export async function offerSummary(tx: Db | Tx, offerId: string) {
  const [row] = await tx
    .select({
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      carName: offers.carName,
      conversationId: offers.conversationId,
    })
    .from(offers)
    .where(eq(offers.id, offerId));
  return row;
}

/** The buyer's accepted offer on the car, if the car is reserved for them: its id. */
export async function acceptedOfferOf(db: Db | Tx, carId: string, buyerId: string) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.carId, carId), eq(offers.buyerId, buyerId), eq(offers.status, 'accepted')));
  return row?.id;
}

/** Whether the car is reserved for the buyer, by their accepted offer. */
export const isReservedFor = async (db: Db | Tx, carId: string, buyerId: string) =>
  (await acceptedOfferOf(db, carId, buyerId)) !== undefined;

export async function isWaiting(db: Db | Tx, carId: string, buyerId: string) {
  const [row] = await db
    .select({ carId: waitlist.carId })
    .from(waitlist)
    .where(and(eq(waitlist.carId, carId), eq(waitlist.buyerId, buyerId)));
  return row !== undefined;
}

export async function joinWaitlist(tx: Db | Tx, carId: string, buyerId: string) {
  await tx.insert(waitlist).values({ carId, buyerId }).onConflictDoNothing();
}

export async function leaveWaitlist(db: Db | Tx, carId: string, buyerId: string) {
  await db.delete(waitlist).where(and(eq(waitlist.carId, carId), eq(waitlist.buyerId, buyerId)));
}

/** Empties the car's waitlist; answers who was on it. */
export async function clearWaitlist(tx: Db | Tx, carId: string) {
  const rows = await tx
    .delete(waitlist)
    .where(eq(waitlist.carId, carId))
    .returning({ buyerId: waitlist.buyerId });
  return rows.map((row) => row.buyerId);
}

/** How many offers buyers made on each of these cars per day since `since`, whatever came of them. */
export function offersPerDay(db: Db | Tx, carIds: readonly string[], since: Date) {
  return dailyCounts(db, { table: offers, carId: offers.carId, at: offers.createdAt }, carIds, since);
}
