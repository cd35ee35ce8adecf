/**
 * Payment rules: the server fixes the amount, only the provider's word marks a booking (or an
 * offer's deposit) paid, and each is paid exactly once whether the browser or the webhook reports it first.
 */
import {
  type ConfirmTestPaymentInput,
  type CreatePaymentIntentInput,
  CURRENCY,
  ERROR_CODES,
  HOLDING_DEPOSIT_CENTS,
  isOpenBooking,
  type OfferStatus,
  PAYMENT_ERROR_CODES,
  type PageQuery,
  type PaidFor,
  type Payment,
  type RecordPaymentInput,
  recordPaymentInputSchema,
  type SessionUser,
  TEST_DRIVE_FEE_CENTS,
} from '@redline/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import type { ProviderEvent } from '../../payment-providers/payment-provider.ts';
import { TestModeProvider } from '../../payment-providers/test-mode-provider.ts';
import type { PaymentBookings } from './payment-bookings.ts';
import type { PaymentOffers } from './payment-offers.ts';
import * as repo from './payments.repository.ts';
import { refundLatePayment, toRefund } from './refunds.service.ts';

/** The app's context, with what the payments module is handed of the bookings and the offers (`paymentsModule`, index.ts). */
export type PaymentsContext = AppContext & { bookings: PaymentBookings; offers: PaymentOffers };

const CAR_SOLD = 'This car has been sold: its test drive can no longer be paid.';
const CLOSED = 'This booking is no longer open: it can no longer be paid.';

/** Why a booking takes no payment, if it does not: its car sold, or the booking no longer ahead. */
function unpayable(booking: { carSold: boolean } & Parameters<typeof isOpenBooking>[0]) {
  if (booking.carSold) return CAR_SOLD;
  if (!isOpenBooking(booking)) return CLOSED;
  return undefined;
}

/** Why an offer takes no deposit, if it does not: only a car still reserved by it does. */
function noDeposit(offer: { status: OfferStatus }) {
  if (offer.status === 'accepted') return undefined;
  return offer.status === 'open'
    ? 'This offer has not been accepted: a deposit holds a car reserved for you.'
    : 'This car is no longer reserved for you: the deposit can no longer be paid.';
}

/** A call that works only when the server is configured for it (test-mode payments, Stripe webhooks). */
export const notConfigured = (message: string) => new AppError(404, ERROR_CODES.notFound, message);

/** What a payment copies of what it pays for. */
interface Copied {
  carName: string;
  sellerEmail: string;
  buyerEmail: string;
}

/** Where a purchase stands: paid already (a booking's flag), or why it takes no payment. */
interface Payability {
  isPaid: boolean;
  refusal: string | undefined;
}

/**
 * What a payment pays for, as the payment rules read it: a booking's test-drive fee, or the holding
 * deposit of an offer that reserved the car. Both go through the same path, with the same
 * exactly-once rules: one payment each (a unique index), recorded under the lock of what it pays for.
 */
interface Purchase {
  paidFor: { bookingId: string } | { offerId: string };
  amount: number;
  /** The provider's description of the charge. */
  description: string;
  /** What the errors call it. */
  record: string;
  alreadyPaid: string;
  wrongAmount: string;
  refunded: string;
  /** The buyer's, with what a payment copies; undefined when it is not theirs. */
  find(db: Db): Promise<(Copied & Payability) | undefined>;
  /** The buyer's, locked until the transaction ends; undefined when it is not theirs. */
  lock(tx: Tx): Promise<Payability | undefined>;
  /** Marks it paid in the transaction that records the payment, and tells of it unless it is refunded at once. */
  paid(tx: Tx, paymentId: string, refunded: boolean): Promise<void>;
}

function purchaseOf(context: PaymentsContext, buyerId: string, paidFor: PaidFor): Purchase {
  if (paidFor.offerId !== undefined) return depositOf(context, buyerId, paidFor.offerId);
  const { bookingId } = paidFor;
  const { bookings } = context;
  return {
    paidFor: { bookingId },
    amount: TEST_DRIVE_FEE_CENTS,
    description: 'Redline test drive',
    record: 'The booking',
    alreadyPaid: 'This booking is already paid.',
    wrongAmount: 'The payment amount does not match the test-drive fee.',
    refunded:
      'This booking was called off before your payment arrived: the payment is being refunded to your card.',
    async find(db) {
      const booking = await bookings.findOfBuyer(db, bookingId, buyerId);
      const refusal = booking?.carId ? unpayable(booking) : 'This car is no longer available.';
      return booking && { ...booking, refusal };
    },
    async lock(tx) {
      const booking = await bookings.lockOfBuyer(tx, bookingId, buyerId);
      return booking && { isPaid: booking.isPaid, refusal: unpayable(booking) };
    },
    async paid(tx, paymentId, refunded) {
      await bookings.markPaid(tx, bookingId);
      if (!refunded) await publish(tx, 'booking.paid', { bookingId, paymentId });
    },
  };
}

