import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import { CHANGE_PASSWORD_LIMITS, MAIL_LIMITS } from '../src/auth/auth-limits.ts';
import type { Mail } from '../src/mail/mailer.ts';
import { it } from './fixtures.ts';
import {
  as,
  cookieFrom,
  createTestApp,
  errorOf,
  signUpUser,
  statusTally,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
  whoAmI,
} from './helpers.ts';

let clients = 0;
/** Each call from its own address unless one is given, so the per-client limits stay out of the way. */
const post = (
  t: TestApp,
  url: string,
  payload: object,
  remoteAddress = `10.20.${++clients >> 8}.${clients & 255}`,
) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { origin: 'http://localhost:3000' } });
const requestReset = (t: TestApp, email: string, remoteAddress?: string) =>
  post(t, '/api/auth/request-password-reset', { email, redirectTo: '/user/reset-password' }, remoteAddress);
/** The token of the newest reset e-mail to `email`. */
const lastResetToken = (t: TestApp, email: string) => {
  const mail = t.context.mailer.sent.findLast((m) => m.to === email)!;
  return new URL(mail.text.match(/https?:\/\/\S+/)![0]).pathname.split('/').at(-1)!;
};

describe('password reset', () => {
  it('works end to end through the outbox, once', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    const requested = await post(t, '/api/auth/request-password-reset', {
      email: user.email.toUpperCase(),
      redirectTo: '/user/reset-password',
    });
    expect(requested.statusCode).toBe(200);
    const mail = t.context.mailer.sent.at(-1)!;
    expect(mail.to).toBe(user.email);
    const link = mail.text.match(/https?:\/\/\S+/)![0];

    // The link in the e-mail leads to the reset page with a token.
    const opened = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location as string, 'http://localhost:3000');
    expect(landing.pathname).toBe('/user/reset-password');
    const token = landing.searchParams.get('token')!;

    const reset = await post(t, '/api/auth/reset-password', { newPassword: 'a-brand-new-secret', token });
    expect(reset.statusCode).toBe(200);

    const oldLogin = await post(t, '/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post(t, '/api/auth/sign-in/email', {
      email: user.email,
      password: 'a-brand-new-secret',
    });
    expect(newLogin.statusCode).toBe(200);
    // The old session was revoked by the reset.
    expect(await whoAmI(t, user)).toBeNull();

    const reused = await post(t, '/api/auth/reset-password', { newPassword: 'yet-another-secret', token });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).message).toMatch(/token/i);
  });

  it('answers the same for an unknown e-mail and sends nothing', async ({ t }) => {
    const before = t.context.mailer.sent.length;
    const res = await post(t, '/api/auth/request-password-reset', {
      email: 'ghost@example.test',
      redirectTo: '/user/reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(t.context.mailer.sent.length).toBe(before);
  });
});

