/**
 * Every text a route stores is bounded and free of control characters, by the shared rules, the
 * sign-in service's endpoints included (issue 16, item 6): for each storing route and each of its
 * text fields, a bad value answers 400 naming that field and stores nothing.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODES, localDateString } from '@redline/shared';
import { describe, expect } from 'vitest';
import {
  bookings,
  cars,
  contactMessages,
  conversationReports,
  conversations,
  messages,
  photos,
  reportedCars,
  savedSearches,
  users,
} from '../src/db/schema.ts';
import { carInput, createCar, ensureCategory } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, TEST_PASSWORD, type TestApp, type TestUser } from './helpers.ts';

/** The seller's car and an unused photo of theirs, and the buyer's conversation about the car. */
const it = base.extend('records', { scope: 'file' }, async ({ t, buyer, seller }) => {
  await ensureCategory(t, 'super-car');
  const carId = (await createCar(t, seller)).id;
  const photoKey = randomBytes(16).toString('hex');
  await t.db.insert(photos).values({ key: photoKey, uploaderId: seller.id, width: 1600, height: 1200 });
  const started = await as(t, buyer, {
    method: 'POST',
    url: '/api/conversations',
    payload: { carId, message: 'Is it still for sale?' },
  });
  return { carId, photoKey, conversationId: started.json().id as string };
});

/** What a route's call names: the people and the records. */
type Named = { buyer: TestUser; seller: TestUser; carId: string; photoKey: string; conversationId: string };

/** Everything the routes below could write. */
async function stored(t: TestApp) {
  const tables = [
    users,
    cars,
    bookings,
    reportedCars,
    contactMessages,
    savedSearches,
    conversations,
    messages,
    conversationReports,
  ] as const;
  return JSON.stringify(await Promise.all(tables.map((table) => t.db.select().from(table))));
}

const over = (max: number) => 'x'.repeat(max + 1);
/** Invisible characters that neither kind of text takes (Unicode's Cf and Zl/Zp, common.ts). */
const INVISIBLE_BAD = {
  'a zero-width space': 'Admin\u200B Team',
  'a byte-order mark inside': 'Admin\uFEFF Team',
  'a soft hyphen': 'Ad\u00ADmin Team',
  'a left-to-right mark': 'Admin Team\u200E and more',
  'a line separator': 'Admin\u2028Team and more',
  'a paragraph separator': 'Admin\u2029Team and more',
};
const ONE_LINE_BAD = (max: number) => ({
  'over-long': over(max),
  'a control character': 'Ab\u0000cd',
  'a line break': 'Ab\ncd',
  'a bidirectional override': 'Ab\u202Ecd',
  'a zero-width joiner': 'Admin\u200DTeam',
  'only spaces': '   ',
  ...INVISIBLE_BAD,
});
const MULTI_LINE_BAD = (max: number) => ({
  'over-long': over(max),
  'a control character': 'A long enough text\u0007 with a bell',
  ...INVISIBLE_BAD,
});

interface Route {
  name: string;
  user: (named: Named) => TestUser | undefined;
  method: 'POST' | 'PATCH';
  url: (named: Named) => string;
  body: (named: Named) => Record<string, unknown>;
  fields: Record<string, Record<string, unknown>>;
}

let client = 0;
const inThreeDays = () => localDateString(new Date(Date.now() + 3 * 24 * 3600 * 1000));

