/**
 * Redline's limits on Better Auth's password endpoints, as a Better Auth plugin so that they key on
 * the endpoint that actually runs (its canonical path), whatever spelling of the URL reached it:
 * sign-in (sign-in-limiter.ts), password-reset requests, and password changes.
 * The client's address comes from Fastify (request.ip, which honours TRUST_PROXY) in CLIENT_IP_HEADER.
 */
import { createHash } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { type RateLimits, toSeconds } from '../rate-limits/rate-limits.ts';
import { type SignInAttempt, SignInThrottle } from './sign-in-limiter.ts';

/** Set by auth.routes.ts from Fastify's request.ip, replacing whatever the client sent. */
export const CLIENT_IP_HEADER = 'x-redline-client-ip';

const HOUR_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_LIMITS = {
  /** Requests per client (IP address), whatever the addresses: past it a 429. */
  perClient: { max: 10, windowMs: HOUR_MS },
  /** E-mails per address: past it the answer stays the same but no further e-mail is sent. */
  perAddress: { max: 3, windowMs: HOUR_MS },
} as const;
/** Wrong current passwords per user at change-password. */
export const CHANGE_PASSWORD_LIMITS = { max: 5, windowMs: 15 * 60 * 1000 } as const;

/** Better Auth's own answer to a reset request, known address or not. */
const RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};
const KNOWN_DEVICE_COOKIE = 'known_device';
const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** `limits`: the counts, shared by every instance (rate-limits/rate-limits.ts). */
export function authLimits(limits: RateLimits) {
  const signIn = new SignInThrottle(limits);
  const on = (path: string) => (ctx: { path?: string }) => ctx.path === path;

  return {
    id: 'redline-limits',
    hooks: {
      before: [
        {
          matcher: on('/sign-in/email'),
          handler: createAuthMiddleware(async (ctx) => {
            const wait = await signIn.waitMs(await signInAttempt(ctx));
            if (wait > 0) throw tooManyRequests(wait, 'Too many failed sign-in attempts.');
          }),
        },
        {
          matcher: on('/request-password-reset'),
          handler: createAuthMiddleware(async (ctx) => {
            const request = await limits.take(
              `reset:client:${clientIp(ctx)}`,
              PASSWORD_RESET_LIMITS.perClient,
            );
            if (!request.taken) throw tooManyRequests(request.waitMs, 'Too many password reset requests.');
            const email = await limits.take(
              `reset:address:${emailOf(ctx)}`,
              PASSWORD_RESET_LIMITS.perAddress,
            );
            // The same answer as for any address, so the limit tells nothing about who has an account.
            if (!email.taken) return ctx.json(RESET_ANSWER);
          }),
        },
        {
          matcher: on('/change-password'),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // Better Auth answers 401.
            const { waitMs } = await limits.recent(
              wrongPasswordsKey(session.user.id),
              CHANGE_PASSWORD_LIMITS,
            );
            if (waitMs > 0) throw tooManyRequests(waitMs, 'Too many wrong passwords.');
            // A new password always ends the other sessions (Better Auth keeps this one with a new cookie).
            return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
          }),
        },
      ],
      after: [
        {
          matcher: on('/sign-in/email'),
          handler: createAuthMiddleware(async (ctx) => {
            const attempt = await signInAttempt(ctx);
            if (ctx.context.newSession) {
              await signIn.recordSuccess(attempt);
              const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE, {
                maxAge: KNOWN_DEVICE_MAX_AGE_S,
              });
              await ctx.setSignedCookie(cookie.name, accountDigest(attempt.email), ctx.context.secret, {
                ...cookie.attributes,
                path: '/api/auth',
              });
            } else if (statusOf(ctx) === 401) await signIn.recordFailure(attempt);
          }),
        },
        {
          matcher: on('/change-password'),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || returned.body?.code !== 'INVALID_PASSWORD') return;
            const session = await getSessionFromCtx(ctx);
            if (session) await limits.record(wrongPasswordsKey(session.user.id), CHANGE_PASSWORD_LIMITS);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

const wrongPasswordsKey = (userId: string) => `change-password:${userId}`;

/** Better Auth's reading of CLIENT_IP_HEADER: an IPv6 client is its /64, which one subscriber holds whole. */
export function clientIp(ctx: HookContext): string {
  return (ctx.headers && getIP(ctx.headers, ctx.context.options)) ?? 'unknown';
}

function emailOf(ctx: HookContext): string {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

async function signInAttempt(ctx: HookContext): Promise<SignInAttempt> {
  const email = emailOf(ctx);
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE);
  const device = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  return { ip: clientIp(ctx), email, knownDevice: device === accountDigest(email) };
}

/** The known-device cookie names the account by a digest, not by its address. */
export function accountDigest(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

function statusOf(ctx: HookContext): number | undefined {
  const returned = ctx.context.returned;
  return isAPIError(returned) ? returned.statusCode : undefined;
}

export function tooManyRequests(waitMs: number, reason: string) {
  const seconds = toSeconds(waitMs);
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: `${reason} Try again in ${Math.ceil(seconds / 60)} minute(s).`, code: 'TOO_MANY_REQUESTS' },
    { 'retry-after': String(seconds) },
  );
}
