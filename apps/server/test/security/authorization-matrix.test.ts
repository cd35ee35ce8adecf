/**
 * The authorization matrix: every route the app registered with its access (app.accessPolicy: every
 * /api route and the crawlers' files served with the web app, so a new route cannot escape) called
 * by every kind of actor. The expected outcome of each cell comes from the route's declared access
 * (401 / 403 before the handler) and, for the actors it lets through,
 * from OWNERSHIP below: one row per route, against real records of buyer A and seller A.
 * A route without a row, or a row without a route, fails the test. The cars for sale (`browse`) are
 * checked as this app enforces them, BROWSING=public: anonymous callers allowed (public-answers.test.ts
 * checks them refused with BROWSING=signed-in, and that no public answer carries personal details).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { errorResponseSchema, type NotificationType, notificationTypesFor, type Role } from '@redline/shared';
import type { Access } from '@redline/shared/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect } from 'vitest';
import { authSecret } from '../../src/config/auth-secret.ts';
import {
  bookings,
  carNameMappings,
  cars,
  contactMessages,
  conversationReports,
  conversations,
  dealerInvitations,
  dealerMembers,
  dealerProfiles,
  inventoryImports,
  notificationPreferences,
  notifications,
  offers,
  photos,
  refunds,
  reportedCars,
  reviewReports,
  reviews,
  savedCars,
  savedSearches,
  users,
  vehicleAliases,
  vehicleMakes,
  vehicleModels,
  waitlist,
} from '../../src/db/schema.ts';
import { unsubscribeToken } from '../../src/modules/notifications/unsubscribe-token.ts';
import {
  addTeamMember,
  carInput,
  createBooking,
  createCar,
  createOffer,
  createPastTestDrive,
  createTeamInvitation,
  dealerProfileInput,
  ensureCategory,
  recordPayment,
} from '../factories.ts';
import { it as base } from '../fixtures.ts';
import {
  type Answer,
  as,
  asStream,
  signInAgain,
  signUpUser,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../helpers.ts';
import { standInWebBuild } from '../web-build.ts';

const ACTORS = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin', 'deletedUser'] as const;
type Actor = (typeof ACTORS)[number];

/** The role each actor signs in with; the deleted user was a buyer whose account an admin just removed. */
const ROLE_OF: Record<Actor, Role | null> = {
  anonymous: null,
  buyer: 'Buyer',
  otherBuyer: 'Buyer',
  seller: 'Seller',
  otherSeller: 'Seller',
  admin: 'Admin',
  deletedUser: 'Buyer',
};

interface Call {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  remoteAddress?: string;
}

interface Row {
  /** Builds the request for one actor, with fresh records when the call changes or consumes them. */
  call: (actor: Actor) => Promise<Call> | Call;
  /** Status for each actor the access declaration lets through; `others` covers the rest of them. */
  expect: Partial<Record<Actor | 'others', number>>;
  /** Optional check of what the call left behind (ownership: nothing of someone else's changed). */
  after?: (actor: Actor, res: Answer, call: Call) => Promise<void>;
  /** The route answers with an endless stream (Server-Sent Events): called with asStream. */
  stream?: true;
}

const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('env', { scope: 'file' }, async ({}, { onCleanup }) => {
    // With a web build, so that the routes served with the web app are in the matrix too.
    const webDist = await standInWebBuild();
    onCleanup(() => rm(webDist, { recursive: true, force: true }));
    return { WEB_DIST: webDist };
  });

/** The file's app and people, which the ownership rows below build their calls with: set before the tests. */
let t: TestApp;
const people = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
let car: Awaited<ReturnType<typeof createCar>>;
let booking: Awaited<ReturnType<typeof createBooking>>;
let pngBytes: Buffer;
let ipCounter = 0;

const dealerProfile = dealerProfileInput({
  businessName: 'Matrix Motors',
  street: '1 Matrix Way',
  postalCode: '60611',
  phone: '+13125550100',
});

/** The app's own origin, as a browser's write carries it. */
const fromApp = { origin: 'http://localhost:3000' };
const nextIp = () => `10.77.${++ipCounter >> 8}.${ipCounter & 255}`;

const buyerA = () => people.buyer;
const sellerA = () => people.seller;

/** Seller A as a dealer (its profile made again, should a row have removed it), and the other seller too when it calls. */
async function dealersFor(actor: Actor) {
  await as(t, sellerA(), { method: 'PUT', url: '/api/me/dealer', payload: dealerProfile });
  if (actor === 'otherSeller')
    await as(t, people.otherSeller, { method: 'PUT', url: '/api/me/dealer', payload: dealerProfile });
}

/** A new seller account in seller A's team (a dealer's). */
async function memberOfSellerA(actor: Actor) {
  await dealersFor(actor);
  const member = await signUpUser(t, 'Seller');
  await addTeamMember(t, sellerA(), member);
  return member;
}

const freshAddress = () => `matrix-${randomUUID().slice(0, 8)}@example.test`;

async function freshCar() {
  return createCar(t, sellerA());
}

/** A make of the catalogue of its own, for a call that changes it. */
async function freshMakeId() {
  const slug = `matrix-${randomUUID().slice(0, 8)}`;
  const [make] = await t.db
    .insert(vehicleMakes)
    .values({ name: slug, slug, country: 'IT' })
    .returning({ id: vehicleMakes.id });
  return make!.id;
}

/** A model of a make of its own. */
async function freshModel() {
  const makeId = await freshMakeId();
  const [model] = await t.db
    .insert(vehicleModels)
    .values({ makeId, name: 'Matrix model', slug: 'matrix-model' })
    .returning({ id: vehicleModels.id });
  return { makeId, modelId: model!.id };
}

async function freshBooking() {
  return createBooking(t, buyerA(), await freshCar(), sellerA());
}

/** Buyer A's review of seller A after a test drive that took place, stored as the review call stores it. */
async function reviewOfBuyerA(reported = false) {
  const b = await createPastTestDrive(t, buyerA(), await freshCar(), sellerA());
  const [row] = await t.db
    .insert(reviews)
    .values({
      bookingId: b.id,
      buyerId: buyerA().id,
      sellerId: sellerA().id,
      carName: b.carName,
      experience: 4,
      accuracy: 4,
      communication: 4,
      body: 'Matrix review.',
    })
    .returning({ id: reviews.id });
  if (reported)
    await t.db.insert(reviewReports).values({ reviewId: row!.id, reporterId: buyerA().id, reason: 'Spam' });
  return row!.id;
}

/** A photo row "uploaded" by this user, for a POST /cars body. */
async function photoOf(userId: string) {
  const key = randomBytes(16).toString('hex');
  await t.db.insert(photos).values({ key, uploaderId: userId, width: 640, height: 480 });
  return key;
}

/** A booking of buyer A with a payment intent; confirmed (succeeded) when asked. */
async function bookingWithIntent(confirmed: boolean) {
  const b = await freshBooking();
  const intent = await as(t, buyerA(), {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { bookingId: b.id },
  });
  const { clientSecret } = intent.json() as { clientSecret: string };
  let transactionId = '';
  if (confirmed) {
    const res = await as(t, buyerA(), {
      method: 'POST',
      url: '/api/payments/test-mode/confirm',
      payload: {
        clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
      },
    });
    transactionId = (res.json() as { transactionId: string }).transactionId;
  }
  return { booking: b, clientSecret, transactionId };
}