function depositOf(context: PaymentsContext, buyerId: string, offerId: string): Purchase {
  const { offers } = context;
  return {
    paidFor: { offerId },
    amount: HOLDING_DEPOSIT_CENTS,
    description: 'Redline holding deposit',
    record: 'The offer',
    alreadyPaid: 'The deposit for this reservation is already paid.',
    wrongAmount: 'The payment amount does not match the holding deposit.',
    refunded:
      'The reservation ended before your deposit arrived: the deposit is being refunded to your card.',
    async find(db) {
      const offer = await offers.findOfBuyer(db, offerId, buyerId);
      return offer && { ...offer, isPaid: false, refusal: noDeposit(offer) };
    },
    async lock(tx) {
      const offer = await offers.lockOfBuyer(tx, offerId, buyerId);
      return offer && { isPaid: false, refusal: noDeposit(offer) };
    },
    async paid(tx, paymentId, refunded) {
      if (!refunded) await publish(tx, 'deposit.paid', { offerId, paymentId });
    },
  };
}

/** The buyer may pay only for their own booking or offer (anyone else is told it does not exist). */
const requirePayer = (context: PaymentsContext, buyer: SessionUser, paidFor: PaidFor) =>
  paidFor.offerId !== undefined
    ? requireAccess(context, buyer, { permission: 'offer.pay', id: paidFor.offerId })
    : requireAccess(context, buyer, { permission: 'booking.pay', id: paidFor.bookingId });

export async function createPaymentIntent(
  context: PaymentsContext,
  buyer: SessionUser,
  input: CreatePaymentIntentInput,
) {
  await requirePayer(context, buyer, input);
  const provider = context.payments;
  const purchase = purchaseOf(context, buyer.id, input);
  const found = await purchase.find(context.database.db);
  if (!found) throw notFound(purchase.record);
  if (found.isPaid || (await repo.findPaymentOf(context.database.db, purchase.paidFor)))
    throw conflict(purchase.alreadyPaid);
  if (found.refusal) throw conflict(found.refusal);
  const [key, id] = paidForEntry(purchase.paidFor);
  const intent = await provider.createIntent({
    paidFor: purchase.paidFor,
    buyerId: buyer.id,
    description: purchase.description,
    amount: purchase.amount,
    currency: CURRENCY,
    idempotencyKey: `${key === 'bookingId' ? 'booking' : 'deposit'}-${id}`,
  });
  return {
    clientSecret: intent.clientSecret,
    provider: provider.name,
    publishableKey: provider.publishableKey,
  };
}

const paidForEntry = (paidFor: Purchase['paidFor']) =>
  'offerId' in paidFor
    ? (['offerId', paidFor.offerId] as const)
    : (['bookingId', paidFor.bookingId] as const);

/**
 * Test mode's stand-in for the card form of Stripe Elements; only the intent's own buyer may use it,
 * and no card is charged for a booking or a reservation called off since the intent was made.
 */
export async function confirmTestPayment(
  context: PaymentsContext,
  buyer: SessionUser,
  input: ConfirmTestPaymentInput,
) {
  const provider = context.payments;
  if (!(provider instanceof TestModeProvider)) throw notConfigured('Test-mode payments are off here.');
  await requireAccess(context, buyer, { permission: 'payment.confirm', id: input.clientSecret });
  const intent = await provider.findByClientSecret(input.clientSecret);
  if (!intent) throw notFound('The payment');
  const { bookingId, offerId } = intent.metadata;
  const paidFor = offerId ? { offerId } : bookingId ? { bookingId } : undefined;
  const found = paidFor && (await purchaseOf(context, buyer.id, paidFor).find(context.database.db));
  const refusal = found && !found.isPaid ? found.refusal : undefined;
  if (refusal) throw conflict(refusal);
  const result = await provider.confirm(intent.id, input.card);
  return { status: result.status, transactionId: result.id };
}

