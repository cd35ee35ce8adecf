/**
 * The session cache (src/auth/session-cache.ts): a signed-in request does not ask Better Auth
 * again for a few seconds, yet every change of auth state is seen by the very next request (the
 * cache follows the domain events; another instance's changes: events.test.ts), and a cookie
 * Better Auth refused never authenticates.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, vi } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache } from '../src/auth/session-cache.ts';
import { sessions, users } from '../src/db/schema.ts';
import { type DomainEvents, type EventName, publish } from '../src/events/index.ts';
import { promoteAdmins } from '../src/modules/users/index.ts';
import { it } from './fixtures.ts';
import {
  as,
  renameUser,
  signInAgain,
  signUpUser,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
  whoAmI,
} from './helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const origin = { origin: 'http://localhost:3000' };
/** For the cache's own tests, which use a cache of their own and no app. */
const someUser = {
  id: 'u',
  name: 'U',
  email: 'u@example.test',
  role: 'Buyer' as const,
  isVerified: false,
  emailVerified: true,
  sellsFor: null,
};
const me = (t: TestApp, user: TestUser) => whoAmI(t, user);
/** A committed transaction that only announces a change, as for a write made elsewhere. */
const announce = <N extends EventName>(t: TestApp, name: N, payload: DomainEvents[N]) =>
  t.db.transaction((tx) => publish(tx, name, payload));

/** Reads /api/me once with the user's cookie, so that the session is in the cache. */
async function cached(t: TestApp, user: TestUser) {
  const signedIn = await me(t, user);
  expect(signedIn?.id).toBe(user.id);
  return signedIn!;
}

/** A user with two cached sessions makes an auth call from the first: the second is refused at once. */
async function expectOtherSessionEndedBy(t: TestApp, url: string, payload: object) {
  const user = await signUpUser(t, 'Buyer');
  const other = await signInAgain(t, user);
  await cached(t, user);
  await cached(t, other);
  const res = await as(t, user, { method: 'POST', url, headers: origin, payload });
  expect(res.statusCode).toBe(200);
  expect(await me(t, other)).toBeNull();
  return user;
}