function multipart(data: Buffer) {
  const boundary = `----redline${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const DECLARATIONS = { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true };
/** An inventory file of one row (which the car form's rules refuse: it is a call, not a car). */
const INVENTORY = Buffer.from('stockNumber,brand\r\nS-1,Porsche\r\n');

/** Seller A as a dealer, the other seller as a private seller. */
async function asDealerAndPrivate() {
  await as(t, sellerA(), { method: 'PUT', url: '/api/me/dealer', payload: dealerProfile });
  await t.db.delete(dealerProfiles).where(eq(dealerProfiles.sellerId, people.otherSeller.id));
}

/** A fresh previewed import of seller A's: its id. */
async function importOfSellerA() {
  await asDealerAndPrivate();
  const res = await as(t, sellerA(), { method: 'POST', url: '/api/dealer/imports', ...multipart(INVENTORY) });
  return (res.json() as { id: string }).id;
}

/** Seller A's committed imports ended, so that the next call may commit another (one at a time). */
async function settleImportsOfSellerA() {
  await t.db
    .update(inventoryImports)
    .set({ status: 'done' })
    .where(
      and(
        eq(inventoryImports.dealerId, sellerA().id),
        inArray(inventoryImports.status, ['queued', 'running']),
      ),
    );
}

/** A fresh conversation of buyer A with seller A about a car of theirs: its id. */
async function conversationOfBuyerA() {
  const res = await as(t, buyerA(), {
    method: 'POST',
    url: '/api/conversations',
    payload: { carId: (await freshCar()).id, message: 'Is it still available?' },
  });
  return (res.json() as { id: string }).id;
}

/**
 * A conversation of buyer A with seller A, stored directly (the messages' rate limit would count
 * one more start per call), reported by buyer A when asked: its id.
 */
async function storedConversationOfBuyerA(reported = false) {
  const car = await freshCar();
  const [row] = await t.db
    .insert(conversations)
    .values({
      carId: car.id,
      carName: 'Matrix car',
      carPhoto: '',
      buyerId: buyerA().id,
      sellerId: sellerA().id,
    })
    .returning({ id: conversations.id });
  if (reported)
    await t.db
      .insert(conversationReports)
      .values({ conversationId: row!.id, reporterId: buyerA().id, reason: 'Spam' });
  return row!.id;
}

/** A fresh offer of buyer A on a car of seller A's, open (the seller's turn), or accepted with the car reserved: its id. */
async function offerOfBuyerA(accepted = false) {
  const car = await createCar(t, sellerA(), accepted ? { reservedAt: new Date() } : {});
  const offer = await createOffer(
    t,
    buyerA(),
    car,
    sellerA(),
    accepted ? { status: 'accepted', turn: null, expiresAt: null } : {},
  );
  return offer.id;
}

/** A car reserved for another buyer's accepted offer, with buyer A on its waitlist unless `waiting` is false. */
let holder: TestUser | undefined;
async function reservedCarWaitedByBuyerA(waiting = true) {
  const car = await createCar(t, sellerA(), { reservedAt: new Date() });
  holder ??= await signUpUser(t, 'Buyer');
  await createOffer(t, holder, car, sellerA(), { status: 'accepted', turn: null, expiresAt: null });
  if (waiting) await t.db.insert(waitlist).values({ carId: car.id, buyerId: buyerA().id });
  return car.id;
}

const offerStatus = async (call: Call) => {
  const id = call.url.split('/')[3]!;
  const [row] = await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id));
  return row?.status;
};

/** A fresh unread notification of buyer A: its id. */
async function noteOfBuyerA() {
  const [row] = await t.db
    .insert(notifications)
    .values({ userId: buyerA().id, type: 'account.verified', title: 'Matrix', body: '', link: '/dash' })
    .returning({ id: notifications.id });
  return row!.id;
}

/** A new saved search of buyer A's, in place of the previous cell's (a buyer keeps 20 at most). */
async function savedSearchOfBuyerA() {
  await t.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.buyerId, buyerA().id), eq(savedSearches.name, 'Matrix')));
  const word = `matrix${randomBytes(4).toString('hex')}`;
  const [row] = await t.db
    .insert(savedSearches)
    .values({
      buyerId: buyerA().id,
      name: 'Matrix',
      filters: { q: word },
      filtersKey: word,
      frequency: 'instant',
    })
    .returning({ id: savedSearches.id });
  return row!.id;
}

const savedSearchRow = (id: string) =>
  t.db.query.savedSearches.findFirst({ where: eq(savedSearches.id, id) });

/** Buyer A's unsubscribe link of one kind, as their e-mails carry it. */
const unsubscribeOfBuyerA = () =>
  encodeURIComponent(
    unsubscribeToken(authSecret(t.context.config), { userId: buyerA().id, kind: 'saved-car.sold' }),
  );

const futureDate = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

const bookingRow = (id: string) => t.db.query.bookings.findFirst({ where: eq(bookings.id, id) });

/**
 * Ownership expectations, keyed "METHOD path" exactly as the policy lists the route. Someone
 * else's private record answers 404 (its existence is not confirmed); someone else's list or a
 * car everyone may see but not change answers 403.
 */
const OWNERSHIP: Record<string, Row> = {
  'GET /api/advertise': { call: () => ({ url: '/api/advertise' }), expect: { others: 200 } },
  'POST /api/advertise': {
    call: async () => ({ url: '/api/advertise', payload: { carId: (await freshCar()).id } }),
    expect: { seller: 201, otherSeller: 403 },
  },
  // Better Auth's endpoints that Redline serves (auth/auth-endpoints.ts); as a browser sends them:
  // the sign-in service refuses a cookie-carrying write without an Origin.
  'GET /api/auth/callback/google': {
    call: () => ({ url: '/api/auth/callback/google?code=nope&state=nope' }),
    // Google is not configured here: the browser is sent to the login page with the error.
    expect: { others: 302 },
  },
  'POST /api/auth/change-password': {
    call: () => ({
      url: '/api/auth/change-password',
      headers: fromApp,
      payload: { currentPassword: 'not-the-password', newPassword: 'whatever-123' },
    }),
    expect: { others: 400 },
  },
  'GET /api/auth/get-session': { call: () => ({ url: '/api/auth/get-session' }), expect: { others: 200 } },
  'POST /api/auth/request-password-reset': {
    call: () => ({
      url: '/api/auth/request-password-reset',
      headers: fromApp,
      payload: { email: 'nobody-here@example.test', redirectTo: '/user/reset-password' },
      remoteAddress: nextIp(),
    }),
    expect: { others: 200 },
  },
  'POST /api/auth/reset-password': {
    call: () => ({
      url: '/api/auth/reset-password',
      headers: fromApp,
      payload: { newPassword: 'whatever-123', token: 'no-such-token' },
    }),
    expect: { others: 400 },
  },
  'GET /api/auth/reset-password/:token': {
    call: () => ({ url: '/api/auth/reset-password/no-such-token?callbackURL=%2Fuser%2Freset-password' }),
    expect: { others: 302 },
  },
  'POST /api/auth/send-verification-email': {
    call: () => ({
      url: '/api/auth/send-verification-email',
      headers: fromApp,
      payload: { email: `matrix-${randomUUID().slice(0, 8)}@example.test` },
      remoteAddress: nextIp(),
    }),
    // Without a session, the same answer for any address; a signed-in actor's own address is
    // confirmed already (400).
    expect: { anonymous: 200, deletedUser: 200, others: 400 },
  },
  'POST /api/auth/sign-in/email': {
    call: () => ({
      url: '/api/auth/sign-in/email',
      headers: fromApp,
      payload: { email: 'nobody-here@example.test', password: 'wrong-password' },
      remoteAddress: nextIp(),
    }),
    expect: { others: 401 },
  },
  'POST /api/auth/sign-in/social': {
    call: () => ({
      url: '/api/auth/sign-in/social',
      headers: fromApp,
      payload: { provider: 'google', callbackURL: '/' },
    }),
    expect: { others: 404 },
  },
  'POST /api/auth/sign-out': {
    call: () => ({ url: '/api/auth/sign-out', headers: fromApp }),
    expect: { others: 200 },
    // The actor signs in again, for the rows after this one.
    after: async (actor) => {
      if (actor === 'anonymous' || actor === 'deletedUser') return;
      people[actor] = await signInAgain(t, people[actor]);
    },
  },
  'POST /api/auth/sign-up/email': {
    call: () => ({
      url: '/api/auth/sign-up/email',
      headers: fromApp,
      payload: {
        name: 'Matrix Sign-up',
        email: `matrix-${randomUUID().slice(0, 8)}@example.test`,
        password: TEST_PASSWORD,
        role: 'Buyer',
      },
    }),
    expect: { others: 200 },
  },
  'PUT /api/me/location': {
    call: () => ({ url: '/api/me/location', payload: { postalCode: '60611' } }),
    expect: { others: 200 },
    // The caller's own default location, and nobody else's.
    after: async (actor) => {
      const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.postalCode, '60611'));
      expect(rows.map((row) => row.id)).toEqual([people[actor as Exclude<Actor, 'anonymous'>].id]);
      await t.db.update(users).set({ postalCode: null, country: null }).where(eq(users.postalCode, '60611'));
    },
  },
  'POST /api/auth/update-user': {
    // The actor's own name: nothing changes (a rename would clear a seller's verification).
    call: (actor) => ({
      url: '/api/auth/update-user',
      headers: fromApp,
      payload: { name: actor === 'anonymous' ? 'Nobody' : people[actor].name },
    }),
    expect: { others: 200 },
  },
  'GET /api/auth/verify-email': {
    call: () => ({ url: '/api/auth/verify-email?token=no-such-token' }),
    expect: { others: 401 },
  },
  'POST /api/cars': {
    call: async (actor) => {
      const owner = actor === 'otherSeller' ? people.otherSeller : sellerA();
      return { url: '/api/cars', payload: carInput([await photoOf(owner.id)]) };
    },
    expect: { seller: 201, otherSeller: 201 },
  },
  'GET /api/cars/:id': { call: () => ({ url: '/api/cars/super-car' }), expect: { others: 200 } },
  'DELETE /api/cars/:id': {
    call: async () => ({ url: `/api/cars/${(await freshCar()).id}` }),
    expect: { seller: 200, otherSeller: 403, admin: 200 },
    after: async (actor, _res, call) => {
      const row = await t.db.query.cars.findFirst({ where: eq(cars.id, call.url.split('/').pop()!) });
      expect(row === undefined).toBe(actor !== 'otherSeller');
    },
  },
  'PATCH /api/cars/:id': {
    call: () => ({ url: `/api/cars/${car.id}`, payload: { about: `Edited by the matrix ${randomUUID()}` } }),
    expect: { seller: 200, otherSeller: 403 },
  },
  'GET /api/cars/email/:email': {
    call: () => ({ url: `/api/cars/email/${sellerA().email}` }),
    expect: { seller: 200, otherSeller: 403, admin: 200 },
  },
  'GET /api/cars/id/:id': { call: () => ({ url: `/api/cars/id/${car.id}` }), expect: { others: 200 } },
  'GET /api/cars/id/:id/comparables': {
    call: () => ({ url: `/api/cars/id/${car.id}/comparables` }),
    expect: { others: 200 },
  },
  'POST /api/listing-activity': {
    call: () => ({
      url: '/api/listing-activity',
      payload: { shown: [car.id], viewed: car.id },
      headers: fromApp,
      remoteAddress: nextIp(),
    }),
    expect: { others: 200 },
  },
  'GET /api/listing-stats': {
    call: () => ({ url: '/api/listing-stats' }),
    expect: { seller: 200, otherSeller: 200 },
  },
  'GET /api/listing-stats/cars': {
    call: () => ({ url: '/api/listing-stats/cars' }),
    expect: { seller: 200, otherSeller: 200 },
  },
  'GET /api/listing-stats/cars/:id': {
    call: () => ({ url: `/api/listing-stats/cars/${car.id}` }),
    expect: { seller: 200, otherSeller: 403 },
  },
  'GET /api/cars/compare': {
    call: () => ({ url: `/api/cars/compare?ids=${car.id}` }),
    expect: { others: 200 },
  },
  'GET /api/cars/search': {
    call: () => ({ url: '/api/cars/search?q=porsche&fuel=Petrol&sort=price_asc' }),
    expect: { others: 200 },
  },
  'GET /api/sellers/:id': { call: () => ({ url: `/api/sellers/${sellerA().id}` }), expect: { others: 200 } },
  'GET /api/me/dealer': {
    call: () => ({ url: '/api/me/dealer' }),
    expect: { seller: 200, otherSeller: 200 },
  },
  'PUT /api/me/dealer': {
    call: () => ({ url: '/api/me/dealer', payload: dealerProfile }),
    expect: { seller: 200, otherSeller: 200 },
    // The caller's own profile: each seller has one of their own, nobody else's.
    after: async (actor) => {
      const rows = await t.db.select({ sellerId: dealerProfiles.sellerId }).from(dealerProfiles);
      expect(rows.map((row) => row.sellerId)).toContain(people[actor as 'seller' | 'otherSeller'].id);
    },
  },
  'DELETE /api/me/dealer': {
    // Seller A's own profile goes; the other seller's call removes only theirs (none).
    call: async () => {
      await as(t, sellerA(), { method: 'PUT', url: '/api/me/dealer', payload: dealerProfile });
      return { url: '/api/me/dealer' };
    },
    expect: { seller: 200, otherSeller: 200 },
    after: async (actor, res) => {
      expect(res.json()).toEqual({ deletedCount: actor === 'seller' ? 1 : 0 });
    },
  },
  'GET /api/me/team': {
    call: async (actor) => {
      await dealersFor(actor);
      return { url: '/api/me/team' };
    },
    expect: { seller: 200, otherSeller: 200 },
    // Each seller's own team, nobody else's.
    after: async (actor, res) => {
      expect(res.json().owner.id).toBe(people[actor as 'seller' | 'otherSeller'].id);
    },
  },
  'POST /api/me/team/invitations': {
    call: async (actor) => {
      await dealersFor(actor);
      return { url: '/api/me/team/invitations', payload: { email: freshAddress(), role: 'salesperson' } };
    },
    expect: { seller: 201, otherSeller: 201 },
    after: async (actor, res) => {
      const [row] = await t.db
        .select({ dealerId: dealerInvitations.dealerId })
        .from(dealerInvitations)
        .where(eq(dealerInvitations.id, res.json().id));
      expect(row!.dealerId).toBe(people[actor as 'seller' | 'otherSeller'].id);
    },
  },
  'DELETE /api/me/team/invitations/:id': {
    // Seller A's invitation: the other seller is told it does not exist, and it stays.
    call: async (actor) => {
      await dealersFor(actor);
      const { id } = await createTeamInvitation(t, sellerA(), freshAddress());
      return { url: `/api/me/team/invitations/${id}` };
    },
    expect: { seller: 200, otherSeller: 404 },
    after: async (actor, _res, call) => {
      const id = call.url.split('/').at(-1)!;
      const left = await t.db.select().from(dealerInvitations).where(eq(dealerInvitations.id, id));
      expect(left).toHaveLength(actor === 'seller' ? 0 : 1);
    },
  },
  'PUT /api/me/team/members/:id': {
    call: async (actor) => ({
      url: `/api/me/team/members/${(await memberOfSellerA(actor)).id}`,
      payload: { role: 'manager' },
    }),
    expect: { seller: 200, otherSeller: 404 },
    after: async (actor, _res, call) => {
      const id = call.url.split('/').at(-1)!;
      const [row] = await t.db.select().from(dealerMembers).where(eq(dealerMembers.memberId, id));
      expect(row!.role).toBe(actor === 'seller' ? 'manager' : 'salesperson');
    },
  },
  'DELETE /api/me/team/members/:id': {
    call: async (actor) => ({ url: `/api/me/team/members/${(await memberOfSellerA(actor)).id}` }),
    expect: { seller: 200, otherSeller: 404 },
    after: async (actor, _res, call) => {
      const id = call.url.split('/').at(-1)!;
      const left = await t.db.select().from(dealerMembers).where(eq(dealerMembers.memberId, id));
      expect(left).toHaveLength(actor === 'seller' ? 0 : 1);
    },
  },
  'DELETE /api/me/team/membership': {
    // One's own membership: neither seller is in a team.
    call: () => ({ url: '/api/me/team/membership' }),
    expect: { seller: 200, otherSeller: 200 },
    after: async (_actor, res) => {
      expect(res.json()).toEqual({ deletedCount: 0 });
    },
  },
  'GET /api/team-invitations/:token': {
    call: async (actor) => {
      await dealersFor(actor);
      const { token } = await createTeamInvitation(t, sellerA(), freshAddress());
      return { url: `/api/team-invitations/${token}` };
    },
    expect: { others: 200 },
  },
  'POST /api/team-invitations/:token/acceptance': {
    // An invitation of another address: refused to everyone, and nobody joins.
    call: async (actor) => {
      await dealersFor(actor);
      const { token } = await createTeamInvitation(t, sellerA(), freshAddress());
      return { url: `/api/team-invitations/${token}/acceptance` };
    },
    expect: { others: 403 },
    after: async (actor) => {
      if (actor === 'anonymous') return;
      const rows = await t.db
        .select()
        .from(dealerMembers)
        .where(eq(dealerMembers.memberId, people[actor].id));
      expect(rows).toEqual([]);
    },
  },
  'PUT /api/user/dealers/:id/verification': {
    // Seller A as an unverified dealer, made again for each call.
    call: async () => {
      await as(t, sellerA(), { method: 'PUT', url: '/api/me/dealer', payload: dealerProfile });
      await t.db
        .update(dealerProfiles)
        .set({ verifiedAt: null, verifiedBy: null })
        .where(eq(dealerProfiles.sellerId, sellerA().id));
      return {
        url: `/api/user/dealers/${sellerA().id}/verification`,
        payload: { verified: true, note: 'Matrix' },
      };
    },
    expect: { admin: 200 },
    after: async (actor) => {
      const row = await t.db.query.dealerProfiles.findFirst({
        where: eq(dealerProfiles.sellerId, sellerA().id),
      });
      expect(row?.verifiedAt != null).toBe(actor === 'admin');
    },
  },
  'GET /api/dealer/imports/template': {
    call: () => ({ url: '/api/dealer/imports/template' }),
    expect: { seller: 200, otherSeller: 200 },
  },
  // Seller A as a dealer, the other seller as a private seller, who has no inventory to import into.
  'POST /api/dealer/imports': {
    call: async () => {
      await asDealerAndPrivate();
      return { url: '/api/dealer/imports', ...multipart(INVENTORY) };
    },
    expect: { seller: 201, otherSeller: 403 },
  },
  'GET /api/dealer/imports': {
    call: async () => {
      await asDealerAndPrivate();
      return { url: '/api/dealer/imports' };
    },
    expect: { seller: 200, otherSeller: 403 },
  },
  'GET /api/dealer/imports/:id': {
    call: async () => ({ url: `/api/dealer/imports/${await importOfSellerA()}` }),
    expect: { seller: 200, otherSeller: 404 },
  },
  'GET /api/dealer/imports/:id/rows': {
    call: async () => ({ url: `/api/dealer/imports/${await importOfSellerA()}/rows` }),
    expect: { seller: 200, otherSeller: 404 },
  },
  'POST /api/dealer/imports/:id/commit': {
    call: async () => ({
      url: `/api/dealer/imports/${await importOfSellerA()}/commit`,
      payload: { declarations: DECLARATIONS },
    }),
    expect: { seller: 200, otherSeller: 404 },
    after: settleImportsOfSellerA,
  },
  'GET /api/dealer/api-key': {
    call: async () => {
      await asDealerAndPrivate();
      return { url: '/api/dealer/api-key' };
    },
    expect: { seller: 200, otherSeller: 403 },
  },
  'POST /api/dealer/api-key': {
    call: async () => {
      await asDealerAndPrivate();
      return { url: '/api/dealer/api-key', payload: { declarations: DECLARATIONS } };
    },
    expect: { seller: 201, otherSeller: 403 },
  },
  'DELETE /api/dealer/api-key': {
    // The caller's own key only (a private seller may still revoke a key left from their dealer days).
    call: async () => {
      await asDealerAndPrivate();
      return { url: '/api/dealer/api-key' };
    },
    expect: { seller: 200, otherSeller: 200 },
    after: async (actor, res) => {
      if (actor === 'otherSeller') expect(res.json()).toEqual({ deletedCount: 0 });
    },
  },
  // The feed knows no session, only the dealer's key: seller A's system sends seller A's key; every
  // other caller, whatever its cookie, sends none and is a 401 (the feed's tests try wrong and revoked keys).
  'POST /api/dealer/feed': {
    call: async (actor) => {
      await asDealerAndPrivate();
      const body = multipart(INVENTORY);
      if (actor !== 'seller') return { url: '/api/dealer/feed', ...body };
      const made = await as(t, sellerA(), {
        method: 'POST',
        url: '/api/dealer/api-key',
        payload: { declarations: DECLARATIONS },
      });
      const { key } = made.json() as { key: string };
      return {
        url: '/api/dealer/feed',
        ...body,
        headers: { ...body.headers, authorization: `Bearer ${key}` },
      };
    },
    expect: { seller: 201, others: 401 },
    after: settleImportsOfSellerA,
  },
  'GET /api/user/dealers/:id/verifications': {
    call: () => ({ url: `/api/user/dealers/${sellerA().id}/verifications` }),
    expect: { admin: 200 },
  },
  'GET /api/cars/suggest': { call: () => ({ url: '/api/cars/suggest?q=por' }), expect: { others: 200 } },
  'GET /api/categories': { call: () => ({ url: '/api/categories' }), expect: { others: 200 } },
  'GET /api/config': { call: () => ({ url: '/api/config' }), expect: { others: 200 } },
  'GET /api/vehicles/makes': {
    call: () => ({ url: '/api/vehicles/makes?q=chevy' }),
    expect: { others: 200 },
  },
  'POST /api/market-value/estimate': {
    call: () => ({
      url: '/api/market-value/estimate',
      payload: { brand: 'Porsche', model: '911', year: 2020, kmDriven: 30_000 },
    }),
    expect: { seller: 200, otherSeller: 200 },
  },
  'POST /api/vehicles/makes': {
    call: () => ({
      url: '/api/vehicles/makes',
      payload: { name: `Matrix ${randomUUID().slice(0, 8)}`, country: 'IT' },
      headers: fromApp,
    }),
    expect: { admin: 201 },
  },
  'PATCH /api/vehicles/makes/:makeId': {
    call: async () => ({
      url: `/api/vehicles/makes/${await freshMakeId()}`,
      payload: { name: `Matrix ${randomUUID().slice(0, 8)}` },
      headers: fromApp,
    }),
    expect: { admin: 200 },
  },
  'POST /api/vehicles/makes/:makeId/models': {
    call: async () => ({
      url: `/api/vehicles/makes/${await freshMakeId()}/models`,
      payload: { name: 'Matrix model' },
      headers: fromApp,
    }),
    expect: { admin: 201 },
  },
  'PATCH /api/vehicles/makes/:makeId/models/:modelId': {
    call: async () => {
      const { makeId, modelId } = await freshModel();
      return {
        url: `/api/vehicles/makes/${makeId}/models/${modelId}`,
        payload: { name: 'Matrix model renamed' },
        headers: fromApp,
      };
    },
    expect: { admin: 200 },
  },
  'DELETE /api/vehicles/makes/:makeId/models/:modelId': {
    call: async () => {
      const { makeId, modelId } = await freshModel();
      return { url: `/api/vehicles/makes/${makeId}/models/${modelId}`, headers: fromApp };
    },
    expect: { admin: 200 },
  },
  'POST /api/vehicles/makes/:makeId/models/:modelId/merge': {
    call: async () => {
      const { makeId, modelId } = await freshModel();
      const [into] = await t.db
        .insert(vehicleModels)
        .values({ makeId, name: 'Matrix kept', slug: 'matrix-kept' })
        .returning({ id: vehicleModels.id });
      return {
        url: `/api/vehicles/makes/${makeId}/models/${modelId}/merge`,
        payload: { into: into!.id },
        headers: fromApp,
      };
    },
    expect: { admin: 200 },
  },
  'POST /api/vehicles/makes/:makeId/merge': {
    call: async () => ({
      url: `/api/vehicles/makes/${await freshMakeId()}/merge`,
      payload: { into: await freshMakeId() },
      headers: fromApp,
    }),
    expect: { admin: 200 },
  },
  'DELETE /api/vehicles/makes/:makeId': {
    call: async () => ({ url: `/api/vehicles/makes/${await freshMakeId()}`, headers: fromApp }),
    expect: { admin: 200 },
  },
  'GET /api/vehicles/makes/:makeId/aliases': {
    call: async () => ({ url: `/api/vehicles/makes/${await freshMakeId()}/aliases` }),
    expect: { admin: 200 },
  },
  'POST /api/vehicles/makes/:makeId/aliases': {
    call: async () => ({
      url: `/api/vehicles/makes/${await freshMakeId()}/aliases`,
      payload: { alias: 'Matrix alias' },
      headers: fromApp,
    }),
    expect: { admin: 201 },
  },
  'DELETE /api/vehicles/makes/:makeId/aliases/:aliasId': {
    call: async () => {
      const makeId = await freshMakeId();
      const [alias] = await t.db
        .insert(vehicleAliases)
        .values({ makeId, alias: 'Matrix alias' })
        .returning({ id: vehicleAliases.id });
      return { url: `/api/vehicles/makes/${makeId}/aliases/${alias!.id}`, headers: fromApp };
    },
    expect: { admin: 200 },
  },
  'GET /api/cars/other-names': { call: () => ({ url: '/api/cars/other-names' }), expect: { admin: 200 } },
  'GET /api/cars/name-mappings': { call: () => ({ url: '/api/cars/name-mappings' }), expect: { admin: 200 } },
  'POST /api/cars/name-mappings/:id/review': {
    call: async () => {
      const makeId = await freshMakeId();
      const [row] = await t.db
        .insert(carNameMappings)
        .values({
          brand: 'Matrx',
          model: 'One',
          shownBrand: 'Matrix',
          shownModel: 'One',
          makeId,
          makeMatch: 'typo',
          cars: 0,
        })
        .returning({ id: carNameMappings.id });
      return {
        url: `/api/cars/name-mappings/${row!.id}/review`,
        payload: { review: 'confirmed' },
        headers: fromApp,
      };
    },
    expect: { admin: 200 },
  },
  'GET /api/vehicles/makes/:makeId/models': {
    call: async () => {
      const [make] = await t.db
        .select({ id: vehicleMakes.id })
        .from(vehicleMakes)
        .where(eq(vehicleMakes.slug, 'mazda'));
      return { url: `/api/vehicles/makes/${make!.id}/models?q=rx7` };
    },
    expect: { others: 200 },
  },
  'GET /api/places/:postalCode': { call: () => ({ url: '/api/places/90210' }), expect: { others: 200 } },
  'GET /api/vehicles/vin/:vin': {
    call: () => ({ url: '/api/vehicles/vin/1HGCM82633A004352' }),
    expect: { others: 200 },
  },
  'GET /api/contact': { call: () => ({ url: '/api/contact' }), expect: { admin: 200 } },
  'PATCH /api/contact/:id': {
    call: async () => {
      const [row] = await t.db
        .insert(contactMessages)
        .values({ name: 'Matrix', email: 'matrix@example.test', message: 'Marked handled by the matrix.' })
        .returning({ id: contactMessages.id });
      return { url: `/api/contact/${row!.id}`, payload: { handled: true } };
    },
    expect: { admin: 200 },
    // Only an admin's call marks it handled.
    after: async (actor, _res, call) => {
      const row = await t.db.query.contactMessages.findFirst({
        where: eq(contactMessages.id, call.url.split('/').pop()!),
      });
      expect(row?.handledAt !== null).toBe(actor === 'admin');
    },
  },
  'POST /api/contact': {
    // The contact form is limited per IP address; each cell comes from its own.
    call: () => ({
      url: '/api/contact',
      payload: { name: 'Matrix', email: 'matrix@example.test', message: 'A message from the matrix test.' },
      remoteAddress: `10.9.0.${++ipCounter}`,
    }),
    expect: { others: 201 },
  },
  'POST /api/create-payment-intent': {
    call: async () => ({
      url: '/api/create-payment-intent',
      payload: { bookingId: (await freshBooking()).id },
    }),
    expect: { buyer: 200, otherBuyer: 404 },
  },
  'GET /api/health/live': { call: () => ({ url: '/api/health/live' }), expect: { others: 200 } },
  'GET /api/health/ready': { call: () => ({ url: '/api/health/ready' }), expect: { others: 200 } },
  'GET /api/me': {
    call: () => ({ url: '/api/me' }),
    expect: { others: 200 },
    // Whoever has no live session (anonymous, the deleted user) is told so with null.
    after: async (actor, res) => {
      const user = actor === 'anonymous' || actor === 'deletedUser' ? null : people[actor];
      expect(res.json()?.id ?? null).toBe(user?.id ?? null);
    },
  },
  'POST /api/payment': {
    call: async () => {
      const { booking: b, transactionId } = await bookingWithIntent(true);
      return { url: '/api/payment', payload: { bookingId: b.id, transactionId } };
    },
    expect: { buyer: 201, otherBuyer: 404 },
    after: async (actor, _res, call) => {
      const row = await bookingRow((call.payload as { bookingId: string }).bookingId);
      expect(row?.isPaid).toBe(actor === 'buyer');
    },
  },
  'POST /api/conversations': {
    call: async () => ({
      url: '/api/conversations',
      payload: { carId: (await freshCar()).id, message: 'A question from the matrix.' },
    }),
    // A seller cannot message about their own car; another seller may ask.
    expect: { buyer: 201, otherBuyer: 201, seller: 403, otherSeller: 201 },
  },
  'GET /api/conversations': {
    call: async () => ({
      url: '/api/conversations',
      headers: { 'x-matrix-conversation': await conversationOfBuyerA() },
    }),
    expect: { others: 200 },
    // Its two people list it; no one else does.
    after: async (actor, res, call) => {
      const ids = (res.json() as { items: { id: string }[] }).items.map((c) => c.id);
      expect(ids.includes(call.headers!['x-matrix-conversation']!)).toBe(
        actor === 'buyer' || actor === 'seller',
      );
    },
  },
  'GET /api/conversations/:id/messages': {
    call: async () => ({ url: `/api/conversations/${await conversationOfBuyerA()}/messages` }),
    expect: { buyer: 200, seller: 200, others: 404 },
  },
  'POST /api/conversations/:id/messages': {
    call: async () => ({
      url: `/api/conversations/${await conversationOfBuyerA()}/messages`,
      payload: { body: 'A reply from the matrix.' },
    }),
    expect: { buyer: 201, seller: 201, others: 404 },
  },
  'POST /api/conversations/:id/report': {
    call: async () => ({
      url: `/api/conversations/${await storedConversationOfBuyerA()}/report`,
      payload: { reason: 'Spam', details: 'From the matrix.' },
    }),
    // Its two people only: to anyone else, admins included, it does not exist.
    expect: { buyer: 201, seller: 201, others: 404 },
  },
  'POST /api/offers': {
    call: async () => ({ url: '/api/offers', payload: { carId: (await freshCar()).id, amount: 20_000_000 } }),
    expect: { others: 201 },
  },
  'GET /api/offers/made': { call: () => ({ url: '/api/offers/made' }), expect: { others: 200 } },
  'GET /api/offers/received': { call: () => ({ url: '/api/offers/received' }), expect: { others: 200 } },
  'GET /api/offers/:id': {
    call: async () => ({ url: `/api/offers/${await offerOfBuyerA()}` }),
    expect: { buyer: 200, seller: 200, others: 404 },
  },
  'POST /api/offers/:id/answer': {
    call: async () => ({
      url: `/api/offers/${await offerOfBuyerA()}/answer`,
      payload: { action: 'decline' },
    }),
    // The seller's turn: its buyer is refused (409); to anyone else it does not exist.
    expect: { seller: 200, buyer: 409, others: 404 },
    after: async (actor, _res, call) =>
      expect(await offerStatus(call)).toBe(actor === 'seller' ? 'declined' : 'open'),
  },
  'POST /api/offers/:id/withdraw': {
    call: async () => ({ url: `/api/offers/${await offerOfBuyerA()}/withdraw` }),
    expect: { buyer: 200, others: 404 },
    after: async (actor, _res, call) =>
      expect(await offerStatus(call)).toBe(actor === 'buyer' ? 'withdrawn' : 'open'),
  },
  'POST /api/offers/:id/release': {
    call: async () => ({ url: `/api/offers/${await offerOfBuyerA(true)}/release` }),
    expect: { seller: 200, others: 404 },
    after: async (actor, _res, call) =>
      expect(await offerStatus(call)).toBe(actor === 'seller' ? 'released' : 'accepted'),
  },
  'POST /api/offers/:id/confirm': {
    call: async () => ({ url: `/api/offers/${await offerOfBuyerA(true)}/confirm` }),
    expect: { buyer: 200, others: 404 },
    after: async (actor, _res, call) => {
      const [row] = await t.db
        .select({ confirmed: offers.purchaseConfirmedAt })
        .from(offers)
        .where(eq(offers.id, call.url.split('/')[3]!));
      expect(row?.confirmed !== null).toBe(actor === 'buyer');
    },
  },
  'GET /api/cars/:id/waitlist': {
    call: async () => ({ url: `/api/cars/${await reservedCarWaitedByBuyerA()}/waitlist` }),
    expect: { buyer: 200, otherBuyer: 200 },
    // Each buyer reads their own place: buyer A waits, the other buyer does not.
    after: async (actor, res) => expect(res.json().waiting).toBe(actor === 'buyer'),
  },
  'PUT /api/cars/:id/waitlist': {
    call: async () => ({ url: `/api/cars/${await reservedCarWaitedByBuyerA(false)}/waitlist` }),
    expect: { buyer: 200, otherBuyer: 200 },
  },
  'DELETE /api/cars/:id/waitlist': {
    call: async () => ({ url: `/api/cars/${await reservedCarWaitedByBuyerA()}/waitlist` }),
    expect: { buyer: 200, otherBuyer: 200 },
    // Leaving is one's own: the other buyer's call leaves buyer A on the list.
    after: async (actor, _res, call) => {
      const carId = call.url.split('/')[3]!;
      const rows = await t.db.select().from(waitlist).where(eq(waitlist.carId, carId));
      expect(rows.length).toBe(actor === 'buyer' ? 0 : 1);
    },
  },
  'GET /api/conversations/reported': {
    call: () => ({ url: '/api/conversations/reported' }),
    expect: { admin: 200 },
  },
  'DELETE /api/conversations/:id/reports': {
    call: async () => ({ url: `/api/conversations/${await storedConversationOfBuyerA(true)}/reports` }),
    expect: { admin: 200 },
  },
  'GET /api/saved-searches': {
    call: async () => ({
      url: '/api/saved-searches',
      headers: { 'x-matrix-search': await savedSearchOfBuyerA() },
    }),
    expect: { others: 200 },
    // Each buyer lists their own: buyer A's search is in buyer A's list only.
    after: async (actor, res, call) => {
      const ids = (res.json() as { items: { id: string }[] }).items.map((s) => s.id);
      expect(ids.includes(call.headers!['x-matrix-search']!)).toBe(actor === 'buyer');
    },
  },
  'POST /api/saved-searches': {
    call: () => ({
      url: '/api/saved-searches',
      payload: { name: 'From the matrix', filters: { q: `matrix${randomBytes(4).toString('hex')}` } },
    }),
    expect: { others: 201 },
  },
  'PATCH /api/saved-searches/:id': {
    call: async () => ({
      url: `/api/saved-searches/${await savedSearchOfBuyerA()}`,
      payload: { name: 'Renamed by the matrix' },
    }),
    // Its buyer's alone: to anyone else it does not exist.
    expect: { buyer: 200, others: 404 },
    after: async (actor, _res, call) => {
      const row = await savedSearchRow(call.url.split('/').at(-1)!);
      expect(row?.name).toBe(actor === 'buyer' ? 'Renamed by the matrix' : 'Matrix');
    },
  },
  'DELETE /api/saved-searches/:id': {
    call: async () => ({ url: `/api/saved-searches/${await savedSearchOfBuyerA()}` }),
    expect: { buyer: 200, others: 404 },
    after: async (actor, _res, call) => {
      expect(await savedSearchRow(call.url.split('/').at(-1)!)).toEqual(
        actor === 'buyer' ? undefined : expect.anything(),
      );
    },
  },
  'GET /api/notifications': {
    call: async () => ({ url: '/api/notifications', headers: { 'x-matrix-note': await noteOfBuyerA() } }),
    expect: { others: 200 },
    // Each signed-in user reads their own: buyer A's note is in buyer A's list only.
    after: async (actor, res, call) => {
      const ids = (res.json() as { items: { id: string }[] }).items.map((n) => n.id);
      expect(ids.includes(call.headers!['x-matrix-note']!)).toBe(actor === 'buyer');
    },
  },
  'GET /api/notifications/stream': {
    call: () => ({ url: '/api/notifications/stream' }),
    expect: { others: 200 },
    stream: true,
    after: async (_actor, res) => {
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    },
  },
  'POST /api/notifications/read': {
    call: async () => ({ url: '/api/notifications/read', payload: { ids: [await noteOfBuyerA()] } }),
    expect: { others: 200 },
    // Naming buyer A's note marks it read for buyer A alone.
    after: async (actor, _res, call) => {
      const [id] = (call.payload as { ids: string[] }).ids;
      const row = await t.db.query.notifications.findFirst({ where: eq(notifications.id, id!) });
      expect(row?.readAt !== null).toBe(actor === 'buyer');
    },
  },
  'GET /api/notifications/preferences': {
    call: () => ({ url: '/api/notifications/preferences' }),
    expect: { others: 200 },
    // Each reads their own: the kinds of their role.
    after: async (actor, res) => {
      const types = (res.json() as { items: { type: NotificationType }[] }).items.map((item) => item.type);
      expect(types).toEqual(notificationTypesFor(ROLE_OF[actor]!));
    },
  },
  'PUT /api/notifications/preferences': {
    call: () => ({
      url: '/api/notifications/preferences',
      payload: { items: [{ type: 'booking.requested', inApp: true, email: false }] },
    }),
    // A seller's kind: set by sellers, refused to the others (not their role's).
    expect: { seller: 200, otherSeller: 200, others: 400 },
    after: async (actor) => {
      const [row] = await t.db
        .select()
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.userId, people.seller.id),
            eq(notificationPreferences.type, 'booking.requested'),
          ),
        );
      if (actor === 'seller') expect(row?.email).toBe(false);
    },
  },
  // Public: the e-mail's signed link is the credential; it speaks for buyer A whoever follows it.
  'GET /api/notifications/unsubscribe': {
    call: () => ({ url: `/api/notifications/unsubscribe?token=${unsubscribeOfBuyerA()}` }),
    expect: { others: 200 },
    after: async (_actor, res) => expect(res.json()).toEqual({ kind: 'saved-car.sold', email: false }),
  },
  'POST /api/notifications/unsubscribe': {
    call: () => ({ url: `/api/notifications/unsubscribe?token=${unsubscribeOfBuyerA()}` }),
    expect: { others: 200 },
    after: async () => {
      const rows = await t.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, buyerA().id));
      expect(rows.map(({ type, email }) => ({ type, email }))).toEqual([
        { type: 'saved-car.sold', email: false },
      ]);
    },
  },
  'GET /api/payments': { call: () => ({ url: '/api/payments' }), expect: { admin: 200 } },
  'POST /api/payments/:id/refund': {
    call: async () => {
      const payment = await recordPayment(t, await freshBooking());
      return { url: `/api/payments/${payment.id}/refund` };
    },
    expect: { admin: 201 },
    after: async (actor, _res, call) => {
      const rows = await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, call.url.split('/').at(-2)!));
      expect(rows).toHaveLength(actor === 'admin' ? 1 : 0);
    },
  },
  // Registered everywhere, answering only when STRIPE_WEBHOOK_SECRET is set (not here).
  'POST /api/stripe/webhook': {
    call: () => ({ url: '/api/stripe/webhook', payload: {} }),
    expect: { others: 404 },
  },
  'POST /api/payments/test-mode/confirm': {
    call: async () => {
      const { clientSecret } = await bookingWithIntent(false);
      return {
        url: '/api/payments/test-mode/confirm',
        payload: {
          clientSecret,
          card: {
            number: '4242424242424242',
            expMonth: 12,
            expYear: new Date().getFullYear() + 3,
            cvc: '123',
          },
        },
      };
    },
    expect: { buyer: 200, otherBuyer: 404 },
  },
  'POST /api/reviews': {
    call: async () => ({
      url: '/api/reviews',
      payload: {
        bookingId: (await createPastTestDrive(t, buyerA(), await freshCar(), sellerA())).id,
        experience: 5,
        accuracy: 5,
        communication: 5,
        body: 'From the matrix.',
      },
    }),
    // The booking's buyer only: to another buyer it does not exist.
    expect: { buyer: 201, otherBuyer: 404 },
  },
  'GET /api/me/reviewable-bookings': {
    call: () => ({ url: '/api/me/reviewable-bookings' }),
    expect: { others: 200 },
  },
  'GET /api/me/reviews': { call: () => ({ url: '/api/me/reviews' }), expect: { others: 200 } },
  'GET /api/sellers/:id/reviews': {
    call: () => ({ url: `/api/sellers/${sellerA().id}/reviews` }),
    expect: { others: 200 },
  },
  'GET /api/sellers/ratings': {
    call: () => ({ url: `/api/sellers/ratings?ids=${sellerA().id}` }),
    expect: { others: 200 },
  },
  'POST /api/reviews/:id/answer': {
    call: async () => ({
      url: `/api/reviews/${await reviewOfBuyerA()}/answer`,
      payload: { body: 'Thanks.' },
    }),
    // The reviewed seller only; another seller sees the review (it is public) but may not answer it.
    expect: { seller: 200, otherSeller: 403 },
  },
  'POST /api/reviews/:id/report': {
    call: async () => ({ url: `/api/reviews/${await reviewOfBuyerA()}/report`, payload: { reason: 'Spam' } }),
    expect: { others: 201 },
  },
  'GET /api/reviews/reported': { call: () => ({ url: '/api/reviews/reported' }), expect: { admin: 200 } },
  'PUT /api/reviews/:id/visibility': {
    call: async () => ({
      url: `/api/reviews/${await reviewOfBuyerA()}/visibility`,
      payload: { hidden: true, note: 'Matrix' },
    }),
    expect: { admin: 200 },
  },
  'DELETE /api/reviews/:id/reports': {
    call: async () => ({ url: `/api/reviews/${await reviewOfBuyerA(true)}/reports` }),
    expect: { admin: 200 },
  },
  'GET /api/reportedpost': { call: () => ({ url: '/api/reportedpost' }), expect: { admin: 200 } },
  'POST /api/reportedpost': {
    call: async () => ({
      url: '/api/reportedpost',
      payload: { carId: (await freshCar()).id, reason: 'Suspected fraud', details: 'matrix' },
    }),
    expect: { buyer: 201, otherBuyer: 201 },
  },
  'DELETE /api/reportedpost/:carId': {
    call: async () => {
      const c = await freshCar();
      await t.db
        .insert(reportedCars)
        .values({ carId: c.id, buyerId: buyerA().id, reason: 'Other', details: 'x' });
      return { url: `/api/reportedpost/${c.id}` };
    },
    expect: { admin: 200 },
  },
  'GET /api/reportedpost/:carId': {
    // Buyer A's report: each buyer learns only whether they reported the car themselves.
    call: async () => {
      const c = await freshCar();
      await t.db
        .insert(reportedCars)
        .values({ carId: c.id, buyerId: buyerA().id, reason: 'Other', details: 'x' });
      return { url: `/api/reportedpost/${c.id}` };
    },
    expect: { buyer: 200, otherBuyer: 200 },
    after: async (actor, res) => expect(res.json()).toEqual({ reported: actor === 'buyer' }),
  },
  'POST /api/reportedpost/:carId/dismiss': {
    call: async () => {
      const c = await freshCar();
      await t.db
        .insert(reportedCars)
        .values({ carId: c.id, buyerId: buyerA().id, reason: 'Other', details: 'x' });
      return { url: `/api/reportedpost/${c.id}/dismiss` };
    },
    expect: { admin: 200 },
  },
  'POST /api/savedpost': {
    call: async () => ({ url: '/api/savedpost', payload: { carId: (await freshCar()).id } }),
    expect: { buyer: 201, otherBuyer: 201 },
  },
  'DELETE /api/savedpost/:carId': {
    // Buyer A's saved car: only buyer A's own row can go; another buyer removes nothing.
    call: async () => {
      const c = await freshCar();
      await t.db.insert(savedCars).values({ buyerId: buyerA().id, carId: c.id });
      return { url: `/api/savedpost/${c.id}` };
    },
    expect: { buyer: 200, otherBuyer: 200 },
    after: async (actor, res, call) => {
      const carId = call.url.split('/').pop()!;
      const rows = await t.db
        .select()
        .from(savedCars)
        .where(and(eq(savedCars.carId, carId), eq(savedCars.buyerId, buyerA().id)));
      const removed = actor === 'buyer';
      expect(res.json()).toEqual({ deletedCount: removed ? 1 : 0 });
      expect(rows).toHaveLength(removed ? 0 : 1);
    },
  },
  'GET /api/savedpost/:carId': {
    call: async () => {
      const c = await freshCar();
      await t.db.insert(savedCars).values({ buyerId: buyerA().id, carId: c.id });
      return { url: `/api/savedpost/${c.id}` };
    },
    expect: { buyer: 200, otherBuyer: 200 },
    after: async (actor, res) => expect(res.json()).toEqual({ saved: actor === 'buyer' }),
  },
  'GET /api/savedpost/user/:email': {
    call: () => ({ url: `/api/savedpost/user/${buyerA().email}` }),
    expect: { buyer: 200, otherBuyer: 403, admin: 200 },
  },
  'POST /api/testdrivebooking': {
    call: async () => ({
      url: '/api/testdrivebooking',
      payload: {
        carId: (await freshCar()).id,
        phone: '+1 512 555 0142',
        city: 'Miami',
        date: futureDate(),
        time: '10:00',
      },
    }),
    expect: { buyer: 201, otherBuyer: 201 },
  },
  'DELETE /api/testdrivebooking/:id': {
    call: async () => ({ url: `/api/testdrivebooking/${(await freshBooking()).id}` }),
    expect: { buyer: 200, otherBuyer: 404, admin: 200 },
    after: async (actor, _res, call) => {
      const row = await bookingRow(call.url.split('/').pop()!);
      expect(row?.status).toBe(actor === 'otherBuyer' ? 'requested' : 'cancelled');
    },
  },
  'POST /api/testdrivebooking/:id/accept': {
    call: async () => ({ url: `/api/testdrivebooking/${(await freshBooking()).id}/accept` }),
    expect: { seller: 200, otherSeller: 404 },
    after: async (actor, _res, call) => {
      const row = await bookingRow(call.url.split('/').at(-2)!);
      expect(row?.status).toBe(actor === 'seller' ? 'accepted' : 'requested');
    },
  },
  'POST /api/testdrivebooking/:id/decline': {
    call: async () => ({ url: `/api/testdrivebooking/${(await freshBooking()).id}/decline` }),
    expect: { seller: 200, otherSeller: 404 },
    after: async (actor, _res, call) => {
      const row = await bookingRow(call.url.split('/').at(-2)!);
      expect(row?.status).toBe(actor === 'seller' ? 'declined' : 'requested');
    },
  },
  'POST /api/testdrivebooking/:id/propose': {
    call: async () => ({
      url: `/api/testdrivebooking/${(await freshBooking()).id}/propose`,
      payload: { date: futureDate(), time: '15:00' },
    }),
    expect: { seller: 200, otherSeller: 404 },
    after: async (actor, _res, call) => {
      const row = await bookingRow(call.url.split('/').at(-2)!);
      expect(row?.proposedTime).toBe(actor === 'seller' ? '15:00' : null);
    },
  },
  'POST /api/testdrivebooking/:id/accept-proposal': {
    call: async () => {
      const b = await createBooking(t, buyerA(), await freshCar(), sellerA(), {
        proposedDate: futureDate(),
        proposedTime: '16:00',
      });
      return { url: `/api/testdrivebooking/${b.id}/accept-proposal` };
    },
    expect: { buyer: 200, otherBuyer: 404 },
    after: async (actor, _res, call) => {
      const row = await bookingRow(call.url.split('/').at(-2)!);
      expect(row?.status).toBe(actor === 'buyer' ? 'accepted' : 'requested');
    },
  },
  'GET /api/testdrivebooking/car/:id/ahead': {
    call: () => ({ url: `/api/testdrivebooking/car/${car.id}/ahead` }),
    expect: { seller: 200, otherSeller: 403 },
  },
  'GET /api/testdrivebooking/:id': {
    call: () => ({ url: `/api/testdrivebooking/${booking.id}` }),
    expect: { buyer: 200, otherBuyer: 404, seller: 200, otherSeller: 404, admin: 200 },
  },
  'GET /api/testdrivebooking/buyer/:email': {
    call: () => ({ url: `/api/testdrivebooking/buyer/${buyerA().email}` }),
    expect: { buyer: 200, otherBuyer: 403, admin: 200 },
  },
  'GET /api/testdrivebooking/seller/:email': {
    call: () => ({ url: `/api/testdrivebooking/seller/${sellerA().email}` }),
    expect: { seller: 200, otherSeller: 403, admin: 200 },
  },
  'POST /api/uploads': {
    call: () => ({ url: '/api/uploads', ...multipart(pngBytes) }),
    expect: { seller: 201, otherSeller: 201 },
  },
  'GET /api/user/buyers': { call: () => ({ url: '/api/user/buyers' }), expect: { admin: 200 } },
  'PATCH /api/user/buyers/:id': {
    call: () => ({ url: `/api/user/buyers/${buyerA().id}` }),
    expect: { admin: 200 },
  },
  'GET /api/user/sellers': { call: () => ({ url: '/api/user/sellers' }), expect: { admin: 200 } },
  'PATCH /api/user/sellers/:id': {
    call: () => ({ url: `/api/user/sellers/${sellerA().id}` }),
    expect: { admin: 200 },
  },
  'POST /api/users': {
    call: () => ({ url: '/api/users', payload: { name: 'x', email: 'x@example.test', role: 'Admin' } }),
    // Nobody: accounts come from sign-up.
    expect: { others: 403 },
  },
  'DELETE /api/users/:email': {
    call: async () => ({ url: `/api/users/${(await signUpUser(t, 'Buyer')).email}` }),
    expect: { admin: 200 },
  },
  'GET /api/users/:email': {
    call: () => ({ url: `/api/users/${buyerA().email}` }),
    expect: { buyer: 200, admin: 200, others: 404 },
  },
  // The crawlers' files, served with the web app (web/crawlers.ts).
  'GET /robots.txt': { call: () => ({ url: '/robots.txt' }), expect: { others: 200 } },
  'GET /sitemap.xml': { call: () => ({ url: '/sitemap.xml' }), expect: { others: 200 } },
  'GET /sitemaps/:file': { call: () => ({ url: '/sitemaps/pages.xml' }), expect: { others: 200 } },
};

/** What the access declaration alone decides for this actor, or undefined when it lets the actor through. */
function decidedByAccess(access: Access, actor: Actor): number | undefined {
  // A session decides nothing for a dealer's system: its row sends the key or none.
  if (access === 'public' || access === 'dealerKey') return undefined;
  const role = actor === 'deletedUser' ? null : ROLE_OF[actor];
  if (!role) return 401;
  if (access === 'signedIn') return undefined;
  return access.includes(role) ? undefined : 403;
}

const stats = { routes: 0, actors: ACTORS.length, cells: 0, checked: 0, malformedChecked: 0 };

it.beforeAll(async ({ t: app, buyer, otherBuyer, seller, otherSeller, admin }) => {
  t = app;
  await ensureCategory(t, 'super-car');
  Object.assign(people, { buyer, otherBuyer, seller, otherSeller, admin });
  people.deletedUser = await signUpUser(t, ROLE_OF.deletedUser!);
  car = await freshCar();
  booking = await freshBooking();
  pngBytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

  // The deleted user still holds the cookie of a session that was valid a moment ago.
  const deleted = people.deletedUser;
  expect((await as(t, deleted, { method: 'GET', url: '/api/me' })).json()?.id).toBe(deleted.id);
  const res = await as(t, people.admin, { method: 'DELETE', url: `/api/users/${deleted.email}` });
  expect(res.json()).toEqual({ deletedCount: 1 });
  expect(await t.db.query.users.findFirst({ where: eq(users.id, deleted.id) })).toBeUndefined();
});

afterAll(async () => {
  console.log(
    `authorization matrix: ${stats.routes} routes × ${stats.actors} actors = ${stats.cells} cells, ${stats.checked} checked; ${stats.malformedChecked} refusals of malformed calls checked`,
  );
});

/**
 * An answer of a route that needs a session, or to a signed-in caller, is never stored by a shared
 * cache or on disk: `private, no-store`, or the catalogue's private revalidation with an ETag. A public
 * route outside /api (the crawlers' files) answers everyone the same.
 */
function personalCachingProblem(access: Access, actor: Actor, res: Answer, url: string) {
  if (access === 'public' && (actor === 'anonymous' || !url.startsWith('/api/'))) return undefined;
  const cacheControl = res.headers['cache-control'];
  if (cacheControl === 'private, no-store') return undefined;
  if (cacheControl === 'private, no-cache' && res.headers.etag) return undefined;
  return `personal answer with cache-control ${JSON.stringify(cacheControl)}`;
}

/**
 * The other people's e-mail addresses in an answer to anyone but an admin (issue 44, item 11): buyers
 * and sellers reach each other through messages and bookings, so no answer may let an account
 * harvest addresses (the buyer's contact details go to the seller of a paid booking, and no row
 * here pays one for a seller's call).
 */
function othersEmailsIn(actor: Actor, body: string): string[] {
  if (actor === 'admin') return [];
  return Object.entries(people)
    .filter(([who]) => who !== actor)
    .map(([, person]) => person.email)
    .filter((email) => body.toLowerCase().includes(email.toLowerCase()));
}

describe('authorization matrix', () => {
  it('has one ownership row for every registered route, and none for a route that does not exist', () => {
    const keys = t.app.accessPolicy.map((p) => `${p.method} ${p.url}`);
    expect(keys).toContain('POST /api/payments/test-mode/confirm');
    expect(
      keys.filter((k) => !(k in OWNERSHIP)),
      'routes missing from OWNERSHIP',
    ).toEqual([]);
    expect(
      Object.keys(OWNERSHIP).filter((k) => !keys.includes(k)),
      'rows for unknown routes',
    ).toEqual([]);
  });

  it('every actor gets exactly the declared outcome on every route', async () => {
    const failures: string[] = [];
    const policy = [...t.app.accessPolicy].sort((a, b) =>
      `${a.url}${a.method}`.localeCompare(`${b.url}${b.method}`),
    );
    stats.routes = policy.length;
    stats.cells = policy.length * ACTORS.length;
    for (const entry of policy) {
      const key = `${entry.method} ${entry.url}`;
      const row = OWNERSHIP[key];
      if (!row) {
        failures.push(`${key}: no ownership row`);
        continue;
      }
      for (const actor of ACTORS) {
        const byAccess = decidedByAccess(entry.access, actor);
        const expected = byAccess ?? row.expect[actor] ?? row.expect.others;
        if (expected === undefined) {
          failures.push(`${key} as ${actor}: no expected outcome in OWNERSHIP`);
          continue;
        }
        const call = await row.call(actor);
        const user = actor === 'anonymous' ? undefined : people[actor];
        const res = await (row.stream ? asStream : as)(t, user, {
          method: entry.method as InjectOptions['method'],
          url: call.url,
          payload: call.payload,
          headers: call.headers,
          remoteAddress: call.remoteAddress,
        });
        stats.checked += 1;
        if (res.statusCode !== expected) {
          failures.push(
            `${key} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
          continue;
        }
        const caching = personalCachingProblem(entry.access, actor, res, entry.url);
        if (caching) failures.push(`${key} as ${actor}: ${caching}`);
        const emails = othersEmailsIn(actor, res.body);
        if (emails.length > 0)
          failures.push(`${key} as ${actor}: other people's e-mail ${emails.join(', ')}`);
        if (res.statusCode >= 400 && !errorResponseSchema.safeParse(res.json()).success) {
          failures.push(`${key} as ${actor}: error body without the error shape: ${res.body.slice(0, 160)}`);
        }
        if (byAccess === undefined && row.after) {
          try {
            await row.after(actor, res, call);
          } catch (error) {
            failures.push(`${key} as ${actor}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(stats.checked).toBe(stats.cells);
  });

  it('decides access before it reads the request: a malformed call still answers 401 / 403', async () => {
    const failures: string[] = [];
    for (const entry of t.app.accessPolicy) {
      const url = entry.url.replace(/:\w+/g, '%00bad').replace('*', 'x');
      for (const actor of ACTORS) {
        const expected = decidedByAccess(entry.access, actor);
        if (expected === undefined) continue;
        const res = await as(t, actor === 'anonymous' ? undefined : people[actor], {
          method: entry.method as InjectOptions['method'],
          url,
          ...(entry.method === 'GET' ? {} : { payload: { unexpected: ['x'.repeat(300)] } }),
        });
        stats.malformedChecked += 1;
        if (res.statusCode !== expected) {
          failures.push(`${entry.method} ${url} as ${actor}: expected ${expected}, got ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the deleted user could not recreate or reuse anything with the old cookie', async () => {
    const deleted = people.deletedUser;
    expect(await t.db.query.users.findFirst({ where: eq(users.email, deleted.email) })).toBeUndefined();
    const own = await t.db.select().from(bookings).where(eq(bookings.buyerEmail, deleted.email));
    expect(own).toEqual([]);
  });
});
