/** The whole Google (OpenID Connect) flow against a local OIDC mock server. */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { describe, expect } from 'vitest';
import { users } from '../src/db/schema.ts';
import { it as base } from './fixtures.ts';
import { cookieFrom, type TestApp } from './helpers.ts';

const oidc = new OAuth2Server();
let profile: { email: string; name: string; sub?: string } = {
  email: 'gina@example.test',
  name: 'Gina Google',
};

const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('env', { scope: 'file' }, async ({}, { onCleanup }) => {
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    onCleanup(() => oidc.stop());
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, { email: profile.email, email_verified: true, name: profile.name });
      if (profile.sub) token.payload.sub = profile.sub;
    });
    oidc.service.on('beforeUserinfo', (response) => {
      Object.assign(response.body, {
        sub: profile.sub ?? 'johndoe',
        email: profile.email,
        email_verified: true,
        name: profile.name,
      });
    });
    return {
      GOOGLE_CLIENT_ID: 'redline-test-client',
      GOOGLE_CLIENT_SECRET: 'redline-test-secret',
      GOOGLE_ISSUER: oidc.issuer.url!,
    };
  });

/** Follows the browser's part of the flow: start, provider redirect, callback; returns the callback response. */
async function signInWithGoogle(t: TestApp): Promise<LightMyRequestResponse> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/' },
    headers: { origin: 'http://localhost:3000' },
  });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = (start.json() as { url: string }).url;
  expect(authorizeUrl.startsWith(oidc.issuer.url!)).toBe(true);
  const provider = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(provider.headers.get('location')!);
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookieFrom(start) },
  });
}

describe('Google sign-in', () => {
  it('is announced to the browser only when configured', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().googleSignIn).toBe(true);
  });

  it('creates a Buyer, its address confirmed by Google, on first sign-in and reuses the account on the next', async ({
    t,
  }) => {
    const first = await signInWithGoogle(t);
    expect(first.statusCode).toBe(302);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(first) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'gina@example.test',
      name: 'Gina Google',
      role: 'Buyer',
      isVerified: false,
      emailVerified: true,
    });

    const second = await signInWithGoogle(t);
    expect(second.statusCode).toBe(302);
    const rows = await t.db.select().from(users).where(eq(users.email, 'gina@example.test'));
    expect(rows).toHaveLength(1);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieFrom(second) },
    });
    expect(again.json().id).toBe(rows[0]!.id);
  });

  it('makes a Buyer even for a new e-mail whatever the browser asks', async ({ t }) => {
    profile = { email: 'newcomer@example.test', name: 'New Comer' };
    const res = await signInWithGoogle(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res) } });
    expect(me.json().role).toBe('Buyer');
  });

  it("stores a provider's name only when it follows the name rule, else the address's first part", async ({
    t,
  }) => {
    profile = { sub: 'long-name', email: 'long-name@example.test', name: `Gina\u202E${'x'.repeat(500)}` };
    const res = await signInWithGoogle(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieFrom(res) } });
    expect(me.json()).toMatchObject({ email: 'long-name@example.test', name: 'long-name' });
  });
});
