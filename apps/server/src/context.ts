/**
 * The configuration and the long-lived dependencies of one app, built once in `buildApp`: every route
 * module receives it and every service function takes it first (docs/architecture.md, "Dependencies").
 * A new long-lived dependency is one more field here.
 */
import type { Auth } from './auth/auth.ts';
import type { Config } from './config/config.ts';
import type { Database } from './db/client.ts';
import type { AllowedOrigins } from './http/origins.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import type { PhotoStore } from './modules/photos/photo-store.ts';

export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  payments: PaymentProvider;
  photos: PhotoStore;
  /** The origins whose pages may write (PUBLIC_URL's, or every address the server answers at). */
  origins: AllowedOrigins;
}
