import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import type { ProviderEvent } from '../../payment-providers/payment-provider.ts';
import type { PaymentsContext } from './payments.service.ts';
import * as service from './payments.service.ts';
import { refundPayment } from './refunds.service.ts';

export function paymentsRoutes(context: PaymentsContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, contract.createPaymentIntent, (request) =>
      service.createPaymentIntent(context, currentUser(request), request.body),
    );
    // Registered whatever the provider, so that the API and its document are the same everywhere.
    serve(app, contract.confirmTestPayment, (request) =>
      service.confirmTestPayment(context, currentUser(request), request.body),
    );
    serve(app, contract.recordPayment, async (request, reply) => {
      const result = await service.recordPayment(context, currentUser(request), request.body);
      return reply.status(result.created ? 201 : 200).send({ insertedId: result.insertedId });
    });
    serve(app, contract.listPayments, (request) => service.listPayments(context, request.query));
    serve(app, contract.refundPayment, async (request, reply) => {
      const { refund, created } = await refundPayment(context, currentUser(request), request.params.id);
      return reply.status(created ? 201 : 200).send(refund);
    });

    await app.register(stripeWebhookRoute(context));
  };
}

/**
 * Stripe signs the exact bytes it sends, so this route keeps the raw body; the parser is
 * registered in this child plugin only and every other route still gets parsed JSON.
 */
function stripeWebhookRoute(context: PaymentsContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    serve(app, contract.receiveStripeEvent, async (request) => {
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
    });
  };
}