/** The buyer's report, from the browser, of a payment the provider confirms. */
export async function recordPayment(context: PaymentsContext, buyer: SessionUser, input: RecordPaymentInput) {
  await requirePayer(context, buyer, input);
  const purchase = purchaseOf(context, buyer.id, input);
  const outcome = await recordConfirmedPayment(context, buyer.id, purchase, input.transactionId);
  switch (outcome.kind) {
    case 'created':
      return { insertedId: outcome.payment.id, created: true };
    case 'existing':
      if (outcome.payment.transactionId !== input.transactionId) throw conflict(purchase.alreadyPaid);
      return { insertedId: outcome.payment.id, created: false };
    case 'refunded':
      throw conflict(purchase.refunded);
    case 'gone':
      throw notFound(purchase.record);
    case 'paidWithoutRecord':
      throw conflict(purchase.alreadyPaid);
  }
}

type RecordOutcome =
  | { kind: 'created' | 'existing' | 'refunded'; payment: repo.PaymentRow }
  | { kind: 'gone' | 'paidWithoutRecord' };

/**
 * Records a payment the provider confirms: succeeded, for the amount, and made for this booking or
 * offer by this buyer. The one path for both the browser's report and Stripe's webhook, whose word
 * names the buyer. Money taken for a booking called off meanwhile (declined, cancelled, its car
 * sold), or for a reservation that ended, is recorded and refunded at once, in one transaction.
 */
async function recordConfirmedPayment(
  context: PaymentsContext,
  buyerId: string,
  purchase: Purchase,
  transactionId: string,
): Promise<RecordOutcome> {
  const { db } = context.database;
  const provider = context.payments;
  const found = await purchase.find(db);
  if (!found) throw notFound(purchase.record);
  const recorded = await repo.findPaymentOf(db, purchase.paidFor);
  if (recorded) return { kind: 'existing', payment: recorded };
  if (found.isPaid) throw conflict(purchase.alreadyPaid);

  const intent = await provider.retrieveIntent(transactionId);
  if (!intent) throw badRequest('This transaction was not found.');
  const [key, id] = paidForEntry(purchase.paidFor);
  if (intent.metadata[key] !== id || intent.metadata.buyerId !== buyerId) {
    throw badRequest(`This transaction belongs to another ${key === 'bookingId' ? 'booking' : 'offer'}.`);
  }
  if (intent.status !== 'succeeded') {
    throw new AppError(402, PAYMENT_ERROR_CODES.notSucceeded, 'The payment has not succeeded.');
  }
  if (intent.amount !== purchase.amount || intent.currency !== CURRENCY) {
    throw badRequest(purchase.wrongAmount);
  }

  // The booking's or the offer's lock makes a concurrent cancellation, sale, release or answer wait, or this wait for it.
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    const locked = await purchase.lock(tx);
    if (!locked) return { kind: 'gone' };
    const existing = await repo.findPaymentOf(tx, purchase.paidFor);
    if (existing) return { kind: 'existing', payment: existing };
    if (locked.isPaid) return { kind: 'paidWithoutRecord' };
    const { payment, created } = await repo.insertPayment(tx, {
      ...purchase.paidFor,
      transactionId,
      price: intent.amount,
      currency: intent.currency,
      provider: provider.name,
      sellerEmail: found.sellerEmail,
      carName: found.carName,
      paidBy: found.buyerEmail,
    });
    if (!created) return { kind: 'existing', payment };
    const late = locked.refusal !== undefined;
    await purchase.paid(tx, payment.id, late);
    if (late) {
      await refundLatePayment(context, tx, payment);
      return { kind: 'refunded', payment };
    }
    return { kind: 'created', payment };
  });
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
  const parsed = recordPaymentInputSchema.safeParse({
    bookingId: metadata.bookingId,
    offerId: metadata.offerId,
    transactionId,
  });
  if (!parsed.success || !metadata.buyerId) {
    log.info({ transactionId }, 'stripe webhook: payment intent without a Redline booking or offer, ignored');
    return;
  }
  const purchase = purchaseOf(context, metadata.buyerId, parsed.data);
  const logged = { transactionId, ...purchase.paidFor };
  let outcome: RecordOutcome | undefined;
  try {
    outcome = await recordConfirmedPayment(context, metadata.buyerId, purchase, transactionId);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
  }
  if (outcome?.kind === 'refunded')
    log.info(logged, 'stripe webhook: payment for a booking called off or a reservation ended, refunded');
  // Money was taken but nothing can hold it (the buyer's account deleted meanwhile, or the booking or
  // deposit paid already with another payment): an operator must refund it in Stripe.
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
        kind: p.offerId ? 'deposit' : 'test-drive',
        bookingId: p.bookingId,
        offerId: p.offerId,
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
