/**
 * Sign-up (issue 44, item 5): limited per client under a concurrent burst; the same answer for an
 * address that has an account as for a new one, whose owner is e-mailed instead; a new address is
 * confirmed by an e-mailed link, which can be sent again.
 */
import { routePatterns } from '@redline/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, vi } from 'vitest';
import { MAIL_LIMITS } from '../src/auth/auth-limits.ts';
import { SIGN_UP_LIMITS } from '../src/auth/sign-up.ts';
import { users } from '../src/db/schema.ts';
import { it } from './fixtures.ts';
import {
  as,
  cookieFrom,
  errorOf,
  followConfirmationLink,
  signUpUser,
  statusTally,
  TEST_PASSWORD,
  type TestApp,
  whoAmI,
} from './helpers.ts';

const ORIGIN = 'http://localhost:3000';
let clients = 0;
const signUp = (t: TestApp, payload: Record<string, unknown>, remoteAddress = `10.44.5.${++clients}`) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, remoteAddress });
const signIn = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: `10.44.6.${++clients}`,
  });
const mailsTo = (t: TestApp, email: string) => t.context.mailer.sent.filter((mail) => mail.to === email);

/** What an answer shows whoever sent it, the values that differ for every sign-up left out. */
function visible(res: LightMyRequestResponse) {
  const body = res.json() as { user: Record<string, unknown> };
  const { id, createdAt, updatedAt, ...user } = body.user;
  return {
    status: res.statusCode,
    cookies: res.headers['set-cookie'],
    keys: Object.keys(body).sort(),
    userKeys: Object.keys(body.user).sort(),
    user,
    types: [typeof id, typeof createdAt, typeof updatedAt],
  };
}

