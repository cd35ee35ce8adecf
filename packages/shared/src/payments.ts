import { z } from 'zod';

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Error codes of failed card payments (Stripe's own codes), answered with status 402. */
export const PAYMENT_ERROR_CODES = {
  cardDeclined: 'card_declined',
  insufficientFunds: 'insufficient_funds',
  invalidNumber: 'invalid_number',
  expiredCard: 'expired_card',
  invalidExpiry: 'invalid_expiry',
  invalidCvc: 'invalid_cvc',
  testCardRequired: 'test_card_required',
  notSucceeded: 'payment_not_succeeded',
} as const;

const bookingId = z.guid({ error: 'Choose a booking' });
const offerId = z.guid({ error: 'Choose an offer' });

/** What a payment pays for: one of the buyer's bookings (its test-drive fee) or accepted offers (its holding deposit). */
export type PaidFor = { bookingId: string; offerId?: undefined } | { offerId: string; bookingId?: undefined };

/** One of `bookingId` and `offerId`, never both. */
function payingForOne(value: { bookingId?: string; offerId?: string }, context: z.RefinementCtx) {
  if (!value.bookingId && !value.offerId)
    context.addIssue({ code: 'custom', path: ['bookingId'], message: 'Choose a booking' });
  if (value.bookingId && value.offerId)
    context.addIssue({
      code: 'custom',
      path: ['offerId'],
      message: 'Pay for a booking or an offer, not both',
    });
}

const paidFor = { bookingId: bookingId.optional(), offerId: offerId.optional() };

/** Any `price` the client sends is dropped: the server fixes the amount. */
export const createPaymentIntentInputSchema = z
  .object(paidFor)
  .superRefine(payingForOne)
  .transform((value) => value as PaidFor);
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentInputSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().optional(),
});

/**
 * A card as typed into the test-mode form. Only the shape is checked here; the test-mode
 * provider answers the card rules (Luhn, expiry, CVC, test cards) with the provider's messages.
 */
export const testCardSchema = z.object({
  number: z
    .string({ error: 'Enter your card number' })
    .max(64, 'Your card number is invalid.')
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, 'Enter your card number').max(19, 'Your card number is invalid.')),
  expMonth: z.coerce
    .number({ error: 'Enter the expiry month' })
    .int('Enter the expiry month')
    .min(1, 'Enter a month from 1 to 12')
    .max(12, 'Enter a month from 1 to 12'),
  expYear: z.coerce
    .number({ error: 'Enter the expiry year' })
    .int('Enter the expiry year')
    .min(0, 'Enter the expiry year')
    .max(9999, 'Enter the expiry year'),
  cvc: z.string({ error: 'Enter the security code' }).trim().max(8, "Your card's security code is invalid."),
});
export type TestCard = z.infer<typeof testCardSchema>;

export const confirmTestPaymentInputSchema = z.object({
  clientSecret: z.string().min(1, 'The payment is not ready yet').max(200),
  card: testCardSchema,
});
export type ConfirmTestPaymentInput = z.infer<typeof confirmTestPaymentInputSchema>;

export const confirmTestPaymentResponseSchema = z.object({
  status: z.literal('succeeded'),
  transactionId: z.string(),
});

export const recordPaymentInputSchema = z
  .object({
    ...paidFor,
    transactionId: z
      .string({ error: 'The transaction id is required' })
      .max(255, 'Enter a valid transaction id')
      .regex(/^[A-Za-z0-9_]{1,255}$/, 'Enter a valid transaction id'),
  })
  .superRefine(payingForOne)
  .transform((value) => value as PaidFor & { transactionId: string });
export type RecordPaymentInput = z.infer<typeof recordPaymentInputSchema>;

export const recordPaymentResponseSchema = z.object({ insertedId: z.string() });

/**
 * Why money was given back: the seller declined the test drive, the car was sold or removed before
 * it, the buyer cancelled it before its start (BUYER_CANCELLATION_POLICY), the payment arrived for
 * a booking already called off, or an admin refunded it; for a holding deposit, the car was sold to
 * someone else or removed, the seller `released` the reservation, or it `lapsed` unconfirmed.
 */
export const REFUND_REASONS = [
  'declined',
  'car-sold',
  'car-removed',
  'buyer-cancelled',
  'late-payment',
  'admin',
  'released',
  'lapsed',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** `pending` until the provider confirms; `failed` when it refused (an admin may try again). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundSchema = z.object({
  id: z.string(),
  /** USD cents: the whole payment. */
  amount: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.string(),
  /** When the provider confirmed it. */
  refundedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const paymentIdParamsSchema = z.object({ id: z.guid({ error: 'Invalid payment id' }) });

/** What a payment pays for: a test drive's fee, or an accepted offer's holding deposit. */
export const PAYMENT_KINDS = ['test-drive', 'deposit'] as const;

/** A recorded payment as an admin sees it; `paidBy` is the buyer's e-mail, `productBy` the seller's. */
export const paymentSchema = z.object({
  id: z.string(),
  /** A test drive's fee, or an accepted offer's holding deposit. */
  kind: z.enum(PAYMENT_KINDS),
  /** The booking a test-drive fee paid for (null for a deposit). */
  bookingId: z.string().nullable(),
  /** The offer a deposit held the car for (null for a test-drive fee). */
  offerId: z.string().nullable(),
  paidBy: z.string(),
  productBy: z.string(),
  product: z.string(),
  price: z.number().int(),
  currency: z.string(),
  transactionId: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  refund: refundSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const stripeWebhookResponseSchema = z.object({ received: z.literal(true) });
