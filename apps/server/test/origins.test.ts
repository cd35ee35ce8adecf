/**
 * Opened at any address the server answers at, the app can sign up and sign in (issue 16, item 11);
 * with PUBLIC_URL set, a page from elsewhere is told where Redline lives. Loopback traffic only: the
 * machine's other addresses are checked through the origin list with a fake interface list.
 */
import type { NetworkInterfaceInfo } from 'node:os';
import Fastify from 'fastify';
import { describe, expect, vi } from 'vitest';
import { AllowedOrigins, localOrigins } from '../src/config/origins.ts';
import { listen } from '../src/http/listen.ts';
import { it } from './fixtures.ts';
import { errorOf, TEST_PASSWORD, type TestApp } from './helpers.ts';

const LOOPBACK = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];

const iface = (address: string, family: 'IPv4' | 'IPv6') =>
  ({ address, family, internal: false, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
const FAKE_INTERFACES = {
  lo: [iface('127.0.0.1', 'IPv4'), iface('::1', 'IPv6')],
  wlan0: [iface('192.168.1.23', 'IPv4'), iface('fd00::23', 'IPv6'), iface('fe80::1', 'IPv6')],
};

describe('the origin list', () => {
  it('holds localhost and every address of the machine when listening on all interfaces (::)', () => {
    expect(localOrigins(['::'], [3000], FAKE_INTERFACES).sort()).toEqual(
      [...LOOPBACK, 'http://192.168.1.23:3000', 'http://[fd00::23]:3000'].sort(),
    );
  });

  it('holds the IPv4 addresses only when listening on 0.0.0.0', () => {
    expect(localOrigins(['0.0.0.0'], [3000], FAKE_INTERFACES).sort()).toEqual(
      ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://192.168.1.23:3000'].sort(),
    );
  });

  it('holds the one address when listening on one, and localhost only for a loopback', () => {
    expect(localOrigins(['192.168.1.23'], [8080], FAKE_INTERFACES)).toEqual(['http://192.168.1.23:8080']);
    expect(localOrigins(['127.0.0.1'], [8080], FAKE_INTERFACES).sort()).toEqual(
      ['http://localhost:8080', 'http://127.0.0.1:8080'].sort(),
    );
    expect(localOrigins(['localhost'], [80], FAKE_INTERFACES).sort()).toEqual(
      ['http://localhost', 'http://127.0.0.1', 'http://[::1]'].sort(),
    );
  });

  it('is PUBLIC_URL alone when it is set, and follows the listening port otherwise', () => {
    const base = { HOST: '0.0.0.0', PORT: 0, NODE_ENV: 'production' } as const;
    const configured = new AllowedOrigins(
      { ...base, PUBLIC_URL: 'https://cars.example/' },
      () => FAKE_INTERFACES,
    );
    expect(configured.all).toEqual(['https://cars.example']);
    const open = new AllowedOrigins({ ...base, PUBLIC_URL: undefined }, () => FAKE_INTERFACES);
    open.listeningOn([{ address: '0.0.0.0', port: 4321 }]);
    expect(open.has('http://192.168.1.23:4321')).toBe(true);
    expect(open.has('http://192.168.1.23:3000')).toBe(false);
    expect(open.has('http://evil.example:4321')).toBe(false);
  });

  it("names the site by PUBLIC_URL, else by the address asked when it is the server's own, else by its first", () => {
    const base = { HOST: '127.0.0.1', PORT: 3000, NODE_ENV: 'production' } as const;
    const configured = new AllowedOrigins(
      { ...base, PUBLIC_URL: 'https://cars.example/' },
      () => FAKE_INTERFACES,
    );
    expect(configured.siteOriginFor('http://127.0.0.1:3000')).toBe('https://cars.example');
    const open = new AllowedOrigins({ ...base, PUBLIC_URL: undefined }, () => FAKE_INTERFACES);
    expect(open.siteOriginFor('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    // A Host header of another site's never becomes the pages' canonical address.
    expect(open.siteOriginFor('http://evil.example')).toBe('http://localhost:3000');
  });
});

function signUp(t: TestApp, origin: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
    payload: { name: 'Origin Tester', email, password: TEST_PASSWORD, role: 'Buyer' },
  });
}

function signIn(t: TestApp, origin: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
    payload: { email, password: TEST_PASSWORD },
  });
}

