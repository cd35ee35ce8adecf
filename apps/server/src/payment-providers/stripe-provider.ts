/** Stripe through its official SDK; the card itself is entered in Stripe Elements and never reaches us. */

import type { RefundStatus } from '@redline/shared';
import Stripe from 'stripe';
import { unavailable } from '../errors.ts';
import type {
  CreateIntentInput,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
  RefundInput,
} from './payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  /** Only for tests that run a local fake of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly webhooks?: PaymentProvider['webhooks'];
  private readonly stripe: Stripe;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Redline' },
    });
    const secret = options.webhookSecret;
    if (secret) {
      this.webhooks = {
        parseEvent: (rawBody, signature) =>
          toProviderEvent(this.stripe.webhooks.constructEvent(rawBody, signature, secret)),
      };
    }
  }

  async createIntent(input: CreateIntentInput) {
    const intent = await callStripe(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          allowed_payment_method_types: ['card'],
          description: input.description,
          metadata: { ...input.paidFor, buyerId: input.buyerId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!intent.client_secret) throw unavailable('The payment service did not return a payment to confirm.');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id);
      return toProviderIntent(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
        return undefined;
      throw providerUnavailable(error);
    }
  }

  async refund(input: RefundInput) {
    const refund = await callStripe(() =>
      this.stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amount, reason: 'requested_by_customer' },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id, status: refundStatus(refund.status) };
  }
}

/** Stripe's refund states in Redline's three: a card refund is usually `succeeded` at once. */
function refundStatus(status: string | null): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
  };
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  if (!event.type.startsWith('payment_intent.')) return { type: event.type };
  const intent = event.data.object as Stripe.PaymentIntent;
  return { type: event.type, intent: { id: intent.id, metadata: { ...intent.metadata } } };
}

async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerUnavailable(error);
  }
}

/** Stripe's own failure is not the client's: answered as 503, logged with its cause. */
function providerUnavailable(error: unknown) {
  return Object.assign(unavailable('The payment service is unavailable. Please try again shortly.'), {
    cause: error,
  });
}
