/**
 * Sign-up that tells no one who has an account (ADR 35): Better Auth answers a sign-up for a known
 * address exactly as for a new one (its generic answer, with `autoSignIn: false`), and the owner of
 * that address is e-mailed instead; a new address is sent a link that confirms it. Sign-ups are
 * limited per client, counted before the account is made; the e-mails are limited per address (a new
 * confirmation link is limited like a reset request, in auth-limits.ts).
 */
import { routePatterns } from '@redline/shared';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimits } from '../rate-limits/rate-limits.ts';
import { accountDigest, clientIp, tooManyRequests } from './auth-limits.ts';

const HOUR_MS = 60 * 60 * 1000;
export const SIGN_UP_LIMITS = {
  /**
   * Account e-mails (confirmation links, "this address has an account") per address: past it the
   * answer stays the same and no e-mail is sent, so nobody can flood an inbox through sign-up.
   */
  emailsPerAddress: { max: 3, windowMs: HOUR_MS },
} as const;
/** How long a confirmation link works. */
export const CONFIRMATION_LINK_SECONDS = 24 * 60 * 60;

/** `perClientPerHour`: sign-ups a client may make in an hour (SIGN_UP_LIMIT). */
export function signUpLimits(limits: RateLimits, perClientPerHour: number) {
  const perClient = { max: perClientPerHour, windowMs: HOUR_MS };
  return {
    id: 'redline-sign-up',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            // Taken (counted and checked in one statement) before the account is made.
            const hit = await limits.take(`sign-up:client:${clientIp(ctx)}`, perClient);
            if (!hit.taken) throw tooManyRequests(hit.waitMs, 'Too many sign-ups from your network.');
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

interface AccountEmailOptions {
  mailer: Mailer;
  limits: RateLimits;
  publicUrl: string;
  /** The link at the origin the user's browser asked from (auth.ts). */
  at: (url: string, request: Request | undefined) => string;
}

export interface Recipient {
  name: string;
  email: string;
}

/** Better Auth's callbacks that e-mail the owner of an address at sign-up. */
export function accountEmails({ mailer, limits, publicUrl, at }: AccountEmailOptions) {
  const send = async (to: Recipient, subject: string, text: string) => {
    const hit = await limits.take(
      `account-email:${accountDigest(to.email)}`,
      SIGN_UP_LIMITS.emailsPerAddress,
    );
    if (hit.taken) await mailer.send({ to: to.email, subject, text });
  };
  const page = (path: string, request: Request | undefined) => at(new URL(path, publicUrl).href, request);

  return {
    /** A new account (and a resend): the link confirms the address, then lands on the page that says so. */
    async confirmAddress({ user, url }: { user: Recipient; url: string }, request?: Request) {
      const link = new URL(url);
      link.searchParams.set('callbackURL', routePatterns.emailConfirmed);
      await send(
        user,
        'Confirm your e-mail address for Redline',
        `Hello ${user.name},\n\nOpen this link within a day to confirm that this address is yours. Redline e-mails you notifications only to a confirmed address:\n\n${at(link.href, request)}\n\nIf you did not sign up to Redline, ignore this e-mail: nothing more is sent to this address unless it is confirmed.\n`,
      );
    },
    /** A sign-up for an address that has an account: its owner hears of it, the one who tried does not. */
    async existingAccount({ user }: { user: Recipient }, request?: Request) {
      await send(
        user,
        'Someone tried to sign up to Redline with your address',
        `Hello ${user.name},\n\nSomeone tried to create a Redline account with this e-mail address, which already has one. If it was you, sign in:\n\n${page(routePatterns.login, request)}\n\nIf you have forgotten your password, choose a new one:\n\n${page(routePatterns.forgotPassword, request)}\n\nIf it was not you, ignore this e-mail: your account stays as it is.\n`,
      );
    },
  };
}
