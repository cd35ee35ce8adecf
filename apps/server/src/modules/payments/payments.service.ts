/**
 * Payment rules: the server fixes the amount, only the provider's word marks a booking paid,
 * and a booking is paid exactly once whether the browser or the webhook reports it first.
 */
import {
  type ConfirmTestPaymentInput,
  type CreatePaymentIntentInput,
  CURRENCY,
  ERROR_CODES,
  isOpenBooking,
  PAYMENT_ERROR_CODES,
  type PageQuery,
  type Payment,
  type RecordPaymentInput,
  recordPaymentInputSchema,
  TEST_DRIVE_FEE_CENTS,
  type User,
} from '@redline/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import type { ProviderEvent } from '../../payment-providers/payment-provider.ts';
import { TestModeProvider } from '../../payment-providers/test-mode-provider.ts';
import type { PaymentBookings } from './payment-bookings.ts';
import * as repo from './payments.repository.ts';
import { refundLatePayment, toRefund } from './refunds.service.ts';

/** The app's context, with what the payments module is handed of the bookings (`paymentsModule`, index.ts). */
export type PaymentsContext = AppContext & { bookings: PaymentBookings };

const ALREADY_PAID = 'This booking is already paid.';
const CAR_SOLD = 'This car has been sold: its test drive can no longer be paid.';
const CLOSED = 'This booking is no longer open: it can no longer be paid.';
const REFUNDED =
  'This booking was called off before your payment arrived: the payment is being refunded to your card.';

/** Why a booking takes no payment, if it does not: its car sold, or the booking no longer ahead. */
function unpayable(booking: { carSold: boolean } & Parameters<typeof isOpenBooking>[0]) {
  if (booking.carSold) return CAR_SOLD;
  if (!isOpenBooking(booking)) return CLOSED;
  return undefined;
}

/** A call that works only when the server is configured for it (test-mode payments, Stripe webhooks). */
export const notConfigured = (message: string) => new AppError(404, ERROR_CODES.notFound, message);

export async function createPaymentIntent(
  context: PaymentsContext,
  buyer: User,
  input: CreatePaymentIntentInput,
) {
  await requireAccess(context, buyer, { permission: 'booking.pay', id: input.bookingId });
  const provider = context.payments;
  const booking = await context.bookings.findOfBuyer(context.database.db, input.bookingId, buyer.id);
  if (!booking) throw notFound('The booking');
  if (booking.isPaid) throw conflict(ALREADY_PAID);
  if (!booking.carId) throw conflict('This car is no longer available.');
  const refusal = unpayable(booking);
  if (refusal) throw conflict(refusal);
  const intent = await provider.createIntent({
    bookingId: booking.id,
    buyerId: buyer.id,
    amount: TEST_DRIVE_FEE_CENTS,
    currency: CURRENCY,
    idempotencyKey: `booking-${booking.id}`,
  });
  return {
    clientSecret: intent.clientSecret,
    provider: provider.name,
    publishableKey: provider.publishableKey,
  };
}

/**
 * Test mode's stand-in for the card form of Stripe Elements; only the intent's own buyer may use it,
 * and no card is charged for a car sold since the intent was made.
 */
export async function confirmTestPayment(
  context: PaymentsContext,
  buyer: User,
  input: ConfirmTestPaymentInput,
) {
  const provider = context.payments;
  if (!(provider instanceof TestModeProvider)) throw notConfigured('Test-mode payments are off here.');
  await requireAccess(context, buyer, { permission: 'payment.confirm', id: input.clientSecret });
  const intent = await provider.findByClientSecret(input.clientSecret);
  if (!intent) throw notFound('The payment');
  const { bookingId } = intent.metadata;
  const booking = bookingId
    ? await context.bookings.findOfBuyer(context.database.db, bookingId, buyer.id)
    : undefined;
  const refusal = booking && !booking.isPaid ? unpayable(booking) : undefined;
  if (refusal) throw conflict(refusal);
  const result = await provider.confirm(intent.id, input.card);
  return { status: result.status, transactionId: result.id };
}

/** The buyer's report, from the browser, of a payment the provider confirms. */
export async function recordPayment(context: PaymentsContext, buyer: User, input: RecordPaymentInput) {
  await requireAccess(context, buyer, { permission: 'booking.pay', id: input.bookingId });
  const outcome = await recordConfirmedPayment(context, buyer.id, input);
  switch (outcome.kind) {
    case 'created':
      return { insertedId: outcome.payment.id, created: true };
    case 'existing':
      return sameOrConflict(outcome.payment, input.transactionId);
    case 'refunded':
      throw conflict(REFUNDED);
    case 'bookingGone':
      throw notFound('The booking');
    case 'paidWithoutRecord':
      throw conflict(ALREADY_PAID);
  }
}

type RecordOutcome =
  | { kind: 'created' | 'existing' | 'refunded'; payment: repo.PaymentRow }
  | { kind: 'bookingGone' | 'paidWithoutRecord' };

