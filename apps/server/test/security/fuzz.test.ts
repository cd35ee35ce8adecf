/**
 * Fuzzing every /api route with fast-check: valid shapes with hostile values, wrong types, missing
 * and extra fields, huge strings, unicode, SQL and HTML metacharacters, random bytes under random
 * content types, as every kind of actor. Properties: no 5xx, every error in the one error shape,
 * the declared access holds, and afterwards the database invariants hold.
 *
 * FUZZ_RUNS (default 20000) is the total number of requests, split across the routes;
 * FUZZ_SEED replays a run (the seed is printed at the start and on failure).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { errorResponseSchema, type Role, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import type { Access } from '@redline/shared/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect } from 'vitest';
import { advertisements, photos, users } from '../../src/db/schema.ts';
import type { PolicyEntry } from '../../src/http/access.ts';
import { createBooking, createCar, ensureCategory } from '../factories.ts';
import { it as base } from '../fixtures.ts';
import { as, asStream, TEST_PASSWORD, type TestApp, type TestUser } from '../helpers.ts';

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

type Actor = 'anonymous' | 'buyer' | 'seller' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'buyer', 'seller', 'admin'];
const ROLE_OF: Record<Actor, Role | null> = {
  anonymous: null,
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Admin',
};

// Every actor's calls come from one address, and streams close as their answers are read: the
// per-client cap on live-updates streams (a documented 503) is not what this test looks for.
const it = base.extend('env', { scope: 'file' }, { LIVE_STREAMS_PER_CLIENT: '1000' });

/** The file's app and people, which the request generators below use: set before the tests. */
let t: TestApp;
const people = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
/** Real values the generators mix in, so that some requests get past validation to the services. */
const pool = {
  carIds: [] as string[],
  bookingIds: [] as string[],
  userIds: [] as string[],
  emails: [] as string[],
  victimEmails: [] as string[],
  photoKeys: [] as string[],
  transactionIds: [] as string[],
  clientSecrets: [] as string[],
  categoryIds: ['super-car', 'classic'],
};
let png: Buffer;
let requests = 0;
const statusCounts = new Map<number, number>();

// ---------------------------------------------------------------------------------------------
// Values

const NASTY = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  '" OR ""="',
  '\\',
  '%',
  '_',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\uFEFF',
  '\u202E',
  '\uD800',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  ' ',
  '',
  '🏎️🔥'.repeat(40),
  'ä'.repeat(300),
  'Ω≈ç√∫˜µ≤≥÷',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'BUYER@EXAMPLE.TEST',
  ' a@b.co ',
  'a@b',
  '+1 555 010 2030',
  '25:99',
  '2024-02-30',
  '9999-12-31',
  '-271821-04-20',
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 2000, maxLength: 6000 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), '9'.repeat(400)) },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
);

const nastyScalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** encodeURIComponent, which throws on a lone surrogate; those become U+FFFD first. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDFFF]/g, (c, i: number) => (isPairedSurrogate(s, i) ? c : '\uFFFD')),
  );
