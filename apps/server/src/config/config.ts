/** Configuration, read once from the environment and validated; a bad value stops start-up. */
import path from 'node:path';
import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
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
  /** Test-only: point the Stripe SDK at a local fake of Stripe's API. */
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: optional.pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: optional.pipe(z.enum(['http', 'https']).optional()),
  /** Where the built web app lives; served from the API's port in production. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../../web/dist')),
  /** Unset: seed in development and test, never in production (see loadConfig). */
  SEED_DEMO: optional.pipe(z.enum(['true', 'false']).optional()),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
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
  // Without a secret, sessions would be signed with one derived from the data path, which anyone can recompute.
  if (c.NODE_ENV === 'production' && !c.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production (at least 32 characters, e.g. `openssl rand -hex 32`)',
    );
  }
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO === undefined ? c.NODE_ENV !== 'production' : c.SEED_DEMO === 'true',
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    adminEmails: (c.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  };
}
