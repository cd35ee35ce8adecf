import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, signUpUser, TEST_PASSWORD, type TestApp, whoAmI } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: 'http://localhost:3000' } });

describe('password reset', () => {
  it('works end to end through the outbox, once', async () => {
    const user = await signUpUser(t, 'Buyer');
    const requested = await post('/api/auth/request-password-reset', {
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

    const reset = await post('/api/auth/reset-password', { newPassword: 'a-brand-new-secret', token });
    expect(reset.statusCode).toBe(200);

    const oldLogin = await post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'a-brand-new-secret',
    });
    expect(newLogin.statusCode).toBe(200);
    // The old session was revoked by the reset.
    expect(await whoAmI(t, user)).toBeNull();

    const reused = await post('/api/auth/reset-password', { newPassword: 'yet-another-secret', token });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).message).toMatch(/token/i);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.context.mailer.sent.length;
    const res = await post('/api/auth/request-password-reset', {
      email: 'ghost@example.test',
      redirectTo: '/user/reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(t.context.mailer.sent.length).toBe(before);
  });
});