const isPairedSurrogate = (s: string, i: number) => {
  const code = s.charCodeAt(i);
  return code < 0xdc00
    ? (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    : (s.charCodeAt(i - 1) & 0xfc00) === 0xd800;
};

const pick = (list: () => string[]) => fc.nat().map((n) => list()[n % Math.max(list().length, 1)] ?? 'none');

const futureDate = fc
  .integer({ min: -3, max: 120 })
  .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
const card = fc.record({
  number: fc.constantFrom('4242424242424242', '4000000000000002', '4000000000009995', '4242 4242 4242 4241'),
  expMonth: fc.integer({ min: 0, max: 13 }),
  expYear: fc.integer({ min: 2000, max: 2100 }),
  cvc: fc.constantFrom('123', '1234', '12', 'abc'),
});

/** A plausible value per field name, so generated bodies reach the rules behind validation. */
const VALID: Record<string, fc.Arbitrary<unknown>> = {
  carId: pick(() => pool.carIds),
  bookingId: pick(() => pool.bookingIds),
  transactionId: pick(() => pool.transactionIds),
  clientSecret: pick(() => pool.clientSecrets),
  card,
  phone: fc.constantFrom('+1 512 555 0142', '(305) 555-0199', '000000000', '12345'),
  city: fc.constantFrom('Miami', 'Zürich'),
  date: futureDate,
  time: fc.constantFrom('10:00', '23:59', '00:00'),
  reason: fc.constantFrom('Misleading information', 'Suspected fraud', 'Car already sold', 'Other'),
  details: fc.constantFrom('', 'Looks fake.'),
  year: fc.integer({ min: 1995, max: 2030 }),
  brand: fc.constantFrom('Ferrari', 'Lamborghini'),
  model: fc.constantFrom('F40', 'Urus'),
  categoryId: pick(() => pool.categoryIds),
  engine: fc.constant('V12'),
  fuel: fc.constantFrom('Petrol', 'Diesel', 'Electric', 'Hybrid', 'Steam'),
  about: fc.constant('A lovely car, one careful owner.'),
  askingPrice: fc.integer({ min: -10, max: 2_000_000_010 }),
  originalPrice: fc.integer({ min: -10, max: 2_000_000_010 }),
  topSpeed: fc.integer({ min: -1, max: 700 }),
  kmDriven: fc.integer({ min: -1, max: 6_000_000 }),
  photos: fc.array(
    pick(() => pool.photoKeys),
    { maxLength: 11 },
  ),
  declarations: fc.record({
    noAccident: fc.boolean(),
    noLitigation: fc.constant(true),
    odometerGenuine: fc.constant(true),
    acceptLegalAction: fc.constant(true),
  }),
  sold: fc.boolean(),
  name: fc.constantFrom('Fuzz Buyer', 'Ünïcödé'),
  email: fc.oneof(
    pick(() => pool.emails),
    fc.emailAddress(),
  ),
  message: fc.constant('Hello, I would like to know more about this car.'),
  password: fc.constantFrom(TEST_PASSWORD, 'wrong-password-1', 'short'),
  newPassword: fc.constantFrom('another-horse-8'),
  currentPassword: fc.constant(TEST_PASSWORD),
  role: fc.constantFrom('Buyer', 'Seller', 'Admin', 'admin'),
  token: nastyString,
  redirectTo: fc.constantFrom('/user/reset', 'https://evil.example/steal'),
  callbackURL: fc.constantFrom('/', 'https://evil.example/'),
  provider: fc.constantFrom('google', 'github'),
  providerId: fc.constantFrom('google'),
  image: fc.constantFrom('javascript:alert(1)', 'https://evil.example/x.png'),
  isVerified: fc.boolean(),
};

/** The body fields each route reads (the rest of VALID is thrown in as extra fields). */
const FIELDS: Record<string, string[]> = {
  'POST /api/advertise': ['carId'],
  'POST /api/cars': [
    'year',
    'brand',
    'model',
    'categoryId',
    'engine',
    'fuel',
    'about',
    'askingPrice',
    'originalPrice',
    'topSpeed',
    'kmDriven',
    'photos',
    'declarations',
  ],
  'PATCH /api/cars/:id': ['about', 'askingPrice', 'sold', 'photos', 'categoryId', 'year', 'fuel'],
  'POST /api/contact': ['name', 'email', 'message'],
  'POST /api/create-payment-intent': ['bookingId'],
  'POST /api/payment': ['bookingId', 'transactionId'],
  'POST /api/payments/test-mode/confirm': ['clientSecret', 'card'],
  'POST /api/reportedpost': ['carId', 'reason', 'details'],
  'POST /api/savedpost': ['carId'],
  'POST /api/testdrivebooking': ['carId', 'phone', 'city', 'date', 'time'],
  'POST /api/users': ['name', 'email', 'role'],
  /** Every auth endpoint's body (auth/auth-endpoints.ts): their fields together. */
  'POST /api/auth': [
    'name',
    'email',
    'password',
    'role',
    'newPassword',
    'currentPassword',
    'token',
    'redirectTo',
    'callbackURL',
    'provider',
    'providerId',
    'image',
    'isVerified',
  ],
};

/** The auth endpoints that end the fuzzing actors' sessions: called without a cookie. */
const SESSION_ENDING = ['/api/auth/sign-out', '/api/auth/change-password'];

function fieldValue(name: string): fc.Arbitrary<unknown> {
  const valid = VALID[name];
  return valid ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: nastyValue }) : nastyValue;
}