describe('password reset requests and links (issue 16, item 7)', () => {
  it('ends the other outstanding reset links when one of them is used', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    await requestReset(t, user.email);
    const first = lastResetToken(t, user.email);
    await requestReset(t, user.email);
    const second = lastResetToken(t, user.email);
    expect(second).not.toBe(first);

    expect(
      (await post(t, '/api/auth/reset-password', { newPassword: 'newer-secret-1', token: second }))
        .statusCode,
    ).toBe(200);
    const stale = await post(t, '/api/auth/reset-password', { newPassword: 'older-secret-2', token: first });
    expect(stale.statusCode).toBe(400);
    expect(
      (await post(t, '/api/auth/sign-in/email', { email: user.email, password: 'newer-secret-1' }))
        .statusCode,
    ).toBe(200);
  });

  it('limits reset requests per client with 429, whatever the addresses', async ({ t }) => {
    for (let i = 0; i < MAIL_LIMITS.perClient.max; i++)
      expect((await requestReset(t, `someone${i}@example.test`, '10.21.0.1')).statusCode).toBe(200);
    const blocked = await requestReset(t, 'someone-else@example.test', '10.21.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toMatch(/Too many password reset requests/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await requestReset(t, 'someone-else@example.test', '10.21.0.2')).statusCode).toBe(200);
  });

  it('answers exactly the limit of a burst of reset requests from one client (issue 44, item 1)', async ({
    t,
  }) => {
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) => requestReset(t, `burst${i}@example.test`, '10.21.1.1')),
    );
    expect(statusTally(burst)).toEqual({
      200: MAIL_LIMITS.perClient.max,
      429: 25 - MAIL_LIMITS.perClient.max,
    });
  });

  it('limits requests for a confirmation e-mail per client as reset requests are (issue 44, item 2)', async ({
    t,
  }) => {
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        post(t, '/api/auth/send-verification-email', { email: `confirm${i}@example.test` }, '10.21.2.1'),
      ),
    );
    const refused = burst.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(15 - MAIL_LIMITS.perClient.max);
    expect(errorOf(refused[0]!).message).toMatch(/Too many confirmation e-mails requested/);
  });

  it('sends a few e-mails per address, then answers the same without sending, known address or not', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    const before = t.context.mailer.sent.filter((m) => m.to === user.email).length;
    const known = [];
    const unknown = [];
    for (let i = 0; i <= MAIL_LIMITS.perAddress.max + 1; i++) {
      known.push(await requestReset(t, user.email));
      unknown.push(await requestReset(t, 'nobody-here@example.test'));
    }
    const sent = t.context.mailer.sent.filter((m) => m.to === user.email).length - before;
    expect(sent).toBe(MAIL_LIMITS.perAddress.max);
    for (const res of [...known, ...unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known[0]!.body);
    }
  });

  it('answers as fast for an address with an account as for one without, however slow the mail is', async ({
    t,
  }) => {
    // No mail can go out until the test lets it: an answer that waited for one would never come.
    let letMailOut!: () => void;
    const held = new Promise<void>((resolve) => {
      letMailOut = resolve;
    });
    const mailer = t.context.mailer as { send(mail: Mail): Promise<void> };
    const send = mailer.send;
    mailer.send = (mail) => held.then(() => send(mail));
    try {
      const users: TestUser[] = [];
      for (let i = 0; i < 7; i++) users.push(await signUpUser(t, 'Buyer'));
      const known = [];
      const unknown = [];
      for (const [i, user] of users.entries()) {
        known.push(await requestReset(t, user.email));
        unknown.push(await requestReset(t, `no-account-${i}@example.test`));
      }
      // Every answer came while the e-mails were held, and says the same whether the address has an account.
      for (const res of [...known, ...unknown]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(known[0]!.body);
      }
      const mailed = (user: TestUser) => t.context.mailer.sent.some((m) => m.to === user.email);
      expect(users.filter(mailed)).toEqual([]);
      // The e-mails still go out, after the answers.
      letMailOut();
      await vi.waitFor(() => expect(users.filter((user) => !mailed(user))).toEqual([]), { timeout: 30_000 });
    } finally {
      mailer.send = send;
    }
  });
});

