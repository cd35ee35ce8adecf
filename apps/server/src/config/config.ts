/** Configuration, read once from the environment and validated; a bad value stops start-up. */
import { isIP } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import { browsingSchema, DEFAULT_UNIT_SYSTEM, unitSystemSchema } from '@redline/shared';
import { z } from 'zod';
import { WEB_DIST_DEFAULT } from './paths.ts';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** An address, or an address range in CIDR notation (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none when unset (the client's
 * address is the connection's), a hop count (`1`: the nearest proxy), or the proxies' addresses.
 */
const trustProxy = optional
  .pipe(
    z
      .string()
      .refine(
        (v) => /^\d{1,2}$/.test(v) || v.split(',').every((entry) => isAddressOrRange(entry.trim())),
        'must be a hop count (like 1) or comma-separated addresses or CIDR ranges (like 127.0.0.1,10.0.0.0/8)',
      )
      .optional(),
  )
  .transform((v): false | string[] | ((address: string, hop: number) => boolean) => {
    if (v === undefined) return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      // As Fastify's own hop count (which its types do not declare): trust the `hops` nearest proxies.
      return (_address, hop) => hop < hops;
    }
    return v.split(',').map((entry) => entry.trim());
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** `::`: every address, IPv6 and IPv4 (http/listen.ts: IPv4's on a machine without IPv6). */
  HOST: z.string().default('::'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs session cookies; required in production. */
  AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAILS: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: optionalUrl.default('https://accounts.google.com'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Redline <no-reply@redline.local>'),
  S3_BUCKET: optional,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: optionalUrl,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** `stripe`: real card payments (needs the keys above); `test`: the built-in test mode, no card charged. Unset: see loadConfig. */
  PAYMENTS: optional.pipe(z.enum(['stripe', 'test']).optional()),
  /** Test-only: point the Stripe SDK at a local fake of Stripe's API. */
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: optional.pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: optional.pipe(z.enum(['http', 'https']).optional()),
  /** Where the built web app lives; served from the API's port in production. */
  WEB_DIST: z.string().default(WEB_DIST_DEFAULT),
  /** Unset: seed in development and test, never in production (see loadConfig). */
  SEED_DEMO: optional.pipe(z.enum(['true', 'false']).optional()),
  /** Serve the OpenAPI document and Swagger UI at /api/docs; default: on except in production. */
  API_DOCS: optional.pipe(z.enum(['true', 'false']).optional()),
  /** Serve Prometheus metrics at /metrics on this port (never the public one); unset: not served. */
  METRICS_PORT: optional.pipe(z.coerce.number<string>().int().min(0).max(65535).optional()),
  /** The address the metrics port listens on: this machine only unless the operator opens it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Shed requests (503, Retry-After) while the event loop lags more than this on average; 0: never (see loadConfig). */
  OVERLOAD_EVENT_LOOP_DELAY_MS: optional.pipe(z.coerce.number<string>().int().min(0).optional()),
  /** Shed requests while the JavaScript heap holds more than this; unset: 95% of the heap's limit; 0: never. */
  OVERLOAD_HEAP_USED_MB: optional.pipe(z.coerce.number<string>().int().min(0).optional()),
  /** Shed requests while the process holds more memory than this (resident); 0: never. */
  OVERLOAD_RSS_MB: z.coerce.number<string>().int().min(0).default(0),
  /** On SIGTERM, answer not ready for this long before closing, so a load balancer stops sending first. */
  DRAIN_SECONDS: z.coerce.number<string>().int().min(0).max(300).default(0),
  /**
   * Who may browse the cars for sale (home page cars, categories, search and its suggestions, car and
   * seller pages): `public`, anyone, signed in or not (the default, issue 47); `signed-in`, only
   * signed-in users, as the product was first specified (docs/spec-deviations.md).
   */
  BROWSING: optional.pipe(browsingSchema.default('public')),
  /**
   * The market's units, which pages show a visitor who has not chosen (the footer's switch) and
   * e-mails use: `imperial` (the United States: miles, mph; the default) or `metric` (km, km/h).
   */
  MARKET_UNITS: optional.pipe(unitSystemSchema.default(DEFAULT_UNIT_SYSTEM)),
  /** The most cars a page of the sitemap lists (web/crawlers.ts); sitemaps.org allows 50,000. */
  SITEMAP_PAGE_SIZE: z.coerce.number<string>().int().min(1).max(50_000).default(50_000),
  /** How long an open offer waits for its answer before it expires (modules/offers), in hours. */
  OFFER_EXPIRY_HOURS: z.coerce.number<string>().int().min(1).max(720).default(48),
  /**
   * How long a car an accepted offer reserved stays reserved without its buyer confirming the
   * purchase (modules/offers), in hours: then it lapses, is for sale again and a deposit is refunded.
   */
  OFFER_RESERVATION_HOURS: z.coerce.number<string>().int().min(1).max(2160).default(168),
  /** Sign-ups a client (IP address) may make in an hour; past it a 429 (auth/sign-up.ts). */
  SIGN_UP_LIMIT: z.coerce.number<string>().int().min(1).default(10),
  /** Live-updates streams one client address may hold open on an instance; one more is refused (503). */
  LIVE_STREAMS_PER_CLIENT: z.coerce.number<string>().int().min(1).default(6),
  /** Live-updates streams an instance holds open in all; unset: one per 2 MB of Node's heap limit. */
  LIVE_STREAMS_MAX: optional.pipe(z.coerce.number<string>().int().min(1).optional()),
  /** How often each open live-updates stream's session is checked again (a backstop for missed ends). */
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number<string>().int().min(1).max(3600).default(60),
});

/** How bookings are paid: Stripe with its keys, or the built-in test mode, where no card is charged. */
export type PaymentsConfig =
  | { provider: 'stripe'; secretKey: string; publishableKey: string }
  | { provider: 'test' };

export type Config = Omit<
  z.infer<typeof envSchema>,
  | 'SEED_DEMO'
  | 'OVERLOAD_EVENT_LOOP_DELAY_MS'
  | 'LIVE_STREAMS_MAX'
  | 'PAYMENTS'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_PUBLISHABLE_KEY'
> & {
  SEED_DEMO: boolean;
  OVERLOAD_EVENT_LOOP_DELAY_MS: number;
  LIVE_STREAMS_MAX: number;
  payments: PaymentsConfig;
  apiDocs: boolean;
  dataDir: string;
  publicUrl: string;
  adminEmails: string[];
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const problems: string[] = [];
  // Without a secret, sessions would be signed with one derived from the data path, which anyone can recompute.
  if (c.NODE_ENV === 'production' && !c.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET: required when NODE_ENV=production (at least 32 characters, e.g. `openssl rand -hex 32`)',
    );
  }
  const payments = paymentsConfig(c);
  if (typeof payments === 'string') problems.push(payments);
  if (problems.length > 0 || typeof payments === 'string') {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const { PAYMENTS, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, ...rest } = c;
  return {
    ...rest,
    payments,
    SEED_DEMO: c.SEED_DEMO === undefined ? c.NODE_ENV !== 'production' : c.SEED_DEMO === 'true',
    apiDocs: c.API_DOCS === undefined ? c.NODE_ENV !== 'production' : c.API_DOCS === 'true',
    // On the embedded database, queries run on the event loop: a long one would look like overload,
    // and there is no other instance to take the shed requests. On PostgreSQL a lagging loop is a
    // busy CPU, and the load balancer can send the request elsewhere.
    OVERLOAD_EVENT_LOOP_DELAY_MS: c.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (c.DATABASE_URL ? 1000 : 0),
    // An open stream holds a socket and a little memory: the process's size bounds how many it keeps.
    LIVE_STREAMS_MAX:
      c.LIVE_STREAMS_MAX ?? Math.floor(v8.getHeapStatistics().heap_size_limit / (2 * 1024 * 1024)),
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    adminEmails: (c.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  };
}

const STRIPE_KEYS = 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY';

/**
 * Stripe when its keys are set, unless PAYMENTS=test asks for the test mode. Without the keys, the
 * test mode in development and test; production refuses to start rather than let a test card "pay"
 * unless the operator chose it with PAYMENTS=test. A string is what is wrong.
 */
function paymentsConfig(c: z.infer<typeof envSchema>): PaymentsConfig | string {
  const keys =
    c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY
      ? { secretKey: c.STRIPE_SECRET_KEY, publishableKey: c.STRIPE_PUBLISHABLE_KEY }
      : undefined;
  if (c.PAYMENTS === 'test') return { provider: 'test' };
  if (keys) return { provider: 'stripe', ...keys };
  if (c.PAYMENTS === 'stripe') return `${STRIPE_KEYS}: required when PAYMENTS=stripe`;
  if (c.NODE_ENV === 'production') {
    return `${STRIPE_KEYS}: required when NODE_ENV=production, to take real card payments; or set PAYMENTS=test for the test mode, where no card is charged`;
  }
  return { provider: 'test' };
}