function shapedBody(fields: string[]): fc.Arbitrary<unknown> {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(f)])), { requiredKeys: [] });
  const extra = fc.dictionary(
    fc.oneof(
      fc.constantFrom(...Object.keys(VALID), '__proto__', 'constructor', 'id', 'sellerId', 'isPaid', 'price'),
      fc.string({ maxLength: 10 }),
    ),
    nastyValue,
    { maxKeys: 3 },
  );
  return fc.tuple(known, extra, fc.boolean()).map(([k, e, withExtra]) => (withExtra ? { ...e, ...k } : k));
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/octet-stream',
  'application/xml',
  '',
  'application/json, text/plain',
  '*/*',
];

interface RawBody {
  raw: Buffer;
  contentType: string;
}

const rawBody: fc.Arbitrary<RawBody> = fc.record({
  raw: fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[[[[[[[[',
        '{"__proto__":{"isAdmin":true}}',
        'null',
        '"x"',
        '1',
        '{"a":1}{"b":2}',
        'a=1&b=2',
      )
      .map((s) => Buffer.from(s)),
  ),
  contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 30 })),
});

/** A multipart body: usually junk bytes as the file, sometimes a real image, sometimes the wrong field. */
const multipartBody: fc.Arbitrary<RawBody> = fc
  .record({
    data: fc.oneof(
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 6, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)) },
    ),
    field: fc.constantFrom('file', 'file', 'photo', ''),
    filename: fc.oneof(
      fc.constantFrom('p.png', '../../etc/passwd', 'a".png', 'x\r\nContent-Type: text/html'),
      fc.string({ maxLength: 20 }),
    ),
    contentType: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/x-msdownload'),
  })
  .map(({ data, field, filename, contentType }) => {
    const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename.replace(/[\r\n"]/g, '')}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
    return {
      raw: Buffer.concat([head, data ?? png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  });

const cursor = fc.oneof(
  nastyString,
  fc
    .tuple(
      fc.date(),
      fc.oneof(
        pick(() => pool.carIds),
        fc.uuid(),
        nastyString,
      ),
    )
    .map(([d, id]) =>
      Buffer.from(JSON.stringify([Number.isNaN(d.getTime()) ? 'x' : d.toISOString(), id])).toString(
        'base64url',
      ),
    ),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '').toString('base64url')),
);

const query = fc.record(
  {
    limit: fc.oneof(fc.integer({ min: -5, max: 60 }), nastyScalar),
    cursor,
    extra: nastyScalar,
  },
  { requiredKeys: [] },
);

/** A path parameter: a real id or e-mail when the name suggests one, or anything at all. */
function param(name: string, route: string): fc.Arbitrary<string> {
  const real: Record<string, fc.Arbitrary<string>> = {
    id: route.includes('testdrivebooking')
      ? pick(() => pool.bookingIds)
      : route.includes('/user/')
        ? pick(() => pool.userIds)
        : pick(() => pool.carIds),
    carId: pick(() => pool.carIds),
    categoryId: pick(() => pool.categoryIds),
    email: route.startsWith('DELETE') ? pick(() => pool.victimEmails) : pick(() => pool.emails),
  };
  const anything = fc.oneof(nastyString, fc.uuid()).map(encode);
  return fc.oneof({ weight: 2, arbitrary: real[name] ?? anything }, { weight: 3, arbitrary: anything });
}

interface Generated {
  actor: Actor;
  url: string;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | ({ kind: 'raw' } & RawBody);
  remoteAddress: string;
}

function requestFor(entry: PolicyEntry): fc.Arbitrary<Generated> {
  const key = `${entry.method} ${entry.url}`;
  const names = [...entry.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const path = fc.tuple(...names.map((n) => param(n, key))).map((values) => {
    let url = entry.url;
    names.forEach((n, i) => {
      url = url.replace(`:${n}`, values[i] || '%20');
    });
    return url;
  });
  const withQuery = fc.tuple(path, fc.option(query, { freq: 2 })).map(([p, q]) => {
    if (!q) return p;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(q))
      search.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
    return `${p}?${search.toString()}`;
  });
  const fields =
    FIELDS[key] ??
    (entry.url.startsWith('/api/auth/') ? FIELDS['POST /api/auth'] : undefined) ??
    Object.keys(VALID).slice(0, 6);
  const body: fc.Arbitrary<Generated['body']> =
    entry.method === 'GET'
      ? fc.constant({ kind: 'none' } as const)
      : entry.url === '/api/uploads'
        ? fc.oneof(
            { weight: 4, arbitrary: multipartBody.map((b) => ({ kind: 'raw' as const, ...b })) },
            { weight: 1, arbitrary: rawBody.map((b) => ({ kind: 'raw' as const, ...b })) },
          )
        : fc.oneof(
            { weight: 6, arbitrary: shapedBody(fields).map((value) => ({ kind: 'json' as const, value })) },
            { weight: 1, arbitrary: nastyValue.map((value) => ({ kind: 'json' as const, value })) },
            { weight: 2, arbitrary: rawBody.map((b) => ({ kind: 'raw' as const, ...b })) },
            { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
          );
  return fc.record({
    actor: fc.constantFrom(...ACTORS),
    url: withQuery,
    body,
    remoteAddress: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4()),
  });
}

/** A path with a "." or ".." segment (however encoded) may resolve to another route, or to none. */
function hasDotSegment(url: string): boolean {
  return (url.split('?')[0] ?? '').split('/').some((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // left as it is
    }
    return decoded === '.' || decoded === '..';
  });
}

function refusedByAccess(access: Access, actor: Actor): number | undefined {
  if (access === 'public') return undefined;
  // A dealer's system calls with its key, which no fuzzed call carries.
  if (access === 'dealerKey') return 401;
  const role = ROLE_OF[actor];
  if (!role) return 401;
  if (access === 'signedIn') return undefined;
  return access.includes(role) ? undefined : 403;
}

async function send(entry: PolicyEntry, g: Generated) {
  const sessionEnding = SESSION_ENDING.includes(entry.url);
  const user = g.actor === 'anonymous' || sessionEnding ? undefined : people[g.actor];
  const options: InjectOptions = {
    method: entry.method as InjectOptions['method'],
    url: g.url,
    remoteAddress: g.remoteAddress,
    headers: {},
  };
  if (g.body.kind === 'json') {
    options.payload = JSON.stringify(g.body.value) ?? 'null';
    options.headers = { 'content-type': 'application/json' };
  } else if (g.body.kind === 'raw') {
    options.payload = g.body.raw;
    options.headers = g.body.contentType ? { 'content-type': g.body.contentType } : {};
  }
  requests += 1;
  // Every route, the live-updates stream too: an event stream is read up to its headers.
  return asStream(t, user, options);
}

// ---------------------------------------------------------------------------------------------
// Fixtures

async function photoOf(userId: string) {
  const key = randomBytes(16).toString('hex');
  await t.db.insert(photos).values({ key, uploaderId: userId, width: 640, height: 480 });
  pool.photoKeys.push(key);
  return key;
}

async function payBooking(buyer: TestUser, bookingId: string) {
  const intent = await as(t, buyer, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { bookingId },
  });
  const { clientSecret } = intent.json() as { clientSecret: string };
  pool.clientSecrets.push(clientSecret);
  const confirmed = await as(t, buyer, {
    method: 'POST',
    url: '/api/payments/test-mode/confirm',
    payload: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    },
  });
  const { transactionId } = confirmed.json() as { transactionId: string };
  pool.transactionIds.push(transactionId);
  return transactionId;
}

