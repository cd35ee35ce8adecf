import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { AUTH_ENDPOINTS } from '../src/auth/auth-endpoints.ts';
import { SIGN_IN_LIMITS } from '../src/auth/sign-in-limiter.ts';
import { users } from '../src/db/schema.ts';
import { it } from './fixtures.ts';
import {
  as,
  cookieFrom,
  errorOf,
  signUpUser,
  statusTally,
  TEST_PASSWORD,
  type TestApp,
  whoAmI,
} from './helpers.ts';

const signUp = (t: TestApp, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
const signIn = (t: TestApp, email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('sign-up', () => {
  it.for(['Buyer', 'Seller'])(
    'creates a %s with isVerified false, signed out, its address unconfirmed',
    async (role, { t }) => {
      const email = `new-${role.toLowerCase()}@example.test`;
      const res = await signUp(t, { name: 'New Person', email, password: TEST_PASSWORD, role });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      const signedIn = await signIn(t, email, TEST_PASSWORD, `10.0.3.${role.length}`);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: cookieFrom(signedIn) },
      });
      expect(me.json()).toMatchObject({
        email,
        role,
        isVerified: false,
        name: 'New Person',
        emailVerified: false,
      });
    },
  );

  it.for([['Admin'], [undefined], ['Owner']])('refuses role %s and stores nothing', async ([role], { t }) => {
    const email = `bad-role-${String(role)}@example.test`;
    const res = await signUp(t, { name: 'Sneaky', email, password: TEST_PASSWORD, role });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ role: 'Choose Buyer or Seller' });
    expect(await t.db.query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
  });

  it('refuses a short password', async ({ t }) => {
    const res = await signUp(t, {
      name: 'Short',
      email: 'short@example.test',
      password: '123456',
      role: 'Buyer',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in and sessions', () => {
  it('sets an httpOnly SameSite=Lax session cookie', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    const res = await signIn(t, user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('redline.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('answers a wrong password and an unknown e-mail with the same message', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    const wrong = await signIn(t, user.email, 'not-the-password', '10.0.0.2');
    const unknown = await signIn(t, 'nobody@example.test', 'not-the-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe(errorOf(unknown).message);
  });

  it('ends the session at sign-out', async ({ t }) => {
    const user = await signUpUser(t, 'Seller');
    expect((await whoAmI(t, user))?.id).toBe(user.id);
    const out = await as(t, user, {
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    expect(await whoAmI(t, user)).toBeNull();
  });

  it('slows one client guessing one account: 429 with Retry-After after five failures', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    for (let i = 0; i < 5; i++)
      expect((await signIn(t, user.email, 'wrong-password', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await signIn(t, user.email, TEST_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks exactly five passwords of 40 sent at once from one client; the right one after them does not get in (issue 44, item 1)', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(t, user.email, `wrong-password-${i}`, '10.1.5.1')),
    );
    expect(statusTally(burst)).toEqual({
      401: SIGN_IN_LIMITS.freeFailures,
      429: 40 - SIGN_IN_LIMITS.freeFailures,
    });
    expect((await signIn(t, user.email, TEST_PASSWORD, '10.1.5.1')).statusCode).toBe(429);
  });

  it('counts no right password: a client signing in again and again is never held back (issue 44, item 1)', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    for (let i = 0; i <= SIGN_IN_LIMITS.perClient.max; i++)
      expect((await signIn(t, user.email, TEST_PASSWORD, '10.1.6.1')).statusCode).toBe(200);
  });

  it('does not lock the owner out while a stranger hammers the account from another address', async ({
    t,
  }) => {
    const owner = await signUpUser(t, 'Buyer');
    for (let i = 0; i < 12; i++) await signIn(t, owner.email, 'wrong-password', '10.1.1.66');
    expect((await signIn(t, owner.email, TEST_PASSWORD, '10.1.1.66')).statusCode).toBe(429);
    const signedIn = await signIn(t, owner.email, TEST_PASSWORD, '10.1.1.7');
    expect(signedIn.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it does not reset the back-off', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    for (let i = 1; i <= 5; i++) await signIn(t, user.email, 'wrong-password', `2001:db8:1:2::${i}`);
    expect((await signIn(t, user.email, TEST_PASSWORD, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await signIn(t, user.email, TEST_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('keeps a device that signed in before out of the per-account ceiling that distributed guessing reaches', async ({
    t,
  }) => {
    const owner = await signUpUser(t, 'Buyer');
    const first = await signIn(t, owner.email, TEST_PASSWORD, '10.1.2.1');
    const knownDevice = [first.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('redline.known_device='))!;
    expect(knownDevice).toMatch(/HttpOnly/i);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.max; i++)
      await signIn(t, owner.email, 'wrong-password', `10.1.3.${i}`);
    // A new client is held back; the owner's known device is not, from a new address too.
    expect((await signIn(t, owner.email, TEST_PASSWORD, '10.1.4.1')).statusCode).toBe(429);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: TEST_PASSWORD },
      remoteAddress: '10.1.4.2',
      headers: { cookie: knownDevice.split(';')[0]!, origin: 'http://localhost:3000' },
    });
    expect(again.statusCode).toBe(200);
    // A forged known-device cookie is no such device.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: TEST_PASSWORD },
      remoteAddress: '10.1.4.3',
      headers: {
        cookie: `redline.known_device=${knownDevice.split(';')[0]!.split('=')[1]!.split('.')[0]}.forged`,
        origin: 'http://localhost:3000',
      },
    });
    expect(forged.statusCode).toBe(429);
  });

  it('limits repeated failed sign-ins from one IP address', async ({ t }) => {
    for (let i = 0; i < 20; i++) await signIn(t, `someone${i}@example.test`, 'wrong-password', '10.2.0.1');
    expect((await signIn(t, 'another@example.test', 'whatever-pass', '10.2.0.1')).statusCode).toBe(429);
  });
});

describe('session tokens', () => {
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!.split('.')[0]!);

  it('never puts a session token in the body of an auth answer: the browser holds it only in the httpOnly cookie', async ({
    t,
  }) => {
    const email = `tokens-${Date.now()}@example.test`;
    const answers = [
      await signUp(t, { name: 'Token Owner', email, password: TEST_PASSWORD, role: 'Buyer' }),
      await signIn(t, email, TEST_PASSWORD, '10.3.0.1'),
    ];
    let cookie = cookieFrom(answers[1]!);
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await t.app.inject({
        method,
        url: `/api/auth${url}`,
        payload,
        headers: { cookie, origin: 'http://localhost:3000' },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      answers.push(res);
      return res;
    };
    await call('GET', '/get-session');
    await call('POST', '/update-user', { name: 'Token Owner Renamed' });
    const changed = await call('POST', '/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-secret-8',
    });
    cookie = cookieFrom(changed);
    await call('GET', '/get-session');

    const tokens = answers
      .flatMap((res) => [res.headers['set-cookie'] ?? []].flat())
      .filter((c) => c.startsWith('redline.session_token='))
      .map((c) => tokenOf(c.split(';')[0]!));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    for (const res of answers) {
      expect(res.body.length).toBeGreaterThan(2);
      for (const token of tokens) expect(res.body).not.toContain(token);
    }
  });
});

describe('the auth endpoints served (issue 44, item 2)', () => {
  it('answers 404 in the error shape for every Better Auth endpoint Redline does not use, verify-password included, signed in or not', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    // A served path asked with another method answers 405, as every route does.
    const served = new Set<string>(Object.values(AUTH_ENDPOINTS).map(({ path }) => path));
    const unused = Object.values(
      t.context.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .flatMap(({ path, options }) =>
        path ? [options?.method ?? 'GET'].flat().map((method) => ({ method, path })) : [],
      )
      .filter(({ method, path }) => (method === 'GET' || method === 'POST') && !served.has(path));
    expect(unused.map(({ path }) => path)).toContain('/verify-password');
    for (const { method, path } of unused) {
      const res = await as(t, user, {
        method: method as 'GET' | 'POST',
        url: `/api/auth${path.replace(/:\w+/g, 'x')}`,
        headers: { origin: 'http://localhost:3000' },
        ...(method === 'POST' && { payload: { password: TEST_PASSWORD } }),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
  });

  it('refuses a field the endpoint does not take, naming it, before Better Auth sees it', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    const res = await as(t, user, {
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Someone Else', emailVerified: true },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.values(errorOf(res).fields ?? {}).join(' ')).toContain('emailVerified');
    expect((await whoAmI(t, user))?.name).toBe(user.name);
  });
});