/** An app of its own per setting of PUBLIC_URL and HOST. */
const withoutPublicUrl = it.extend('env', { scope: 'file' }, { PUBLIC_URL: '', HOST: '::' });
const withDefaultHost = it.extend('env', { scope: 'file' }, { PUBLIC_URL: '' });
const withPublicUrl = it.extend(
  'env',
  { scope: 'file' },
  { PUBLIC_URL: 'https://cars.example', AUTH_SECRET: 'x'.repeat(40) },
);

describe('without PUBLIC_URL', () => {
  withoutPublicUrl('signs up and signs in from localhost, 127.0.0.1 and [::1]', async ({ t }) => {
    for (const [index, origin] of LOOPBACK.entries()) {
      const email = `origin-${index}@x.test`;
      const up = await signUp(t, origin, email);
      expect(up.statusCode, `${origin}: ${up.body}`).toBe(200);
      const inn = await signIn(t, origin, email);
      expect(inn.statusCode, `${origin}: ${inn.body}`).toBe(200);
    }
  });

  withoutPublicUrl('still refuses a page of another site', async ({ t }) => {
    const res = await signUp(t, 'http://evil.example', 'evil@x.test');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('Requests from other sites are not accepted.');
  });

  withoutPublicUrl('accepts the loopback addresses at the port it really listens on', async ({ t }) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const origin = `http://127.0.0.1:${port}`;
    const res = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Listening',
        email: 'listening@x.test',
        password: TEST_PASSWORD,
        role: 'Buyer',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe('with the default HOST (issue 44, item 24)', () => {
  withDefaultHost('answers at [::1] and at 127.0.0.1, and a page of either may sign up', async ({ t }) => {
    expect(t.context.config.HOST).toBe('::');
    await listen(t.app, { ...t.context.config, PORT: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const [index, origin] of [`http://[::1]:${port}`, `http://127.0.0.1:${port}`].entries()) {
      expect((await fetch(`${origin}/api/health/live`)).status, origin).toBe(200);
      const res = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Dual Stack',
          email: `dual-${index}@x.test`,
          password: TEST_PASSWORD,
          role: 'Buyer',
        }),
      });
      expect(res.status, `${origin}: ${await res.clone().text()}`).toBe(200);
    }
  });

  it('listens on every IPv4 address on a machine without IPv6', async () => {
    const app = Fastify();
    const listenOnce = app.listen.bind(app);
    const asked: (string | undefined)[] = [];
    vi.spyOn(app, 'listen').mockImplementation((async (options: { host?: string; port?: number }) => {
      asked.push(options.host);
      if (options.host === '::')
        throw Object.assign(new Error('listen EAFNOSUPPORT: address family not supported ::'), {
          code: 'EAFNOSUPPORT',
        });
      return listenOnce(options);
    }) as never);
    await listen(app, { HOST: '::', PORT: 0 });
    expect(asked).toEqual(['::', '0.0.0.0']);
    const address = app.server.address();
    expect(typeof address === 'object' && address?.address).toBe('0.0.0.0');
    await app.close();
  });
});

describe('with PUBLIC_URL', () => {
  withPublicUrl('tells a page from another address where Redline is configured to be', async ({ t }) => {
    const res = await signUp(t, 'http://127.0.0.1:3000', 'elsewhere@x.test');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(
      'This Redline is configured for https://cars.example (PUBLIC_URL); open it there.',
    );
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/savedpost',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: {},
    });
    expect(errorOf(write).message).toContain('(PUBLIC_URL)');
  });

  withPublicUrl('signs up from PUBLIC_URL', async ({ t }) => {
    expect((await signUp(t, 'https://cars.example', 'here@x.test')).statusCode).toBe(200);
  });
});