it.beforeAll(async ({ t: app, buyer, seller, admin, otherSeller, otherBuyer }) => {
  console.log(`fuzz: seed ${SEED}, ${TOTAL_RUNS} requests (replay with FUZZ_SEED=${SEED})`);
  t = app;
  await ensureCategory(t, 'super-car');
  await ensureCategory(t, 'classic');
  Object.assign(people, { buyer, seller, admin });
  for (const u of [people.buyer, people.seller, people.admin, otherSeller, otherBuyer]) {
    pool.userIds.push(u.id);
    pool.emails.push(u.email);
  }
  // Accounts only an admin's DELETE /users/:email may remove; the fuzzing actors must survive the run.
  for (let i = 0; i < 15; i += 1) {
    const email = `victim${i}-${randomBytes(4).toString('hex')}@example.test`;
    await t.db
      .insert(users)
      .values({ id: randomUUID(), name: `Victim ${i}`, email, role: i % 2 ? 'Buyer' : 'Seller' });
    pool.victimEmails.push(email);
  }

  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  for (let i = 0; i < 40; i += 1) {
    const seller = i % 4 === 3 ? otherSeller : people.seller;
    const c = await createCar(t, seller, {
      categoryId: i % 3 ? 'super-car' : 'classic',
      photos: [await photoOf(seller.id)],
      ...(i % 10 === 9 ? { soldAt: new Date() } : {}),
    });
    pool.carIds.push(c.id);
    if (i % 2 === 0) await t.db.insert(advertisements).values({ carId: c.id });
    if (i < 12) {
      const b = await createBooking(t, i % 3 ? people.buyer : otherBuyer, c, seller);
      pool.bookingIds.push(b.id);
      if (i % 4 === 0) await payBooking(i % 3 ? people.buyer : otherBuyer, b.id);
    }
  }
  // Unused uploads of the seller, for generated car bodies.
  for (let i = 0; i < 5; i += 1) await photoOf(people.seller.id);
}, 180_000);

