import {
  confirmTestPaymentInputSchema,
  confirmTestPaymentResponseSchema,
  createPaymentIntentInputSchema,
  createPaymentIntentResponseSchema,
  pageOf,
  pageQuerySchema,
  paymentIdParamsSchema,
  paymentSchema,
  recordPaymentInputSchema,
  recordPaymentResponseSchema,
  refundSchema,
  stripeWebhookResponseSchema,
} from '@redline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { currentUser } from '../../http/access.ts';
import type { ProviderEvent } from '../../payment-providers/payment-provider.ts';
import * as service from './payments.service.ts';
import { refundPayment } from './refunds.service.ts';

const tags = ['payments'];

export function paymentsRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/create-payment-intent', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'createPaymentIntent',
        otherStatuses: [404, 409, 503],
        summary: 'Start paying the test-drive fee of one of your bookings (the server sets the amount)',
        body: createPaymentIntentInputSchema,
        response: { 200: createPaymentIntentResponseSchema },
      },
      handler: (request) => service.createPaymentIntent(context, currentUser(request), request.body),
    });

    // Registered whatever the provider, so that the API and its document are the same everywhere.
    app.post('/payments/test-mode/confirm', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'confirmTestPayment',
        otherStatuses: [402, 404],
        summary:
          'Confirm a payment with a Stripe test card (test mode only, no real charge; 404 when the server takes real payments)',
        body: confirmTestPaymentInputSchema,
        response: { 200: confirmTestPaymentResponseSchema },
      },
      handler: (request) => service.confirmTestPayment(context, currentUser(request), request.body),
    });

    app.post('/payment', {
      config: { access: ['Buyer'] },
      schema: {
        tags,
        operationId: 'recordPayment',
        otherStatuses: [402, 404, 409, 503],
        summary: 'Record a payment the provider confirms as succeeded (idempotent)',
        body: recordPaymentInputSchema,
        response: { 200: recordPaymentResponseSchema, 201: recordPaymentResponseSchema },
      },
      handler: async (request, reply) => {
        const result = await service.recordPayment(context, currentUser(request), request.body);
        return reply.status(result.created ? 201 : 200).send({ insertedId: result.insertedId });
      },
    });

    app.get('/payments', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'listPayments',
        summary: 'Recorded payments, newest first (admin)',
        querystring: pageQuerySchema,
        response: { 200: pageOf(paymentSchema) },
      },
      handler: (request) => service.listPayments(context, request.query),
    });

    app.post('/payments/:id/refund', {
      config: { access: ['Admin'] },
      schema: {
        tags,
        operationId: 'refundPayment',
        otherStatuses: [404],
        summary:
          "Give a payment's money back (admin); a test drive still ahead is cancelled. 201 when asked now, 200 with the refund it has (a refund not yet made is asked of the provider again)",
        params: paymentIdParamsSchema,
        response: { 200: refundSchema, 201: refundSchema },
      },
      handler: async (request, reply) => {
        const { refund, created } = await refundPayment(context, currentUser(request), request.params.id);
        return reply.status(created ? 201 : 200).send(refund);
      },
    });

    await app.register(stripeWebhookRoute(context));
  };
}

/**
 * Stripe signs the exact bytes it sends, so this route keeps the raw body; the parser is
 * registered in this child plugin only and every other route still gets parsed JSON.
 */
function stripeWebhookRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post('/stripe/webhook', {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'receiveStripeEvent',
        otherStatuses: [404],
        summary:
          "Stripe's signed events (payment_intent.succeeded records the payment); 404 unless STRIPE_WEBHOOK_SECRET is set",
        response: { 200: stripeWebhookResponseSchema },
      },
      handler: async (request) => {
        const webhooks = context.payments.webhooks;
        if (!webhooks) throw service.notConfigured('Stripe webhooks are not configured here.');
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
          throw badRequest('The webhook signature is missing.');
        }
        let event: ProviderEvent;
        try {
          event = webhooks.parseEvent(request.body, signature);
        } catch {
          throw badRequest('The webhook signature is invalid.');
        }
        await service.handleProviderEvent(context, event, request.log);
        return { received: true as const };
      },
    });
  };
}
