/**
 * What every request meets before any route: one spelling per path (issue 16, item 1), the client's
 * address from X-Forwarded-For only through a configured proxy (item 3), and bounded request ids
 * (item 9). Paths are sent over a real socket: `inject` would resolve the dot segments itself.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { it as base } from './fixtures.ts';
import { TEST_PASSWORD, type TestApp } from './helpers.ts';

/** The app listening on loopback, at `port`. */
const it = base.extend('port', { scope: 'file' }, async ({ t }) => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends `path` exactly as written. */
function raw(port: number, method: string, path: string, payload?: object): Promise<RawResponse> {
  const body = payload ? JSON.stringify(payload) : undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          origin: 'http://localhost:3000',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const hasSessionCookie = (res: RawResponse) =>
  [res.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith('redline.session_token='));

const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

/** Other spellings of `path`, each of which some reader (a URL parser, a router, a file system) resolves to it. */
function spellings(path: string): string[] {
  const parts = path.slice(1).split('/');
  const out = [
    `/${path}`,
    path.replace(/[a-z]/, hex),
    path.replace(/[a-z](?=[^a-z]*$)/, (c) => hex(c).toUpperCase()),
  ];
  for (let i = 1; i < parts.length; i++) {
    const before = `/${parts.slice(0, i).join('/')}`;
    const after = parts.slice(i).join('/');
    for (const inserted of ['.', '%2e', '%2E', 'x/..', 'x/%2e%2e', 'x/.%2E', '', '%c0%ae', 'x/..%2f'])
      out.push(`${before}/${inserted}/${after}`);
    for (const separator of ['\\', '%2F', '%2f', '%5C', '%5c']) out.push(`${before}${separator}${after}`);
  }
  for (const tail of ['/.', '/./', '/x/..', '/%2e', '/x/%2E%2E', '//']) out.push(`${path}${tail}`);
  return out;
}

describe('one spelling per path (item 1)', () => {
  it('refuses every other spelling of the sign-in path with 400, so none signs in past the limit', async ({
    port,
    buyer,
  }) => {
    const signIn = (path: string, password: string) =>
      raw(port, 'POST', path, { email: buyer.email, password });
    for (let i = 0; i < 5; i++)
      expect((await signIn('/api/auth/sign-in/email', 'wrong-password')).status).toBe(401);
    expect((await signIn('/api/auth/sign-in/email', TEST_PASSWORD)).status).toBe(429);

    const answers = [];
    for (const path of spellings('/api/auth/sign-in/email')) {
      const res = await signIn(path, TEST_PASSWORD);
      answers.push({
        path,
        status: res.status,
        signedIn: hasSessionCookie(res),
        code: JSON.parse(res.body).error?.code,
      });
    }
    expect(answers.filter((a) => a.status !== 400 || a.signedIn || a.code !== 'bad_request')).toEqual([]);

    // The spellings the server does accept either reach the same limit or no sign-in at all.
    for (const path of ['/api/auth/sign-in/email?x=1', '/api/auth/sign-in/email/']) {
      const res = await signIn(path, TEST_PASSWORD);
      expect(hasSessionCookie(res)).toBe(false);
      expect([404, 429]).toContain(res.status);
    }
    expect((await signIn('/api/auth/sign-in/email?x=1', TEST_PASSWORD)).status).toBe(429);
  });

  it('refuses them on every other route too, before the handler runs', async ({ t, port }) => {
    const message = { name: 'Ann', email: 'ann@example.test', message: 'Hello there, team.' };
    const before = (await t.db.query.contactMessages.findMany()).length;
    const answers = [];
    for (const path of spellings('/api/contact')) {
      const res = await raw(port, 'POST', path, message);
      answers.push({ path, status: res.status });
    }
    expect(answers.filter((a) => a.status !== 400)).toEqual([]);
    expect((await t.db.query.contactMessages.findMany()).length).toBe(before);
    expect((await raw(port, 'GET', '/api/./categories')).status).toBe(400);
    expect((await raw(port, 'GET', '/api/categories')).status).toBe(200);
  });
});

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
  PAYMENTS: 'test',
  LOG_LEVEL: 'silent',
};
/** An app of its own in production without TRUST_PROXY, and one behind a proxy on loopback. */
const inProduction = base.extend('env', { scope: 'file' }, production);
const behindProxy = base.extend('env', { scope: 'file' }, { ...production, TRUST_PROXY: '127.0.0.1' });

describe('client address behind proxies (item 3)', () => {
  /** Fails 21 sign-ins from one connection address, each claiming another X-Forwarded-For; the last answer's status. */
  async function lastOfManyFailedSignIns(t: TestApp): Promise<number> {
    let status = 0;
    for (let i = 0; i <= 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `someone${i}@example.test`, password: 'wrong-password' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      status = res.statusCode;
    }
    return status;
  }

  inProduction(
    'ignores X-Forwarded-For in production without TRUST_PROXY: the per-client limit still trips',
    async ({ t }) => {
      expect(await lastOfManyFailedSignIns(t)).toBe(429);
    },
  );

  behindProxy(
    'takes the client address from X-Forwarded-For when the connection comes from a TRUST_PROXY address',
    async ({ t }) => {
      expect(await lastOfManyFailedSignIns(t)).toBe(401);
    },
  );

  it.each(['1', '2', '127.0.0.1', '127.0.0.1, 10.0.0.0/8', '::1,fd00::/8'])(
    'accepts TRUST_PROXY=%s',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).not.toThrow();
    },
  );

  it.each(['true', 'yes', '10.0.0.0/33', '300.1.1.1', '127.0.0.1,', 'loopback'])(
    'refuses TRUST_PROXY=%s at start-up',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    },
  );
});

describe('request ids (item 9)', () => {
  const idOf = async (t: TestApp, given: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'x-request-id': given } }))
      .headers['x-request-id'];

  it('keeps a short id of safe characters', async ({ t }) => {
    expect(await idOf(t, 'edge-1:7f3a.B_9')).toBe('edge-1:7f3a.B_9');
    expect(await idOf(t, 'a'.repeat(64))).toBe('a'.repeat(64));
  });

  it.for<[string, string]>([
    ['too long', 'a'.repeat(65)],
    ['very long', 'b'.repeat(8000)],
    ['markup', '<script>alert(1)</script>'],
    ['spaces and quotes', 'id "with" spaces'],
    ['a log-breaking brace', '{"level":60}'],
  ])('replaces an id that is %s with one of its own', async ([_, given], { t }) => {
    const id = await idOf(t, given);
    expect(id).not.toBe(given);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
