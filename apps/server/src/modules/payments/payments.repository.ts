import { and, eq, getTableColumns, isNotNull, ne, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { payments, refunds } from './payments.schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
/** What a refund needs of its payment. */
export type RefundablePayment = Pick<PaymentRow, 'id' | 'price' | 'bookingId' | 'offerId'>;

/**
 * Each payment by its booking, and each refund (its whole row) by its payment: read models the
 * bookings module joins (`bookingId`, then `paymentId`) so that a page of bookings stays one
 * statement. PostgreSQL inlines them, so the joins cost what joins of the tables did.
 */
export const bookingPayments = new QueryBuilder()
  .select({
    id: payments.id,
    bookingId: payments.bookingId,
    transactionId: payments.transactionId,
    paidAt: payments.createdAt,
  })
  .from(payments)
  .as('booking_payments');
/** Each holding deposit by its offer, with its refund's status if one was asked: a read model the offers module joins. */
export const offerDeposits = new QueryBuilder()
  .select({
    offerId: payments.offerId,
    amount: payments.price,
    paidAt: payments.createdAt,
    refundStatus: refunds.status,
  })
  .from(payments)
  .leftJoin(refunds, eq(refunds.paymentId, payments.id))
  .where(isNotNull(payments.offerId))
  .as('offer_deposits');
export const paymentRefunds = new QueryBuilder()
  .select(getTableColumns(refunds))
  .from(refunds)
  .as('payment_refunds');

/** What a payment pays for: a booking (its test-drive fee) or an offer (its holding deposit). */
export type PaidFor = { bookingId: string } | { offerId: string };

const paying = (paidFor: PaidFor) =>
  'offerId' in paidFor ? eq(payments.offerId, paidFor.offerId) : eq(payments.bookingId, paidFor.bookingId);

export function findPaymentOf(db: Db | Tx, paidFor: PaidFor) {
  return db.query.payments.findFirst({ where: paying(paidFor) });
}

/**
 * Stores the payment (the caller marks what it pays for paid when `created`); the unique indexes
 * are the last word, and a losing racer gets the winner's row instead (`created` false).
 */
export async function insertPayment(
  tx: Tx,
  values: Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'bookingId' | 'offerId'> & PaidFor,
) {
  const [created] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  if (created) return { payment: created, created: true };
  const winner = await tx.query.payments.findFirst({
    where: or(paying(values), eq(payments.transactionId, values.transactionId)),
  });
  if (!winner) throw new Error('payment insert conflicted but no conflicting row was found');
  return { payment: winner, created: false };
}

/** Recorded payments, newest first, each with its refund if any. */
export async function listPayments(db: Db, limit: number, cursor?: string) {
  const page = keyset(payments.createdAt, payments.id, cursor);
  const rows = await db
    .select({ ...getTableColumns(payments), refund: refunds })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.createdAt, r.id]);
}

const refundable = {
  id: payments.id,
  price: payments.price,
  bookingId: payments.bookingId,
  offerId: payments.offerId,
};

export async function refundablePaymentOf(
  tx: Db | Tx,
  paidFor: PaidFor,
): Promise<RefundablePayment | undefined> {
  const [row] = await tx.select(refundable).from(payments).where(paying(paidFor));
  return row;
}

export async function refundablePayment(tx: Db | Tx, id: string): Promise<RefundablePayment | undefined> {
  const [row] = await tx.select(refundable).from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment's refund, unless it has one already (undefined then). */
export async function insertRefund(tx: Db | Tx, values: typeof refunds.$inferInsert) {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.paymentId })
    .returning();
  return row;
}

export async function refundOfPayment(tx: Db | Tx, paymentId: string) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  return row;
}

/** Marks the payment's refund to be asked of the provider again, unless it has been made. */
export async function askAgain(tx: Db | Tx, paymentId: string) {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'pending', lastError: null })
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'succeeded')))
    .returning();
  return row;
}

/** A refund with what the provider needs to make it. */
export async function refundToMake(db: Db, id: string) {
  const [row] = await db
    .select({
      id: refunds.id,
      status: refunds.status,
      amount: refunds.amount,
      bookingId: payments.bookingId,
      offerId: payments.offerId,
      transactionId: payments.transactionId,
      provider: payments.provider,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, id));
  return row;
}

export async function noteRefundError(db: Db, id: string, message: string) {
  await db
    .update(refunds)
    .set({ lastError: message.slice(0, 500) })
    .where(eq(refunds.id, id));
}

/** What the provider answered; only a pending refund changes, so a repeated answer changes nothing. */
export async function settleRefund(tx: Tx, id: string, made: { id: string; status: RefundRow['status'] }) {
  const [row] = await tx
    .update(refunds)
    .set({
      status: made.status,
      providerRefundId: made.id,
      lastError: null,
      refundedAt: made.status === 'succeeded' ? sql`now()` : null,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** Refunds pending for more than `afterMinutes`, made less than `giveUpDays` ago. */
export function pendingRefunds(db: Db, afterMinutes: number, giveUpDays: number) {
  return db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        sql`${refunds.createdAt} < now() - make_interval(mins => ${afterMinutes})`,
        sql`${refunds.createdAt} > now() - make_interval(days => ${giveUpDays})`,
      ),
    );
}
