/**
 * Abuse cases, each as an attacker would try it: oversized and deeply nested bodies, slow clients,
 * path traversal on the photo files, e-mail variants, cross-site form posts, CORS, readable
 * cookies, role changes through the auth library, and secrets in error bodies or logs.
 * The logger is turned on (at trace level) and captured, so that the real redaction is tested.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { errorResponseSchema } from '@redline/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, vi } from 'vitest';
import { contactMessages, savedCars, users } from '../../src/db/schema.ts';
import { createCar } from '../factories.ts';
import { it as base } from '../fixtures.ts';
import {
  as,
  cookieFrom,
  createTestApp,
  signUpUser,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../helpers.ts';

/** Every log line the app of this file writes, as in production and at the most detailed level. */
const logLines: string[] = [];

const CARD = '4242424242424242';
const responses: LightMyRequestResponse[] = [];

/** Remembers every response, so that the last test can search them all for secrets. */
async function call(t: TestApp, user: TestUser | undefined, options: Parameters<typeof as>[2]) {
  const res = await as(t, user, options);
  responses.push(res);
  return res;
}

function expectErrorShape(res: LightMyRequestResponse) {
  expect(errorResponseSchema.safeParse(res.json()).success, res.body).toBe(true);
}

const sessionToken = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!.split('.')[0]!);

const it = base
  .extend('env', { scope: 'file' }, { LOG_LEVEL: 'trace' })
  .extend('appOptions', { scope: 'file' }, { logTo: { write: (line) => logLines.push(line) } });

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413, in the error shape, and stores nothing', async ({
    t,
    seller,
  }) => {
    const message = 'x'.repeat(1_100_000);
    const res = await call(t, undefined, {
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Big', email: 'big@example.test', message },
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res);
    const seller413 = await call(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: { about: message },
    });
    expect(seller413.statusCode).toBe(413);
    expect(await t.db.select().from(contactMessages)).toEqual([]);
  });

  it('parses multipart on the upload route only: anywhere else it is a 415 and changes nothing', async ({
    t,
    seller,
  }) => {
    const boundary = '----elsewhere';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nForm\r\n--${boundary}--\r\n`;
    for (const [user, url] of [
      [undefined, '/api/contact'],
      [seller, '/api/cars'],
    ] as const) {
      const res = await call(t, user, { method: 'POST', url, headers, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(415);
      expectErrorShape(res);
    }
    expect(await t.db.select().from(contactMessages)).toEqual([]);
  });

  it.for([
    ['arrays', `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
    ['objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
  ])(
    'answers 400, not 500, to JSON nested 100 000 deep (%s) on every kind of route',
    async ([_kind, body], { t, seller, buyer }) => {
      const headers = { 'content-type': 'application/json' };
      for (const [user, url] of [
        [undefined, '/api/contact'],
        [undefined, '/api/auth/sign-up/email'],
        [undefined, '/api/auth/sign-in/email'],
        [buyer, '/api/savedpost'],
        [buyer, '/api/testdrivebooking'],
        [seller, '/api/cars'],
      ] as const) {
        const res = await call(t, user, { method: 'POST', url, headers, payload: body });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
        expectErrorShape(res);
      }
    },
  );
});

describe('slow clients', () => {
  it('has request, connection and keep-alive timeouts set', ({ t }) => {
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.initialConfig.connectionTimeout).toBe(30_000);
    expect(t.app.server.keepAliveTimeout).toBe(10_000);
  });

  it('keeps answering others while 50 clients send their headers a byte at a time', async () => {
    const slow = await createTestApp();
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = slow.app.server.address() as net.AddressInfo;
    const sockets: net.Socket[] = [];
    const timers: NodeJS.Timeout[] = [];
    /** What the server said to each slow client: nothing while its headers are still coming. */
    let toldSlowClients = '';
    try {
      for (let i = 0; i < 50; i += 1) {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        socket.on('data', (chunk) => {
          toldSlowClients += chunk;
        });
        sockets.push(socket);
        // Never the blank line that ends the headers: these requests stay unfinished.
        const request = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nX-Padding: ${'a'.repeat(200)}`;
        let sent = 0;
        timers.push(
          setInterval(() => {
            if (sent < request.length) socket.write(request[sent++]!);
          }, 50),
        );
      }
      // The server holds all 50 slow connections before the others ask.
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          slow.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      await vi.waitFor(async () => expect(await connections()).toBe(50), { timeout: 30_000 });

      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fetch(`http://127.0.0.1:${port}${i % 2 ? '/api/health/ready' : '/api/categories'}`).then(
            (r) => r.status,
          ),
        ),
      );
      expect(answers.every((s) => s === 200)).toBe(true);
      // Answered while all 50 stalled clients were still connected and unanswered, not after they gave up or were let go.
      expect(sockets.filter((s) => !s.destroyed)).toHaveLength(50);
      expect(toldSlowClients).toBe('');
    } finally {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await slow.close();
    }
  });
});

