/**
 * The configuration and the long-lived dependencies of one app, built once in `buildApp`: every route
 * module receives it and every service function takes it first (docs/architecture.md, "Dependencies").
 * A new long-lived dependency is one more field here.
 */
import type { Auth } from './auth/auth.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { CatalogueCache } from './catalogue/catalogue-cache.ts';
import type { Config } from './config/config.ts';
import type { AllowedOrigins } from './config/origins.ts';
import type { Database } from './db/client.ts';
import type { Readiness } from './http/health.ts';
import type { LiveUpdates } from './http/live-updates.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { Search } from './modules/search/index.ts';
import type { PaymentProvider } from './payment-providers/payment-provider.ts';
import type { RateLimits } from './rate-limits/rate-limits.ts';
import type { PhotoStore } from './storage/photo-store.ts';
import type { KeptPages } from './web/server-rendering.ts';

export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  /** The signed-in user of each accepted Cookie header, for a few seconds (auth/session-cache.ts). */
  sessions: SessionCache;
  /** The catalogue's answers, serialised and compressed (catalogue/catalogue-cache.ts). */
  catalogue: CatalogueCache;
  /**
   * The search over the cars for sale, with what it keeps in memory: its answers, the catalogue it
   * shows, each search's counts, the cars as columns (modules/search, ADR 36).
   */
  search: Search;
  /** The pages' HTML that looks the same to many visitors (web/server-rendering.ts): the catalogue's content too. */
  pages: KeptPages;
  /** The signed-in browsers' open live-updates streams on this instance (http/live-updates.ts). */
  live: LiveUpdates;
  mailer: Mailer;
  payments: PaymentProvider;
  photos: PhotoStore;
  /** The origins whose pages may write (PUBLIC_URL's, or every address the server answers at). */
  origins: AllowedOrigins;
  /** Every rate limit's counts, in the database (rate-limits/rate-limits.ts): the auth limits' and the routes'. */
  rateLimits: RateLimits;
  /** The durable job queue: enqueue with `jobs.send`, define a job with `jobs.define` (docs/architecture.md, Jobs). */
  jobs: JobQueue;
  /** Whether this instance takes new work (the readiness check); drained at SIGTERM. */
  readiness: Readiness;
  /** The Prometheus metrics (metrics/metrics.ts), served on METRICS_PORT when it is set. */
  metrics: Metrics;
}
