import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import {
  as,
  cookieFrom,
  createTestApp,
  errorOf,
  signUpUser,
  TEST_PASSWORD,
  type TestApp,
  whoAmI,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
const signIn = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('sign-up', () => {
  it.each(['Buyer', 'Seller'])('creates a %s with isVerified false', async (role) => {
    const email = `new-${role.toLowerCase()}@example.test`;
    const res = await signUp({ name: 'New Person', email, password: TEST_PASSWORD, role });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res) } });
    expect(me.json()).toMatchObject({ email, role, isVerified: false, name: 'New Person' });
  });

  it.each([['Admin'], [undefined], ['Owner']])('refuses role %s and stores nothing', async (role) => {
    const email = `bad-role-${String(role)}@example.test`;
    const res = await signUp({ name: 'Sneaky', email, password: TEST_PASSWORD, role });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ role: 'Choose Buyer or Seller' });
    expect(await t.db.query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
  });

  it('refuses a duplicate e-mail with 409, whatever its case and spaces', async () => {
    await signUp({ name: 'First', email: 'dup@example.test', password: TEST_PASSWORD, role: 'Buyer' });
    const res = await signUp({
      name: 'Second',
      email: '  DUP@Example.test ',
      password: TEST_PASSWORD,
      role: 'Seller',
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toMatch(/already exists/);
  });

  it('refuses a short password', async () => {
    const res = await signUp({
      name: 'Short',
      email: 'short@example.test',
      password: '123456',
      role: 'Buyer',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in and sessions', () => {
  it('sets an httpOnly SameSite=Lax session cookie', async () => {
    const user = await signUpUser(t, 'Buyer');
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('redline.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const user = await signUpUser(t, 'Buyer');
    const wrong = await signIn(user.email, 'not-the-password', '10.0.0.2');
    const unknown = await signIn('nobody@example.test', 'not-the-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe(errorOf(unknown).message);
  });

  it('ends the session at sign-out', async () => {
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

  it('limits repeated failed sign-ins for one e-mail with 429', async () => {
    const user = await signUpUser(t, 'Buyer');
    for (let i = 0; i < 5; i++)
      expect((await signIn(user.email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await signIn(user.email, TEST_PASSWORD, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toMatch(/Too many failed sign-in attempts/);
    expect(blocked.headers['retry-after']).toBeTruthy();
  });

  it('limits repeated failed sign-ins from one IP address', async () => {
    for (let i = 0; i < 20; i++) await signIn(`someone${i}@example.test`, 'wrong-password', '10.2.0.1');
    expect((await signIn('another@example.test', 'whatever-pass', '10.2.0.1')).statusCode).toBe(429);
  });
});