describe('photo files', () => {
  const attempts = [
    '/uploads/..%2fsecret.txt',
    '/uploads/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/%2e%2e%2fsecret.txt',
    '/uploads/.%2e/secret.txt',
    '/uploads/../secret.txt',
    '/uploads/..\\secret.txt',
    '/uploads/..%5csecret.txt',
    '/uploads/%252e%252e%252fsecret.txt',
    '/uploads/....//secret.txt',
    '/uploads//etc/passwd',
    '/uploads/%2fetc%2fpasswd',
    '/uploads/%00',
    '/uploads/photo-480.webp%00.txt',
    '/uploads/%c0%ae%c0%ae/secret.txt',
    '/uploads/.secret',
    '/uploads/',
  ];

  it.for(attempts)('never serves a file outside the photo store: %s', async (url, { t }) => {
    const uploads = path.join(t.dataDir, 'uploads');
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, 'photo-480.webp'), 'PHOTO');
    await writeFile(path.join(uploads, '.secret'), 'HIDDEN-IN-UPLOADS');
    await writeFile(path.join(t.dataDir, 'secret.txt'), 'TOP-SECRET');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/photo-480.webp' })).body).toBe('PHOTO');

    const res = await call(t, undefined, { method: 'GET', url });
    // Refused by the router (400), by the static file server as a malformed path (403), or not found.
    expect([400, 403, 404]).toContain(res.statusCode);
    expectErrorShape(res);
    expect(res.body).not.toMatch(/TOP-SECRET|HIDDEN-IN-UPLOADS|root:/);
  });

  it('answers 400, not 500, to an upload cut short or malformed', async ({ t, seller }) => {
    const boundary = '----cut';
    for (const body of [
      '{',
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`,
    ]) {
      const res = await call(t, seller, {
        method: 'POST',
        url: '/api/uploads',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.from(body, 'latin1'),
      });
      expect(res.statusCode, res.body).toBe(400);
      expectErrorShape(res);
    }
  });

  it('names stored photos by content hash: an upload named ../../evil.png writes nothing outside the store', async ({
    t,
    seller,
  }) => {
    const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const boundary = `----abuse${randomBytes(6).toString('hex')}`;
    const res = await call(t, seller, {
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../evil.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().key).toMatch(/^[a-f0-9]{32}$/);
    expect((await readdir(t.dataDir)).filter((f) => f.includes('evil'))).toEqual([]);
    expect((await readdir(path.join(t.dataDir, 'uploads'))).filter((f) => f.includes('evil'))).toEqual([]);
  });
});

describe('accounts', () => {
  it('maps case and whitespace variants of an e-mail to one account', async ({ t }) => {
    const signUp = await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Case Buyer', email: 'case-buyer@x.test', password: TEST_PASSWORD, role: 'Buyer' },
    });
    expect(signUp.statusCode).toBe(200);
    const id = signUp.json().user.id;

    for (const variant of [' CASE-BUYER@X.TEST ', 'Case-Buyer@X.Test', '\tcase-buyer@x.test\n']) {
      const signIn = await call(t, undefined, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: variant, password: TEST_PASSWORD },
        remoteAddress: `10.1.0.${variant.length}`,
      });
      expect(signIn.statusCode, variant).toBe(200);
      expect(signIn.json().user.id).toBe(id);
    }
    const again = await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Copy', email: '  CASE-BUYER@x.test', password: TEST_PASSWORD, role: 'Seller' },
    });
    // Answered as a new address would be (sign-up.test.ts); still one account.
    expect(again.statusCode).toBe(200);
    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) like '%case-buyer@x.test%'`);
    expect(rows).toHaveLength(1);
  });

  it('never changes a role through the auth library: update-user with role Admin is refused', async ({
    t,
  }) => {
    const victim = await signUpUser(t, 'Buyer');
    for (const role of ['Admin', 'Seller', 'admin']) {
      const res = await call(t, victim, {
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { origin: 'http://localhost:3000' },
        payload: { name: 'Promoted?', role },
      });
      // A field update-user does not take (issue 44, item 2): refused before Better Auth sees it.
      expect(res.statusCode, res.body).toBe(400);
      expectErrorShape(res);
    }
    const row = await t.db.query.users.findFirst({ where: eq(users.id, victim.id) });
    expect(row).toMatchObject({ role: 'Buyer', name: victim.name });
    expect((await call(t, victim, { method: 'GET', url: '/api/contact' })).statusCode).toBe(403);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax (and Secure with an https PUBLIC_URL)', async ({
    t,
    buyer,
  }) => {
    const res = await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: buyer.email, password: TEST_PASSWORD },
    });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const secure = await createTestApp({
      PUBLIC_URL: 'https://redline.example',
      AUTH_SECRET: 'x'.repeat(40),
    });
    try {
      const secureUser = await signUpUser(secure, 'Buyer');
      const signIn = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://redline.example' },
        payload: { email: secureUser.email, password: TEST_PASSWORD },
      });
      const secureCookie = [signIn.headers['set-cookie']].flat().find((c) => c?.includes('session_token='));
      expect(secureCookie).toMatch(/^__Secure-redline\.session_token=/);
      expect(secureCookie).toMatch(/; Secure/i);
      expect(secureCookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});