describe('the limit per client', () => {
  it('accepts exactly SIGN_UP_LIMIT sign-ups of a concurrent burst from one client, the rest 429 with Retry-After', async ({
    t,
  }) => {
    const limit = t.context.config.SIGN_UP_LIMIT;
    const burst = await Promise.all(
      Array.from({ length: limit + 15 }, (_, i) =>
        signUp(
          t,
          { name: 'Burst Person', email: `burst-${i}@example.test`, password: TEST_PASSWORD, role: 'Buyer' },
          '10.44.1.1',
        ),
      ),
    );
    expect(statusTally(burst)).toEqual({ 200: limit, 429: 15 });
    const refused = burst.filter((res) => res.statusCode === 429);
    for (const res of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorOf(res).code).toBe('too_many_requests');
    }
    const made = await t.db.select({ email: users.email }).from(users);
    expect(made.filter((user) => user.email.startsWith('burst-'))).toHaveLength(limit);
    // Another client is not held back.
    const other = await signUp(t, {
      name: 'Other Person',
      email: 'burst-other@example.test',
      password: TEST_PASSWORD,
      role: 'Buyer',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('an address that has an account', () => {
  it('is answered exactly as a new one; its owner is e-mailed and the account stays as it was', async ({
    t,
  }) => {
    const owner = await signUpUser(t, 'Buyer', { name: 'Olive Owner' });
    const before = await t.db.query.users.findFirst({ where: eq(users.id, owner.id) });
    const sentBefore = t.context.mailer.sent.length;

    const fresh = await signUp(t, {
      name: 'Mallory Probe',
      email: 'probe-new@example.test',
      password: 'another-pass-9',
      role: 'Seller',
    });
    const known = await signUp(t, {
      name: 'Mallory Probe',
      email: ` ${owner.email.toUpperCase()} `,
      password: 'another-pass-9',
      role: 'Seller',
    });

    const { user: freshUser, ...freshRest } = visible(fresh);
    const { user: knownUser, ...knownRest } = visible(known);
    expect(knownRest).toEqual(freshRest);
    expect(freshRest).toMatchObject({ status: 200, cookies: undefined });
    expect({ ...knownUser, email: 'probe-new@example.test' }).toEqual(freshUser);

    // The owner hears of it, with the way in; nothing of the account changed.
    await vi.waitFor(() => expect(mailsTo(t, owner.email).length).toBeGreaterThan(1));
    const [toOwner] = t.context.mailer.sent.slice(sentBefore).filter((mail) => mail.to === owner.email);
    expect(toOwner!.subject).toBe('Someone tried to sign up to Redline with your address');
    expect(toOwner!.text).toContain(`${ORIGIN}${routePatterns.login}`);
    expect(toOwner!.text).toContain(`${ORIGIN}${routePatterns.forgotPassword}`);
    expect(await t.db.query.users.findFirst({ where: eq(users.id, owner.id) })).toEqual(before);
    expect((await signIn(t, owner.email, 'another-pass-9')).statusCode).toBe(401);
    expect((await signIn(t, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('e-mails an address at most a few times an hour, with the same answer past it', async ({ t }) => {
    const owner = await signUpUser(t, 'Seller');
    const tries = SIGN_UP_LIMITS.emailsPerAddress.max + 2;
    for (let i = 0; i < tries; i++) {
      const res = await signUp(t, {
        name: 'Flood',
        email: owner.email,
        password: TEST_PASSWORD,
        role: 'Buyer',
      });
      expect(res.statusCode).toBe(200);
    }
    // Its confirmation link was the first of them.
    await vi.waitFor(() => expect(mailsTo(t, owner.email)).toHaveLength(SIGN_UP_LIMITS.emailsPerAddress.max));
  });
});

describe('confirming the address', () => {
  it('e-mails a new account a link that confirms its address and lands on the page saying so', async ({
    t,
  }) => {
    const email = 'confirm-me@example.test';
    expect(
      (await signUp(t, { name: 'Cora Confirm', email, password: TEST_PASSWORD, role: 'Buyer' })).statusCode,
    ).toBe(200);
    const signedIn = await signIn(t, email, TEST_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieFrom(signedIn);
    const me = () => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me()).json()).toMatchObject({ email, emailVerified: false });

    const landed = await followConfirmationLink(t, email);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe(routePatterns.emailConfirmed);
    // The link proves the address; it signs no one in.
    expect(landed.headers['set-cookie']).toBeUndefined();
    expect((await me()).json()).toMatchObject({ email, emailVerified: true });
  });

  it('still e-mails a password-reset link to an unconfirmed address (only its owner can use it)', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer', { emailVerified: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: user.email, redirectTo: `${ORIGIN}${routePatterns.resetPassword}` },
      remoteAddress: '10.44.3.1',
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(mailsTo(t, user.email).map((mail) => mail.subject)).toContain('Reset your Redline password'),
    );
  });

  it('sends a link that does not confirm to the page with the reason', async ({ t }) => {
    const email = 'tampered@example.test';
    await signUp(t, { name: 'Tom Tamper', email, password: TEST_PASSWORD, role: 'Buyer' });
    const mail = await vi.waitFor(() => {
      const found = mailsTo(t, email)[0];
      if (!found) throw new Error('no e-mail yet');
      return found;
    });
    const link = new URL(mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]);
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${routePatterns.emailConfirmed}?error=INVALID_TOKEN`);
    const user = await t.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(user?.emailVerified).toBe(false);
  });

  it('sends the link again to a signed-in user who asks, and a concurrent burst of asks is limited per client', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer', { emailVerified: false });
    const resend = () =>
      as(t, user, {
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { origin: ORIGIN },
        payload: { email: user.email },
        remoteAddress: '10.44.2.1',
      });
    const sentBefore = mailsTo(t, user.email).length;
    expect((await resend()).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsTo(t, user.email).length).toBe(sentBefore + 1));

    const burst = await Promise.all(Array.from({ length: MAIL_LIMITS.perClient.max + 5 }, resend));
    // One of the client's requests went before the burst.
    expect(statusTally(burst)).toEqual({ 200: MAIL_LIMITS.perClient.max - 1, 429: 6 });
    expect((await followConfirmationLink(t, user.email)).statusCode).toBe(302);
    expect((await whoAmI(t, user))?.emailVerified).toBe(true);
  });
});
