/**
 * Refunds: money goes back exactly once a payment, whichever asks first (a sale, a deletion, a
 * decline, a cancellation, a reservation released or lapsed, a payment that arrived for a booking
 * already called off or a reservation already ended, an admin). The refund is
 * written `pending` with the change that asks for it (the unique payment id makes a second ask
 * find the first); the job queue then asks the provider, after the change commits, and again with
 * back-off while it cannot be reached, the refund's id being the provider's idempotency key.
 */
import type { CancelReason, Refund, RefundReason, SessionUser } from '@redline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { PaymentBookings } from './payment-bookings.ts';
import type { PaymentOffers } from './payment-offers.ts';
import * as repo from './payments.repository.ts';

const REFUND_JOB = 'payments.refund';
/** A refund still pending this long is asked for again by the sweep, until it is this old. */
const SWEEP_AFTER_MINUTES = 15;
const GIVE_UP_AFTER_DAYS = 3;

type RefundContext = Pick<AppContext, 'database' | 'jobs' | 'payments'>;

export function toRefund(row: repo.RefundRow): Refund {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/**
 * Asks, inside `tx`, for the payment's whole amount back. A payment with a refund keeps it; with
 * `retry`, one not yet made is asked of the provider again (an admin's second click).
 */
async function requestRefund(
  context: RefundContext,
  tx: Db | Tx,
  payment: repo.RefundablePayment,
  reason: RefundReason,
  options: { requestedBy?: string; retry?: boolean } = {},
) {
  const created = await repo.insertRefund(tx, {
    paymentId: payment.id,
    amount: payment.price,
    reason,
    requestedBy: options.requestedBy ?? null,
  });
  if (created) {
    await context.jobs.send(REFUND_JOB, { refundId: created.id }, tx, { singletonKey: created.id });
    await publish(tx, 'refund.requested', {
      refundId: created.id,
      bookingId: payment.bookingId,
      offerId: payment.offerId,
      requestedBy: created.requestedBy,
    });
    return { refund: created, created: true };
  }
  const refund = options.retry ? await repo.askAgain(tx, payment.id) : undefined;
  if (refund) {
    await context.jobs.send(REFUND_JOB, { refundId: refund.id }, tx, { singletonKey: refund.id });
    return { refund, created: false };
  }
  const existing = await repo.refundOfPayment(tx, payment.id);
  if (!existing) throw new Error(`payment ${payment.id} has a refund that cannot be read`);
  return { refund: existing, created: false };
}

/** Why the money of a booking called off goes back. */
const REFUND_REASON: Record<CancelReason, RefundReason> = {
  buyer: 'buyer-cancelled',
  admin: 'admin',
  'car-sold': 'car-sold',
  'car-removed': 'car-removed',
};

/**
 * A paid booking that is declined or cancelled (by its buyer, an admin, its car's sale or removal)
 * is refunded with that change; so is the deposit of a reservation that ends without the car sold
 * to its buyer (released, lapsed, the car sold to someone else or removed). A car sold to the buyer
 * who confirmed the purchase keeps the deposit: it is the seller's.
 */
export function refundOnEvents(context: RefundContext): (() => void)[] {
  const { events } = context.database;
  const refundIfPaid = async (tx: Db | Tx, paidFor: repo.PaidFor, reason: RefundReason) => {
    const payment = await repo.refundablePaymentOf(tx, paidFor);
    if (payment) await requestRefund(context, tx, payment, reason);
  };
  return [
    events.react('booking.declined', (tx, { bookingId }) => refundIfPaid(tx, { bookingId }, 'declined')),
    // A booking never paid has no payment to read.
    events.react('booking.cancelled', async (tx, { bookingId, reason, isPaid }) => {
      if (isPaid) await refundIfPaid(tx, { bookingId }, REFUND_REASON[reason]);
    }),
    events.react('reservation.ended', async (tx, { offerId, reason }) => {
      if (reason !== 'sold-to-buyer') await refundIfPaid(tx, { offerId }, reason);
    }),
  ];
}

/**
 * A payment recorded for a booking no longer to happen (declined, cancelled, its car sold while the
 * buyer paid) goes straight back, in the transaction that records it.
 */
export function refundLatePayment(context: RefundContext, tx: Tx, payment: repo.RefundablePayment) {
  return requestRefund(context, tx, payment, 'late-payment');
}

/**
 * An admin gives a payment's money back (any payment, its test drive past or ahead; one still
 * ahead is then cancelled by the bookings module's reaction). Asking again for a refund the
 * provider has not made yet asks the provider again; a made one is answered as it is.
 */
export async function refundPayment(
  context: RefundContext & { bookings: PaymentBookings; offers: PaymentOffers },
  admin: SessionUser,
  paymentId: string,
) {
  const outcome = await context.database.db.transaction(async (tx) => {
    const payment = await repo.refundablePayment(tx, paymentId);
    // The booking or the offer locked: its own changes wait for the refund's transaction.
    const locked =
      payment &&
      (payment.offerId
        ? await context.offers.lock(tx, payment.offerId)
        : payment.bookingId !== null && (await context.bookings.lock(tx, payment.bookingId)));
    if (!payment || !locked) throw notFound('The payment');
    return requestRefund(context, tx, payment, 'admin', { requestedBy: admin.id, retry: true });
  });
  return { refund: toRefund(outcome.refund), created: outcome.created };
}

/**
 * Makes a pending refund with the provider. Throwing (the provider unreachable or refusing the
 * call) fails the attempt, which the queue repeats with back-off; the same idempotency key makes
 * a repeat after a lost answer return the first refund instead of a second one.
 */
export function refundJob(context: RefundContext): JobDefinition<typeof REFUND_JOB> {
  const { db } = context.database;
  return {
    name: REFUND_JOB,
    // One job a refund waiting at a time: an admin's second click while one waits adds none.
    policy: 'stately',
    async run({ refundId }, log: FastifyBaseLogger) {
      const refund = await repo.refundToMake(db, refundId);
      if (refund?.status !== 'pending') return { skipped: refund?.status ?? 'missing' };
      if (refund.provider !== context.payments.name) {
        throw new Error(`payment made with ${refund.provider}, but ${context.payments.name} is configured`);
      }
      let made: Awaited<ReturnType<typeof context.payments.refund>>;
      try {
        made = await context.payments.refund({
          intentId: refund.transactionId,
          amount: refund.amount,
          idempotencyKey: `refund-${refund.id}`,
        });
      } catch (error) {
        await repo.noteRefundError(db, refund.id, error instanceof Error ? error.message : String(error));
        throw error;
      }
      await db.transaction(async (tx) => {
        const settled = await repo.settleRefund(tx, refund.id, made);
        const { bookingId, offerId } = refund;
        if (settled?.status === 'succeeded')
          await publish(tx, 'refund.succeeded', {
            refundId: refund.id,
            bookingId,
            offerId,
            amount: refund.amount,
          });
        if (settled?.status === 'failed')
          await publish(tx, 'refund.failed', { refundId: refund.id, bookingId, offerId });
      });
      log.info({ refundId, providerRefundId: made.id, status: made.status }, 'refund made');
      return made;
    },
  };
}

/**
 * Every 15 minutes, asks again for the refunds still pending after their job's retries ran out (the
 * provider down for hours) or after the provider answered `pending` (Stripe's answer to the same
 * key then says whether it went through), for three days; after that an admin's Retry asks.
 */
export function refundSweepJob(context: RefundContext): JobDefinition<'payments.refund-sweep'> {
  return {
    name: 'payments.refund-sweep',
    cron: '*/15 * * * *',
    async run(_data, log) {
      const stuck = await repo.pendingRefunds(context.database.db, SWEEP_AFTER_MINUTES, GIVE_UP_AFTER_DAYS);
      for (const { id } of stuck)
        await context.jobs.send(REFUND_JOB, { refundId: id }, undefined, { singletonKey: id });
      if (stuck.length > 0) log.info({ count: stuck.length }, 'asked again for pending refunds');
      return { asked: stuck.length };
    },
  };
}
