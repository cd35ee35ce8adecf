/** Paying a test drive's fee, the admin's list of payments and refunds, and the provider's events. */
import { pageOf, pageQuerySchema } from '../common.ts';
import {
  confirmTestPaymentInputSchema,
  confirmTestPaymentResponseSchema,
  createPaymentIntentInputSchema,
  createPaymentIntentResponseSchema,
  paymentIdParamsSchema,
  paymentSchema,
  recordPaymentInputSchema,
  recordPaymentResponseSchema,
  refundSchema,
  stripeWebhookResponseSchema,
} from '../payments.ts';
import { defineRoute } from './route.ts';

const tags = ['payments'];

export const paymentsRoutes = {
  createPaymentIntent: defineRoute({
    method: 'POST',
    path: '/create-payment-intent',
    access: ['Buyer'],
    tags,
    operationId: 'createPaymentIntent',
    summary: 'Start paying the test-drive fee of one of your bookings (the server sets the amount)',
    body: createPaymentIntentInputSchema,
    responses: { 200: createPaymentIntentResponseSchema },
    otherStatuses: [404, 409, 503],
  }),
  confirmTestPayment: defineRoute({
    method: 'POST',
    path: '/payments/test-mode/confirm',
    access: ['Buyer'],
    tags,
    operationId: 'confirmTestPayment',
    summary:
      'Confirm a payment with a Stripe test card (test mode only, no real charge; 404 when the server takes real payments)',
    body: confirmTestPaymentInputSchema,
    responses: { 200: confirmTestPaymentResponseSchema },
    otherStatuses: [402, 404],
  }),
  recordPayment: defineRoute({
    method: 'POST',
    path: '/payment',
    access: ['Buyer'],
    tags,
    operationId: 'recordPayment',
    summary: 'Record a payment the provider confirms as succeeded (idempotent)',
    body: recordPaymentInputSchema,
    responses: { 200: recordPaymentResponseSchema, 201: recordPaymentResponseSchema },
    otherStatuses: [402, 404, 409, 503],
  }),
  listPayments: defineRoute({
    method: 'GET',
    path: '/payments',
    access: ['Admin'],
    tags,
    operationId: 'listPayments',
    summary: 'Recorded payments, newest first (admin)',
    query: pageQuerySchema,
    responses: { 200: pageOf(paymentSchema) },
  }),
  refundPayment: defineRoute({
    method: 'POST',
    path: '/payments/:id/refund',
    access: ['Admin'],
    tags,
    operationId: 'refundPayment',
    summary:
      "Give a payment's money back (admin); a test drive still ahead is cancelled. 201 when asked now, 200 with the refund it has (a refund not yet made is asked of the provider again)",
    params: paymentIdParamsSchema,
    responses: { 200: refundSchema, 201: refundSchema },
    otherStatuses: [404],
  }),
  receiveStripeEvent: defineRoute({
    method: 'POST',
    path: '/stripe/webhook',
    access: 'public',
    tags,
    operationId: 'receiveStripeEvent',
    summary:
      "Stripe's signed events (payment_intent.succeeded records the payment); 404 unless STRIPE_WEBHOOK_SECRET is set",
    responses: { 200: stripeWebhookResponseSchema },
    otherStatuses: [404],
  }),
};