describe('cross-site requests', () => {
  const evil = { origin: 'https://evil.example', referer: 'https://evil.example/page' };

  it('refuses a cross-site form POST that carries the session cookie, and changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const attempts: [TestUser, string, string, string][] = [
      [buyer, '/api/savedpost', 'application/x-www-form-urlencoded', `carId=${car.id}`],
      [buyer, '/api/savedpost', 'text/plain', JSON.stringify({ carId: car.id })],
      [
        buyer,
        '/api/testdrivebooking',
        'application/x-www-form-urlencoded',
        `carId=${car.id}&phone=5550102030&city=X`,
      ],
      [buyer, '/api/auth/sign-out', 'application/x-www-form-urlencoded', ''],
      [seller, '/api/advertise', 'text/plain', JSON.stringify({ carId: car.id })],
    ];
    for (const [user, url, contentType, payload] of attempts) {
      const res = await call(t, user, {
        method: 'POST',
        url,
        headers: { ...evil, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, `${url} ${contentType}: ${res.body}`).toBe(403);
      expectErrorShape(res);
    }
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const boundary = `----evil${randomBytes(6).toString('hex')}`;
    const upload = await call(t, seller, {
      method: 'POST',
      url: '/api/uploads',
      headers: { ...evil, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(403);
    const deleted = await call(t, seller, {
      method: 'DELETE',
      url: `/api/cars/${car.id}`,
      headers: { origin: 'null' },
    });
    expect(deleted.statusCode).toBe(403);

    expect(await t.db.select().from(savedCars).where(eq(savedCars.carId, car.id))).toEqual([]);
    expect(await t.db.query.cars.findFirst({ where: (c, { eq: is }) => is(c.id, car.id) })).toBeDefined();
    expect((await call(t, buyer, { method: 'GET', url: '/api/me' })).json()?.id).toBe(buyer.id);
  });

  it('still accepts the same calls from the site itself', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const res = await call(t, buyer, {
      method: 'POST',
      url: '/api/savedpost',
      headers: { origin: 'http://localhost:3000' },
      payload: { carId: car.id },
    });
    expect(res.statusCode).toBe(201);
  });

  it('sends no CORS header on any response, preflight included', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const checks: [TestUser | undefined, 'GET' | 'POST' | 'OPTIONS', string][] = [
      [undefined, 'GET', '/api/categories'],
      [undefined, 'GET', '/api/advertise'],
      [undefined, 'GET', '/api/me'],
      [buyer, 'GET', '/api/me'],
      [buyer, 'GET', `/api/cars/id/${car.id}`],
      [buyer, 'POST', '/api/savedpost'],
      [undefined, 'POST', '/api/auth/sign-in/email'],
      [undefined, 'GET', '/api/auth/get-session'],
      [undefined, 'OPTIONS', '/api/cars'],
      [undefined, 'OPTIONS', '/api/auth/sign-in/email'],
      [undefined, 'GET', '/uploads/photo-480.webp'],
      [undefined, 'GET', '/api/docs/json'],
    ];
    for (const [user, method, url] of checks) {
      const res = await call(t, user, {
        method,
        url,
        headers: {
          ...evil,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
      expect(cors, `${method} ${url}`).toEqual([]);
    }
  });
});

describe('secrets', () => {
  it('never puts a password, session token or card number in an error body or a log line', async ({
    t,
    seller,
    buyer,
  }) => {
    const token = sessionToken(buyer.cookie);
    expect(token.length).toBeGreaterThan(10);

    // Calls that carry secrets and fail in many ways.
    await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: buyer.email, password: `${TEST_PASSWORD}-wrong` },
    });
    await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Dup', email: buyer.email, password: TEST_PASSWORD, role: 'Buyer' },
    });
    await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Bad', email: 'not-an-email', password: TEST_PASSWORD, role: 'Admin' },
    });
    await call(t, buyer, {
      method: 'POST',
      url: '/api/contact',
      payload: { password: TEST_PASSWORD, cardNumber: CARD },
    });
    await call(t, buyer, {
      method: 'POST',
      url: '/api/payments/test-mode/confirm',
      payload: {
        clientSecret: 'pi_nope_secret_nope',
        card: { number: CARD, expMonth: 1, expYear: 1999, cvc: '123' },
      },
    });
    await call(t, buyer, {
      method: 'POST',
      url: '/api/payments/test-mode/confirm',
      payload: {
        clientSecret: 'x',
        card: { number: `${CARD}999999`, expMonth: 'x', expYear: 2030, cvc: '12345678901' },
      },
    });
    await call(t, undefined, {
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `redline.session_token=${token}.forged` },
    });
    await call(t, undefined, {
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });

    // The password-reset link carries its token in the URL's path.
    await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: buyer.email, redirectTo: '/user/reset-password' },
    });
    const resetLink = new URL(t.context.mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
    const resetToken = resetLink.pathname.split('/').at(-1)!;
    expect(resetToken.length).toBeGreaterThan(10);
    const opened = await call(t, undefined, { method: 'GET', url: resetLink.pathname + resetLink.search });
    expect(opened.statusCode).toBe(302);

    const signIn = await call(t, undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: seller.email, password: TEST_PASSWORD },
    });
    const newToken = sessionToken(cookieFrom(signIn));
    // An error on our side (500), whose details go to the log only. The new session is not in the
    // session cache yet, so its first signed-in call asks Better Auth.
    const failing = vi.spyOn(t.context.auth.api, 'getSession').mockImplementation(() => {
      throw new Error('the database exploded');
    });
    const crashed = await call(
      t,
      { ...seller, cookie: cookieFrom(signIn) },
      { method: 'GET', url: '/api/me' },
    );
    failing.mockRestore();
    expect(crashed.statusCode).toBe(500);
    expect(crashed.body).not.toContain(CARD);

    const secrets = [TEST_PASSWORD, token, newToken, sessionToken(seller.cookie), CARD, resetToken];
    for (const res of responses.filter((r) => r.statusCode >= 400)) {
      for (const secret of secrets) expect(res.body, `response ${res.statusCode}`).not.toContain(secret);
    }
    expect(logLines.length).toBeGreaterThan(20);
    const log = logLines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('the database exploded');
    // The request's own logger, made when it first logs, names the request as its answer does.
    const crashLine = logLines.find(
      (l) => l.includes('the database exploded') && l.includes('unhandled error'),
    );
    expect(JSON.parse(crashLine!).reqId).toBe(crashed.headers['x-request-id']);
    for (const secret of secrets) {
      const leak = logLines.find((l) => l.includes(secret));
      expect(leak?.slice(0, 1500), 'log line with a secret').toBeUndefined();
    }
  });
});