afterAll(async () => {
  const counts = [...statusCounts.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(`fuzz: ${requests} requests sent (seed ${SEED}); statuses ${counts.join(' ')}`);
});

// ---------------------------------------------------------------------------------------------
// Properties

describe(`fuzzing every route (seed ${SEED})`, () => {
  it('answers no 5xx, only well-formed errors, and never lets a refused actor through', async () => {
    // Better Auth's routes go last: what they do to sessions must not cut the other routes short.
    const policy = [...t.app.accessPolicy].sort(
      (a, b) => Number(a.url.startsWith('/api/auth/')) - Number(b.url.startsWith('/api/auth/')),
    );
    const perRoute = Math.max(1, Math.ceil(TOTAL_RUNS / policy.length));
    for (const [index, entry] of policy.entries()) {
      const seed = (SEED + index * 7919) % 2 ** 31;
      await fc
        .assert(
          fc.asyncProperty(requestFor(entry), async (g) => {
            const res = await send(entry, g);
            statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
            const where = `${entry.method} ${g.url.slice(0, 200)} as ${g.actor}`;
            if (res.statusCode >= 500)
              throw new Error(`${where}: ${res.statusCode} ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 400) {
              let parsed: unknown;
              try {
                parsed = res.json();
              } catch {
                throw new Error(
                  `${where}: ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`,
                );
              }
              if (!errorResponseSchema.safeParse(parsed).success) {
                throw new Error(
                  `${where}: ${res.statusCode} without the error shape: ${res.body.slice(0, 200)}`,
                );
              }
            }
            // A malformed or over-long path is refused by the router, and a "." or ".." segment leads
            // elsewhere: no route (so no access declaration) was involved.
            const unroutable =
              hasDotSegment(g.url) ||
              res.statusCode === 414 ||
              (res.statusCode === 400 && /The address/.test(res.body)) ||
              (res.statusCode === 404 && /No route for/.test(res.body));
            const refused =
              g.url.startsWith('/api/auth/') || unroutable
                ? undefined
                : refusedByAccess(entry.access, g.actor);
            if (refused !== undefined && res.statusCode !== refused) {
              throw new Error(
                `${where}: expected ${refused} from the access declaration, got ${res.statusCode}`,
              );
            }
          }),
          { seed, numRuns: perRoute, endOnFailure: true, verbose: 1, includeErrorInReport: true },
        )
        .catch((error: unknown) => {
          throw new Error(
            `fuzz failed on ${entry.method} ${entry.url} (FUZZ_SEED=${SEED}, route seed ${seed}): ${(error as Error).message}`,
          );
        });
    }
    expect(requests).toBeGreaterThanOrEqual(TOTAL_RUNS);
  }, 900_000);

  it('leaves the database consistent', async () => {
    const count = async (query: ReturnType<typeof sql>) => {
      const result = (await t.db.execute(query)) as unknown as { rows: { n: number | string }[] };
      return Number(result.rows[0]?.n ?? 0);
    };
    const checks: Record<string, ReturnType<typeof sql>> = {
      'paid booking without its payment': sql`select count(*) as n from bookings b where b.is_paid and not exists (select 1 from payments p where p.booking_id = b.id)`,
      'payment of an unpaid booking': sql`select count(*) as n from payments p join bookings b on b.id = p.booking_id where not b.is_paid`,
      'payment not for the fee': sql`select count(*) as n from payments where price <> ${TEST_DRIVE_FEE_CENTS}`,
      'booking not for the fee': sql`select count(*) as n from bookings where price <> ${TEST_DRIVE_FEE_CENTS}`,
      'open booking of a deleted car': sql`select count(*) as n from bookings where car_id is null and status in ('requested', 'accepted') and requested_date > current_date`,
      'paid booking called off and not refunded': sql`select count(*) as n from bookings b join payments p on p.booking_id = b.id where b.status in ('declined', 'cancelled') and not exists (select 1 from refunds r where r.payment_id = p.id)`,
      'refund of another amount than its payment': sql`select count(*) as n from refunds r join payments p on p.id = r.payment_id where r.amount <> p.price`,
      'payment without its booking': sql`select count(*) as n from payments p left join bookings b on b.id = p.booking_id where b.id is null`,
      'saved car of a missing car or buyer': sql`select count(*) as n from saved_posts s left join cars c on c.id = s.car_id left join users u on u.id = s.buyer_id where c.id is null or u.id is null`,
      'report of a missing car or buyer': sql`select count(*) as n from reported_posts r left join cars c on c.id = r.car_id left join users u on u.id = r.buyer_id where c.id is null or u.id is null`,
      'advertisement of a missing car': sql`select count(*) as n from advertisements a left join cars c on c.id = a.car_id where c.id is null`,
      'car of a missing seller': sql`select count(*) as n from cars c left join users u on u.id = c.seller_id where u.id is null`,
      'session of a missing user': sql`select count(*) as n from sessions s left join users u on u.id = s.user_id where u.id is null`,
      'car photo that was never uploaded': sql`select count(*) as n from cars c, unnest(c.photos) k where not exists (select 1 from photos p where p.key = k)`,
      'duplicate saved cars': sql`select count(*) as n from (select 1 from saved_posts group by buyer_id, car_id having count(*) > 1) d`,
      'duplicate reports': sql`select count(*) as n from (select 1 from reported_posts group by buyer_id, car_id having count(*) > 1) d`,
      'duplicate advertisements': sql`select count(*) as n from (select 1 from advertisements group by car_id having count(*) > 1) d`,
      'duplicate payments of a booking': sql`select count(*) as n from (select 1 from payments group by booking_id having count(*) > 1) d`,
      'duplicate transaction ids': sql`select count(*) as n from (select 1 from payments group by transaction_id having count(*) > 1) d`,
      'a new admin': sql`select count(*) as n from users where role = 'Admin' and id <> ${people.admin.id}`,
      'a role outside Buyer and Seller from sign-up': sql`select count(*) as n from users where role not in ('Buyer', 'Seller', 'Admin')`,
    };
    const broken: string[] = [];
    for (const [name, query] of Object.entries(checks)) {
      const n = await count(query);
      if (n > 0) broken.push(`${name}: ${n}`);
    }
    expect(broken).toEqual([]);
  });
});
