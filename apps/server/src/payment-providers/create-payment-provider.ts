/** Kept apart from payment-provider.ts, whose interface the providers implement, so that no import cycle forms. */
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { TestModeProvider } from './test-mode-provider.ts';

/** The provider the configuration asks for; Stripe's SDK is loaded only when Stripe is used. */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  if (config.payments.provider === 'stripe') {
    const { StripeProvider } = await import('./stripe-provider.ts');
    return new StripeProvider({
      secretKey: config.payments.secretKey,
      publishableKey: config.payments.publishableKey,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new TestModeProvider(db);
}