describe('session cache', () => {
  it('answers repeated signed-in requests without asking Better Auth again', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    const getSession = vi.spyOn(t.context.auth.api, 'getSession');
    await cached(t, user);
    await cached(t, user);
    await cached(t, user);
    expect(getSession).toHaveBeenCalledTimes(1);
  });

  it('sees a sign-out at the next request', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    await cached(t, user);
    const out = await as(t, user, { method: 'POST', url: '/api/auth/sign-out', headers: origin });
    expect(out.statusCode).toBe(200);
    expect(await me(t, user)).toBeNull();
  });

  it('sees a deleted user at the next request', async ({ t, admin }) => {
    const user = await signUpUser(t, 'Seller');
    await cached(t, user);
    const res = await as(t, admin, { method: 'DELETE', url: `/api/users/${user.email}` });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await me(t, user)).toBeNull();
  });

  it('sees a verification by an admin at the next request', async ({ t, admin }) => {
    const user = await signUpUser(t, 'Seller');
    expect((await cached(t, user)).isVerified).toBe(false);
    const res = await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect((await cached(t, user)).isVerified).toBe(true);
  });

  it('sees a role change at the next request', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    expect((await cached(t, user)).role).toBe('Buyer');
    expect((await as(t, user, { method: 'GET', url: '/api/payments' })).statusCode).toBe(403);
    await promoteAdmins(t.context, [user.email], t.app.log);
    expect((await cached(t, user)).role).toBe('Admin');
    expect((await as(t, user, { method: 'GET', url: '/api/payments' })).statusCode).toBe(200);
  });

  it('sees a change made through Better Auth at the next request', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    await cached(t, user);
    const res = await renameUser(t, user, 'New Name');
    expect(res.statusCode).toBe(200);
    expect((await cached(t, user)).name).toBe('New Name');
  });

  it('sees the sessions a password change revokes at the next request', async ({ t }) => {
    await expectOtherSessionEndedBy(t, '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-secret-9',
      revokeOtherSessions: true,
    });
  });

  it('sees the sessions a password reset revokes at the next request', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    await cached(t, user);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: origin,
      payload: { email: user.email, redirectTo: '/user/reset-password' },
    });
    expect(requested.statusCode).toBe(200);
    const link = new URL(t.context.mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
    const token = link.pathname.split('/').at(-1)!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: origin,
      payload: { newPassword: 'a-brand-new-secret', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(await me(t, user)).toBeNull();
  });

  it('never authenticates a forged or tampered cookie, even while the real one is cached', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    await cached(t, user);
    const [name, value] = user.cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const forged = [
      `${name}=${encodeURIComponent(`${flip(token)}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${token}.${flip(signature)}`)}`,
      `${name}=${encodeURIComponent(token)}`,
      `${name}=${token}.forged`,
      // Better Auth reads the first of two cookies with the same name: the forged one.
      `${name}=${token}.forged; ${user.cookie}`,
    ];
    for (const cookie of forged) {
      expect(await me(t, { ...user, cookie }), cookie).toBeNull();
      expect(await me(t, { ...user, cookie }), `${cookie}, again`).toBeNull();
    }
    expect((await me(t, user))?.id).toBe(user.id);
  });

  it('sees a change announced by its event alone, as from a write made elsewhere', async ({ t }) => {
    const promoted = await signUpUser(t, 'Buyer');
    expect((await cached(t, promoted)).role).toBe('Buyer');
    await t.db.update(users).set({ role: 'Admin' }).where(eq(users.id, promoted.id));
    await announce(t, 'user.changed', { userId: promoted.id, change: 'role-changed' });
    expect((await me(t, promoted))?.role).toBe('Admin');

    const signedOut = await signUpUser(t, 'Buyer');
    await cached(t, signedOut);
    const [ended] = await t.db
      .delete(sessions)
      .where(eq(sessions.userId, signedOut.id))
      .returning({ id: sessions.id });
    await announce(t, 'session.ended', { userId: signedOut.id, sessionId: ended!.id });
    expect(await me(t, signedOut)).toBeNull();
  });

  it("keeps other users' sessions when one user's change is announced", async ({ t }) => {
    const leaving = await signUpUser(t, 'Buyer');
    const staying = await signUpUser(t, 'Buyer');
    await cached(t, leaving);
    await cached(t, staying);
    const getSession = vi.spyOn(t.context.auth.api, 'getSession');
    expect(
      (await as(t, leaving, { method: 'POST', url: '/api/auth/sign-out', headers: origin })).statusCode,
    ).toBe(200);
    getSession.mockClear();
    expect((await me(t, staying))?.id).toBe(staying.id);
    expect(getSession).not.toHaveBeenCalled();
    expect(await me(t, leaving)).toBeNull();
  });

  it("drops every entry when the event listener reconnects (another instance's events may be lost)", async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    await cached(t, user);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    t.context.database.events.missedEvents();
    expect(await me(t, user)).toBeNull();
  });

  it('keeps no entry past the expiry of its session', async () => {
    const cache = new SessionCache();
    const expiresAt = new Date(Date.now() + 2_000);
    const load = vi.fn(async () => ({ user: someUser, sessionId: 's', expiresAt }));
    await cache.get('cookie', load);
    await cache.get('cookie', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt.getTime() + 1);
    await cache.get('cookie', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('sees a change no event announces (SQL typed by an operator) within the time to live', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    await cached(t, user);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await me(t, user))?.id).toBe(user.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    expect(await me(t, user)).toBeNull();
  });

  it('does not keep an answer loaded while the auth state changed', async () => {
    const cache = new SessionCache();
    let finish: () => void = () => {};
    const slow = cache.get('cookie', async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return { user: someUser, sessionId: 's', expiresAt: new Date(Date.now() + 60_000) };
    });
    cache.forget(someUser.id);
    finish();
    expect((await slow)?.user).toEqual(someUser);
    const load = vi.fn(async () => null);
    expect(await cache.get('cookie', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
