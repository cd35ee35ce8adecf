/**
 * Better Auth, configured for Redline: e-mail + password, optional Google (OpenID Connect with a
 * configurable issuer), password reset by e-mail, the address confirmed by an e-mailed link
 * (auth/sign-up.ts), roles as user fields. No cookie cache: a session
 * is checked against the database, then kept in each instance's session cache for a few seconds
 * (session-cache.ts). Its database hooks announce what Better Auth changes (`user.changed`,
 * `session.ended`), so signing out, a password reset or a rename takes effect at the next request,
 * on every instance.
 */
import { personNameSchema } from '@redline/shared';
import type { Logger } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq, like } from 'drizzle-orm';
import { authSecret } from '../config/auth-secret.ts';
import type { Config } from '../config/config.ts';
import { AllowedOrigins } from '../config/origins.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import { type DomainEvents, publish } from '../events/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { RateLimits } from '../rate-limits/rate-limits.ts';
import { authLimits, CLIENT_IP_HEADER } from './auth-limits.ts';
import { accountEmails, CONFIRMATION_LINK_SECONDS, signUpLimits } from './sign-up.ts';

export const SESSION_COOKIE_PREFIX = 'redline';

/**
 * A link at the address the user's browser asked from, when the server answers there: without
 * PUBLIC_URL, a user who opened Redline at 127.0.0.1 or at the machine's network address (a phone
 * on the same Wi-Fi) gets a link that works where they are, not one to localhost. With PUBLIC_URL
 * set, that is the only origin there is.
 */
function atOriginOf(url: string, origin: string | null | undefined, origins: AllowedOrigins): string {
  if (!origin || !origins.has(origin)) return url;
  const link = new URL(url);
  const at = new URL(origin);
  link.protocol = at.protocol;
  link.host = at.host;
  return link.href;
}

export function createAuth(
  config: Config,
  db: Db,
  mailer: Mailer,
  /** Where the library's log lines go: the app's log (http/logger.ts, `libraryLog`). */
  log: NonNullable<Logger['log']>,
  origins: AllowedOrigins = new AllowedOrigins(config),
  limits: RateLimits = new RateLimits(db),
) {
  const googleEnabled = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  // Better Auth writes users and sessions in statements of their own (its Drizzle adapter runs no
  // transaction by default) and runs these hooks after the write: the fact is published right after
  // it. A seller's name and verification are part of every view of their cars (the catalogue cache
  // follows user.changed); a session's user and its end are what the session cache holds.
  const userChanged = (change: DomainEvents['user.changed']['change']) => ({
    after: async (user: { id: string }) => {
      await publish(db, 'user.changed', { userId: user.id, change });
    },
  });
  // Sign-out, revocations, and the sessions a password change or reset revokes.
  const sessionEnded = {
    after: async (session: { id: string; userId: string }) => {
      await publish(db, 'session.ended', { userId: session.userId, sessionId: session.id });
    },
  };
  const emails = accountEmails({
    mailer,
    limits,
    publicUrl: config.publicUrl,
    at: (url, request) => atOriginOf(url, request?.headers.get('origin'), origins),
  });
  return betterAuth({
    appName: 'Redline',
    // Through the app's log, never the console: what the library logs can hold what a client sent.
    logger: { level: 'warn', log },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: authSecret(config),
    // Asked per request: the list follows the port the server listens on.
    trustedOrigins: () => [...origins.all],
    // Failed Google sign-ins land back on the login page, which shows the error.
    // An unexpected failure is thrown on to Fastify's error handler (logged there, answered 500 in
    // Redline's shape) rather than printed to the console by the library; its own errors still answer.
    onAPIError: { errorURL: '/user/login', throw: true },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'Buyer', input: true },
        isVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Signing up never signs in: the answer (Better Auth's generic one) is then the same for an
      // address that has an account, whose owner is e-mailed instead (auth/sign-up.ts, ADR 35).
      autoSignIn: false,
      onExistingUserSignUp: emails.existingAccount,
      minPasswordLength: 7,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }, request) => {
        const link = atOriginOf(url, request?.headers.get('origin'), origins);
        await mailer.send({
          to: user.email,
          subject: 'Reset your Redline password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Redline account. If it was you, open this link within an hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        });
      },
      // The link just used is consumed; the user's other reset links end with it.
      onPasswordReset: async ({ user }) => {
        await db
          .delete(verifications)
          .where(and(eq(verifications.value, user.id), like(verifications.identifier, 'reset-password:%')));
      },
    },
    // The address is confirmed by an e-mailed link; signing in does not wait for it, notification
    // e-mails do (modules/notifications). The link proves the address only: it signs no one in.
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: emails.confirmAddress,
      expiresIn: CONFIRMATION_LINK_SECONDS,
      autoSignInAfterVerification: false,
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      user: {
        create: userChanged('signed-up'),
        update: userChanged('updated'),
        delete: userChanged('deleted'),
      },
      session: { delete: sessionEnded },
    },
    // Sign-in, reset and password-change attempts are limited by Redline's own plugin (auth/auth-limits.ts),
    // sign-ups and confirmation e-mails by auth/sign-up.ts.
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth skips its origin and redirect checks when it thinks it runs under a test runner;
      // the tests must run the checks production runs (a reset link's redirect to another site).
      disableOriginCheck: false,
      // E-mails go out after the answer (Better Auth logs a failed one), so a reset answer for a real
      // account does not wait for its mail; an address without an account then answers alike.
      backgroundTasks: { handler: (task) => void task.catch(() => {}) },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      authLimits(limits),
      signUpLimits(limits, config.SIGN_UP_LIMIT),
      ...(googleEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  discoveryUrl: `${config.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // A Google sign-up always makes a Buyer. The provider's name follows the rule of a typed
                  // one, and no profile picture is kept (Redline shows none).
                  mapProfileToUser: (profile) => ({
                    name:
                      [profile.name, profile.email?.split('@')[0]]
                        .map((candidate) => personNameSchema.safeParse(candidate))
                        .find((result) => result.success)?.data ?? 'Google user',
                    image: undefined,
                    role: 'Buyer',
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        // `role` is an input field for sign-up only; /update-user would otherwise let anyone become Admin.
        // (Its route refuses fields it does not know; this holds for every other way in as well.)
        if (ctx.path !== '/sign-up/email' && body && typeof body === 'object' && 'role' in body) {
          throw new APIError('FORBIDDEN', {
            message: 'Roles cannot be changed.',
            code: 'ROLE_NOT_CHANGEABLE',
          });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