/**
 * Records a payment the provider confirms: succeeded, for the fee, and made for this booking by
 * this buyer. The one path for both the browser's report and Stripe's webhook, whose word names
 * the buyer. Money taken for a booking called off meanwhile (declined, cancelled, its car sold) is
 * recorded and refunded at once, in one transaction.
 */
async function recordConfirmedPayment(
  context: PaymentsContext,
  buyerId: string,
  input: RecordPaymentInput,
): Promise<RecordOutcome> {
  const { db } = context.database;
  const provider = context.payments;
  const { bookingId, transactionId } = input;
  const booking = await context.bookings.findOfBuyer(db, bookingId, buyerId);
  if (!booking) throw notFound('The booking');
  const recorded = await repo.findPaymentOfBooking(db, bookingId);
  if (recorded) return { kind: 'existing', payment: recorded };
  if (booking.isPaid) throw conflict(ALREADY_PAID);

  const intent = await provider.retrieveIntent(transactionId);
  if (!intent) throw badRequest('This transaction was not found.');
  if (intent.metadata.bookingId !== bookingId || intent.metadata.buyerId !== buyerId) {
    throw badRequest('This transaction belongs to another booking.');
  }
  if (intent.status !== 'succeeded') {
    throw new AppError(402, PAYMENT_ERROR_CODES.notSucceeded, 'The payment has not succeeded.');
  }
  if (intent.amount !== TEST_DRIVE_FEE_CENTS || intent.currency !== CURRENCY) {
    throw badRequest('The payment amount does not match the test-drive fee.');
  }

  // The booking's lock makes a concurrent cancellation, sale or answer wait, or this wait for it.
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    const locked = await context.bookings.lockOfBuyer(tx, bookingId, buyerId);
    if (!locked) return { kind: 'bookingGone' };
    const existing = await repo.findPaymentOfBooking(tx, bookingId);
    if (existing) return { kind: 'existing', payment: existing };
    if (locked.isPaid) return { kind: 'paidWithoutRecord' };
    const { payment, created } = await repo.insertPayment(tx, {
      bookingId,
      transactionId,
      price: intent.amount,
      currency: intent.currency,
      provider: provider.name,
      sellerEmail: booking.sellerEmail,
      carName: booking.carName,
      paidBy: booking.buyerEmail,
    });
    if (!created) return { kind: 'existing', payment };
    await context.bookings.markPaid(tx, bookingId);
    if (locked.carSold || !isOpenBooking(locked)) {
      await refundLatePayment(context, tx, payment);
      return { kind: 'refunded', payment };
    }
    await publish(tx, 'booking.paid', { bookingId, paymentId: payment.id });
    return { kind: 'created', payment };
  });
}

function sameOrConflict(payment: repo.PaymentRow, transactionId: string) {
  if (payment.transactionId !== transactionId) throw conflict(ALREADY_PAID);
  return { insertedId: payment.id, created: false };
}

/**
 * A verified `payment_intent.succeeded` records the payment like the browser would. Events that
 * can never be recorded are logged and acknowledged, because Stripe would otherwise retry them for days.
 */
export async function handleProviderEvent(
  context: PaymentsContext,
  event: ProviderEvent,
  log: FastifyBaseLogger,
) {
  if (event.type !== 'payment_intent.succeeded' || !event.intent) return;
  const { id: transactionId, metadata } = event.intent;
  const parsed = recordPaymentInputSchema.safeParse({ bookingId: metadata.bookingId, transactionId });
  if (!parsed.success || !metadata.buyerId) {
    log.info({ transactionId }, 'stripe webhook: payment intent without a Redline booking, ignored');
    return;
  }
  const logged = { transactionId, bookingId: parsed.data.bookingId };
  let outcome: RecordOutcome | undefined;
  try {
    outcome = await recordConfirmedPayment(context, metadata.buyerId, parsed.data);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
  }
  if (outcome?.kind === 'refunded')
    log.info(logged, 'stripe webhook: payment for a booking called off, refunded');
  // Money was taken but no booking can hold it (the buyer's account deleted meanwhile, or the booking
  // paid already with another payment): an operator must refund it in Stripe.
  const kept = outcome?.kind === 'created' || outcome?.kind === 'refunded';
  const same = outcome?.kind === 'existing' && outcome.payment.transactionId === transactionId;
  if (!kept && !same)
    log.error({ ...logged, outcome: outcome?.kind }, 'stripe webhook: succeeded payment not recorded');
}

export async function listPayments(context: AppContext, query: PageQuery) {
  const page = await repo.listPayments(context.database.db, query.limit, query.cursor);
  return {
    items: page.items.map(
      (p): Payment => ({
        id: p.id,
        bookingId: p.bookingId,
        paidBy: p.paidBy,
        productBy: p.sellerEmail,
        product: p.carName,
        price: p.price,
        currency: p.currency,
        transactionId: p.transactionId,
        provider: p.provider,
        createdAt: p.createdAt.toISOString(),
        refund: p.refund && toRefund(p.refund),
      }),
    ),
    nextCursor: page.nextCursor,
  };
}