describe('password change (issue 16, item 7)', () => {
  const changePassword = (t: TestApp, user: TestUser, payload: object, remoteAddress = '10.22.0.1') =>
    as(t, user, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload,
      remoteAddress,
      headers: { origin: 'http://localhost:3000' },
    });
  const signInAgain = async (t: TestApp, user: TestUser, password = TEST_PASSWORD): Promise<TestUser> => {
    const res = await post(t, '/api/auth/sign-in/email', { email: user.email, password });
    expect(res.statusCode).toBe(200);
    return { ...user, cookie: cookieFrom(res) };
  };

  it('ends every other session of the user, whatever revokeOtherSessions says, and keeps this one', async ({
    t,
  }) => {
    const here = await signUpUser(t, 'Seller');
    const elsewhere = await signInAgain(t, here);
    const res = await changePassword(t, here, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'changed-secret-9',
      revokeOtherSessions: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await whoAmI(t, elsewhere)).toBeNull();
    // This browser stays signed in with the cookie the answer sets.
    expect((await whoAmI(t, { ...here, cookie: cookieFrom(res) }))?.id).toBe(here.id);
  });

  it('limits wrong current passwords per user with 429', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    for (let i = 0; i < CHANGE_PASSWORD_LIMITS.max; i++) {
      const wrong = await changePassword(t, user, {
        currentPassword: 'not-my-password',
        newPassword: 'whatever-123',
      });
      expect(wrong.statusCode).toBe(400);
    }
    // From another address too: the limit is the user's.
    const blocked = await changePassword(
      t,
      user,
      { currentPassword: TEST_PASSWORD, newPassword: 'whatever-123' },
      '10.22.0.2',
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await signUpUser(t, 'Buyer');
    expect(
      (await changePassword(t, other, { currentPassword: TEST_PASSWORD, newPassword: 'whatever-123' }))
        .statusCode,
    ).toBe(200);
  });

  it('checks exactly the limit of wrong current passwords sent at once; the right one after them is refused (issue 44, item 1)', async ({
    t,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        changePassword(t, user, { currentPassword: `not-my-password-${i}`, newPassword: 'whatever-123' }),
      ),
    );
    expect(statusTally(burst)).toEqual({
      400: CHANGE_PASSWORD_LIMITS.max,
      429: 25 - CHANGE_PASSWORD_LIMITS.max,
    });
    const right = await changePassword(t, user, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'whatever-123',
    });
    expect(right.statusCode).toBe(429);
  });

  it('counts no right current password against the limit (issue 44, item 1)', async ({ t }) => {
    let user = await signUpUser(t, 'Buyer');
    let password = TEST_PASSWORD;
    for (let i = 0; i <= CHANGE_PASSWORD_LIMITS.max; i++) {
      const next = `changed-secret-${i}`;
      const res = await changePassword(t, user, { currentPassword: password, newPassword: next });
      expect(res.statusCode).toBe(200);
      user = { ...user, cookie: cookieFrom(res) };
      password = next;
    }
  });
});

describe('the reset link, without PUBLIC_URL', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ PUBLIC_URL: '' });
  });
  afterAll(() => open.close());

  const requestFrom = (origin: string, email: string, redirectTo = `${origin}/user/reset-password`) =>
    open.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo },
      headers: { origin },
    });

  it('leads back to the address the user opened Redline at, not to localhost', async () => {
    const user = await signUpUser(open, 'Buyer');
    const requested = await requestFrom('http://127.0.0.1:3000', user.email);
    expect(requested.statusCode).toBe(200);
    await expect.poll(() => open.context.mailer.sent.findLast((m) => m.to === user.email)).toBeTruthy();
    const link = new URL(
      open.context.mailer.sent.findLast((m) => m.to === user.email)!.text.match(/https?:\/\/\S+/)![0],
    );
    expect(link.origin).toBe('http://127.0.0.1:3000');

    const opened = await open.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location as string);
    expect(landing.origin).toBe('http://127.0.0.1:3000');
    expect(landing.pathname).toBe('/user/reset-password');
    expect(landing.searchParams.get('token')).toBeTruthy();
  });

  it('never leads to an address the server does not answer at', async () => {
    const user = await signUpUser(open, 'Buyer');
    const sent = open.context.mailer.sent.length;
    const foreignPage = await requestFrom('http://cars.example', user.email);
    expect(foreignPage.statusCode).toBe(403);
    const foreignTarget = await requestFrom(
      'http://127.0.0.1:3000',
      user.email,
      'http://cars.example/user/reset-password',
    );
    expect(foreignTarget.statusCode).toBe(403);
    expect(open.context.mailer.sent.length).toBe(sent);
  });
});
