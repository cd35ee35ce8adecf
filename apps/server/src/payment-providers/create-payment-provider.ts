/** Kept apart from payment-provider.ts, whose interface the providers implement, so that no import cycle forms. */
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { TestModeProvider } from './test-mode-provider.ts';

/** The provider the configuration asks for; Stripe's SDK is loaded only when its keys are set. */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    const { StripeProvider } = await import('./stripe-provider.ts');
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new TestModeProvider(db);
}
