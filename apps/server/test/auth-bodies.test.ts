/**
 * What a client sends to the auth endpoints is checked with the shared rules before anything else
 * runs, and what the auth library logs goes through the app's log, cut short (issue 44, item 3).
 */
import { describe, expect } from 'vitest';
import { rateLimitHits } from '../src/db/schema.ts';
import { LOGGED_TEXT_MAX } from '../src/http/logger.ts';
import { it as base } from './fixtures.ts';
import { errorOf, TEST_PASSWORD, type TestApp } from './helpers.ts';

const logLines: string[] = [];
const it = base
  .extend('env', { scope: 'file' }, { LOG_LEVEL: 'debug' })
  .extend('appOptions', { scope: 'file' }, { logTo: { write: (line) => logLines.push(line) } });

const longAddress = `${'a'.repeat(3000)}@example.test`;
const post = (t: TestApp, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '10.44.3.1',
    headers: { origin: 'http://localhost:3000' },
  });

describe('over-long e-mail addresses at the auth endpoints', () => {
  it.for<[string, string, object]>([
    ['sign-in', '/api/auth/sign-in/email', { email: longAddress, password: TEST_PASSWORD }],
    ['reset request', '/api/auth/request-password-reset', { email: longAddress }],
    [
      'sign-up',
      '/api/auth/sign-up/email',
      { name: 'Long Address', email: longAddress, password: TEST_PASSWORD, role: 'Buyer' },
    ],
    ['confirmation e-mail', '/api/auth/send-verification-email', { email: longAddress }],
  ])('%s answers 400 naming the field, and logs no more than a line', async ([_, url, payload], { t }) => {
    logLines.length = 0;
    const res = await post(t, url, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.email).toMatch(/at most 254 characters/);
    const logged = logLines.join('');
    expect(logged).not.toContain('a'.repeat(300));
    expect(logged.length).toBeLessThan(4096);
  });

  it('counts an address, however typed, by a digest: every limit key is short', async ({ t }) => {
    await post(t, '/api/auth/request-password-reset', { email: 'Someone@Example.test' });
    const keys = await t.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) {
      expect(key).not.toContain('@');
      expect(key.length).toBeLessThanOrEqual(256);
    }
  });
});

describe("the auth library's log", () => {
  it('goes through the app log, every text cut short', async ({ t }) => {
    logLines.length = 0;
    const context = await t.context.auth.$context;
    context.logger.error(
      `failed: ${'x'.repeat(100_000)}`,
      { query: 'y'.repeat(100_000) },
      new Error('z'.repeat(100_000)),
    );
    expect(logLines).toHaveLength(1);
    const line = JSON.parse(logLines[0]!);
    expect(line).toMatchObject({ level: 50, source: 'better-auth' });
    expect(line.msg.length).toBeLessThan(LOGGED_TEXT_MAX + 100);
    expect(logLines[0]!.length).toBeLessThan(4 * LOGGED_TEXT_MAX + 1000);
  });
});