const routes: Route[] = [
  {
    name: 'sign-up',
    user: () => undefined,
    method: 'POST',
    url: () => '/api/auth/sign-up/email',
    body: () => ({ name: 'Nina New', email: 'nina@x.test', password: TEST_PASSWORD, role: 'Buyer' }),
    fields: {
      name: { ...ONE_LINE_BAD(80), '900,000 characters': 'x'.repeat(900_000) },
      email: { 'over-long': `${'a'.repeat(250)}@x.test` },
      image: { 'a javascript: URL': 'javascript:alert(1)', 'an https URL': 'https://x.test/me.png' },
    },
  },
  {
    name: 'update-user',
    user: ({ buyer }) => buyer,
    method: 'POST',
    url: () => '/api/auth/update-user',
    body: () => ({ name: 'Renamed Buyer' }),
    fields: {
      name: { ...ONE_LINE_BAD(80), 'not text': 42 },
      image: { 'a javascript: URL': 'javascript:alert(1)' },
    },
  },
  {
    name: 'contact form',
    user: () => undefined,
    method: 'POST',
    url: () => '/api/contact',
    body: () => ({ name: 'Carla', email: 'carla@x.test', message: 'Hello, is the Porsche still for sale?' }),
    fields: {
      name: ONE_LINE_BAD(80),
      email: { 'over-long': `${'a'.repeat(250)}@x.test` },
      message: MULTI_LINE_BAD(2000),
    },
  },
  {
    name: 'new car',
    user: ({ seller }) => seller,
    method: 'POST',
    url: () => '/api/cars',
    body: ({ photoKey }) => carInput([photoKey]),
    fields: {
      brand: ONE_LINE_BAD(60),
      model: ONE_LINE_BAD(80),
      engine: ONE_LINE_BAD(120),
      about: MULTI_LINE_BAD(5000),
    },
  },
  {
    name: 'car edit',
    user: ({ seller }) => seller,
    method: 'PATCH',
    url: ({ carId }) => `/api/cars/${carId}`,
    body: () => ({ brand: 'Ferrari' }),
    fields: {
      brand: ONE_LINE_BAD(60),
      model: ONE_LINE_BAD(80),
      engine: ONE_LINE_BAD(120),
      about: MULTI_LINE_BAD(5000),
    },
  },
  {
    name: 'test-drive booking',
    user: ({ buyer }) => buyer,
    method: 'POST',
    url: () => '/api/testdrivebooking',
    body: ({ carId }) => ({
      carId,
      phone: '(512) 555-0142',
      city: 'Austin',
      date: inThreeDays(),
      time: '10:00',
    }),
    fields: { city: ONE_LINE_BAD(80) },
  },
  {
    name: 'report',
    user: ({ buyer }) => buyer,
    method: 'POST',
    url: () => '/api/reportedpost',
    body: ({ carId }) => ({ carId, reason: 'Other', details: 'The photos are of another car.' }),
    fields: { details: MULTI_LINE_BAD(1000) },
  },
  {
    name: 'conversation',
    user: ({ buyer }) => buyer,
    method: 'POST',
    url: () => '/api/conversations',
    body: ({ carId }) => ({ carId, message: 'Has it had its last service?' }),
    fields: { message: MULTI_LINE_BAD(2000) },
  },
  {
    name: 'message',
    user: ({ seller }) => seller,
    method: 'POST',
    url: ({ conversationId }) => `/api/conversations/${conversationId}/messages`,
    body: () => ({ body: 'Yes, last month.' }),
    fields: { body: MULTI_LINE_BAD(2000) },
  },
  {
    name: 'conversation report',
    user: ({ seller }) => seller,
    method: 'POST',
    url: ({ conversationId }) => `/api/conversations/${conversationId}/report`,
    body: () => ({ reason: 'Other', details: 'Asks me to pay outside Redline.' }),
    fields: { details: MULTI_LINE_BAD(1000) },
  },
  {
    name: 'saved search',
    user: ({ buyer }) => buyer,
    method: 'POST',
    url: () => '/api/saved-searches',
    body: () => ({ name: 'Porsches', filters: { brand: ['Porsche'] } }),
    fields: { name: ONE_LINE_BAD(60) },
  },
];

describe.each(routes)('$name', (route) => {
  const cases = Object.entries(route.fields).flatMap(([field, values]) =>
    Object.entries(values).map(([label, value]) => [field, label, value] as const),
  );
  it.for(cases)(
    'refuses %s with %s: 400 naming the field, nothing stored',
    async ([field, _label, value], { t, buyer, seller, records }) => {
      const named = { buyer, seller, ...records };
      const before = await stored(t);
      const res = await as(t, route.user(named), {
        method: route.method,
        url: route.url(named),
        headers: { origin: 'http://localhost:3000' },
        remoteAddress: `127.0.0.${++client}`, // the contact form allows 5 messages per address
        payload: { ...route.body(named), [field]: value },
      });
      expect(res.statusCode, res.body).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe(ERROR_CODES.validation);
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
      expect(await stored(t)).toBe(before);
    },
  );
});
