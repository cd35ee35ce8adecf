/**
 * Redline's limits on Better Auth's password endpoints, as a Better Auth plugin so that they key on
 * the endpoint that actually runs (its canonical path), whatever spelling of the URL reached it:
 * sign-in (sign-in-limiter.ts), the endpoints that send e-mail (reset and confirmation links), and
 * password changes.
 * The client's address comes from Fastify (request.ip, which honours TRUST_PROXY) in CLIENT_IP_HEADER.
 */
import { createHash } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { type RateLimits, toSeconds } from '../rate-limits/rate-limits.ts';
import { type HeldPlaces, type SignInAttempt, SignInThrottle } from './sign-in-limiter.ts';

/** Set by auth.routes.ts from Fastify's request.ip, replacing whatever the client sent. */
export const CLIENT_IP_HEADER = 'x-redline-client-ip';

const HOUR_MS = 60 * 60 * 1000;
/** Each endpoint that e-mails an address (a reset link, a confirmation link) has these, counted apart. */
export const MAIL_LIMITS = {
  /** Requests per client (IP address), whatever the addresses: past it a 429. */
  perClient: { max: 10, windowMs: HOUR_MS },
  /** E-mails per address: past it the answer stays the same but no further e-mail is sent. */
  perAddress: { max: 3, windowMs: HOUR_MS },
} as const;
/** Wrong current passwords per user at change-password. */
export const CHANGE_PASSWORD_LIMITS = { max: 5, windowMs: 15 * 60 * 1000 } as const;

/** The endpoints that e-mail an address: the key of their limits, and Better Auth's own answer, known address or not. */
const MAILING = {
  '/request-password-reset': {
    key: 'reset',
    refusal: 'Too many password reset requests.',
    answer: {
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    },
  },
  '/send-verification-email': {
    key: 'verification',
    refusal: 'Too many confirmation e-mails requested.',
    answer: { status: true },
  },
} as const;
const KNOWN_DEVICE_COOKIE = 'known_device';
const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** `limits`: the counts, shared by every instance (rate-limits/rate-limits.ts). */
export function authLimits(limits: RateLimits) {
  const signIn = new SignInThrottle(limits);
  // What each request's before hook took, for its after hook to keep or give back.
  const heldSignIns = new WeakMap<Request, HeldPlaces>();
  const heldPasswordChecks = new WeakMap<Request, { key: string; at: number }>();
  const on = (path: string) => (ctx: { path?: string }) => ctx.path === path;

  return {
    id: 'redline-limits',
    hooks: {
      before: [
        {
          matcher: on('/sign-in/email'),
          handler: createAuthMiddleware(async (ctx) => {
            const taken = await signIn.take(await signInAttempt(ctx));
            if ('waitMs' in taken) throw tooManyRequests(taken.waitMs, 'Too many failed sign-in attempts.');
            if (ctx.request) heldSignIns.set(ctx.request, taken.held);
          }),
        },
        {
          matcher: (ctx) => ctx.path !== undefined && Object.hasOwn(MAILING, ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const mailing = MAILING[ctx.path as keyof typeof MAILING];
            const request = await limits.take(
              `${mailing.key}:client:${clientIp(ctx)}`,
              MAIL_LIMITS.perClient,
            );
            if (!request.taken) throw tooManyRequests(request.waitMs, mailing.refusal);
            const email = await limits.take(
              `${mailing.key}:address:${accountDigest(emailOf(ctx))}`,
              MAIL_LIMITS.perAddress,
            );
            // The same answer as for any address, so the limit tells nothing about who has an account.
            if (!email.taken) return ctx.json(mailing.answer);
          }),
        },
        {
          matcher: on('/change-password'),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // Better Auth answers 401.
            // Taken before the current password is checked, given back unless it was wrong.
            const key = `change-password:${session.user.id}`;
            const check = await limits.take(key, CHANGE_PASSWORD_LIMITS);
            if (!check.taken) throw tooManyRequests(check.waitMs, 'Too many wrong passwords.');
            if (ctx.request) heldPasswordChecks.set(ctx.request, { key, at: check.at });
            // A new password always ends the other sessions (Better Auth keeps this one with a new cookie).
            return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
          }),
        },
      ],
      after: [
        {
          matcher: on('/sign-in/email'),
          handler: createAuthMiddleware(async (ctx) => {
            const held = ctx.request && heldSignIns.get(ctx.request);
            if (!held) return;
            if (ctx.context.newSession) {
              await signIn.succeeded(held);
              const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE, {
                maxAge: KNOWN_DEVICE_MAX_AGE_S,
              });
              await ctx.setSignedCookie(cookie.name, held.attempt.account, ctx.context.secret, {
                ...cookie.attributes,
                path: '/api/auth',
              });
            } else if (statusOf(ctx) !== 401) await signIn.refund(held);
          }),
        },
        {
          matcher: on('/change-password'),
          handler: createAuthMiddleware(async (ctx) => {
            const held = ctx.request && heldPasswordChecks.get(ctx.request);
            const returned = ctx.context.returned;
            if (held && !(isAPIError(returned) && returned.body?.code === 'INVALID_PASSWORD'))
              await limits.refund(held.key, held.at);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** Better Auth's reading of CLIENT_IP_HEADER: an IPv6 client is its /64, which one subscriber holds whole. */
export function clientIp(ctx: HookContext): string {
  return (ctx.headers && getIP(ctx.headers, ctx.context.options)) ?? 'unknown';
}

function emailOf(ctx: HookContext): string {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

async function signInAttempt(ctx: HookContext): Promise<SignInAttempt> {
  const account = accountDigest(emailOf(ctx));
  const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE);
  const device = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  return { ip: clientIp(ctx), account, knownDevice: device === account };
}

/**
 * An account named by a digest of its address, never the address itself: in the limits' keys (a
 * bounded length, whatever was typed) and in the known-device cookie.
 */
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
