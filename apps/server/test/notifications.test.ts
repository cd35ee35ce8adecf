/**
 * Notifications (issue 20): each change tells the people it concerns, exactly once, in the
 * transaction of the change (a change refused or rolled back tells nobody); each user reads and
 * marks only their own.
 */
import { randomUUID } from 'node:crypto';
import {
  dealRating,
  formatRequestedDate,
  localDateString,
  NOTIFICATIONS_READ_MAX,
  type Notification,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { bookings, marketValues, notifications } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { createCar, recordPayment } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, openStream, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sam Seller' },
    buyer: { name: 'Bea Buyer' },
    otherBuyer: { name: 'Otto Other' },
  },
);

/** Every notification of a user, oldest first, as the database holds them. */
const rowsOf = (t: TestApp, user: TestUser) =>
  t.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.createdAt);

/** What each of these users has been told since `before` (counts of rows per user). */
async function countsOf(t: TestApp, users: TestUser[]) {
  return Promise.all(users.map(async (user) => (await rowsOf(t, user)).length));
}

const list = (t: TestApp, user: TestUser | undefined, query = '') =>
  as(t, user, { method: 'GET', url: `/api/notifications${query}` });
const markRead = (t: TestApp, user: TestUser | undefined, payload: object) =>
  as(t, user, { method: 'POST', url: '/api/notifications/read', payload });

function inDays(days: number) {
  const now = new Date();
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

/** "Mar 14, 2031": the day `days` ahead as notifications write it (the booking pages' format). */
const day = (days: number) => formatRequestedDate(inDays(days));

async function book(t: TestApp, user: TestUser, carId: string, date = inDays(7)) {
  return as(t, user, {
    method: 'POST',
    url: '/api/testdrivebooking',
    payload: { carId, phone: '(512) 555-0142', city: 'Miami', date, time: '10:30' },
  });
}

async function payFor(t: TestApp, user: TestUser, bookingId: string) {
  const { clientSecret } = (
    await as(t, user, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId } })
  ).json();
  const card = {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: '123',
  };
  const confirmed = await as(t, user, {
    method: 'POST',
    url: '/api/payments/test-mode/confirm',
    payload: { clientSecret, card },
  });
  const { transactionId } = confirmed.json();
  return as(t, user, { method: 'POST', url: '/api/payment', payload: { bookingId, transactionId } });
}

describe('what each change tells, and to whom', () => {
  it('a test drive requested, paid and another cancelled tell the seller, once each, and nobody else', async ({
    t,
    seller,
    buyer,
    otherBuyer,
    admin,
  }) => {
    const car = await createCar(t, seller, { year: 2021, brand: 'Porsche', model: '911 GT3' });
    const before = await countsOf(t, [seller, buyer, otherBuyer, admin]);
    const booked = await book(t, buyer, car.id, inDays(8));
    expect(booked.statusCode).toBe(201);
    const paid = await payFor(t, buyer, booked.json().id);
    expect(paid.statusCode).toBe(201);
    const other = await book(t, otherBuyer, car.id, inDays(9));
    expect(other.statusCode).toBe(201);
    const cancelled = await as(t, otherBuyer, {
      method: 'DELETE',
      url: `/api/testdrivebooking/${other.json().id}`,
    });
    expect(cancelled.statusCode).toBe(200);

    const told = (await rowsOf(t, seller)).slice(before[0]);
    expect(told.map(({ type, title, body, link }) => ({ type, title, body, link }))).toEqual([
      {
        type: 'booking.requested',
        title: 'Test drive requested',
        body: `Bea Buyer would like to drive your 2021 Porsche 911 GT3 on ${day(8)} at 10:30 AM in Miami.`,
        link: '/dash/seller/requests',
      },
      {
        type: 'booking.paid',
        title: 'Test drive paid',
        body: `Bea Buyer paid $120.00 for the test drive of your 2021 Porsche 911 GT3 on ${day(8)} at 10:30 AM. Their phone number is on the request.`,
        link: '/dash/seller/requests',
      },
      {
        type: 'booking.requested',
        title: 'Test drive requested',
        body: `Otto Other would like to drive your 2021 Porsche 911 GT3 on ${day(9)} at 10:30 AM in Miami.`,
        link: '/dash/seller/requests',
      },
      {
        type: 'booking.cancelled',
        title: 'Test drive cancelled',
        body: `Otto Other cancelled the test drive of your 2021 Porsche 911 GT3 on ${day(9)} at 10:30 AM.`,
        link: '/dash/seller/requests',
      },
    ]);
    expect((await countsOf(t, [buyer, otherBuyer, admin])).map((n, i) => n - before[i + 1]!)).toEqual([
      0, 0, 0,
    ]);
  });

  it('a booking cancelled by an admin tells its seller and its buyer', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const car = await createCar(t, seller, { year: 2019, brand: 'Audi', model: 'R8' });
    const booked = await book(t, buyer, car.id, inDays(10));
    const [sellerBefore, buyerBefore] = await countsOf(t, [seller, buyer]);
    const res = await as(t, admin, { method: 'DELETE', url: `/api/testdrivebooking/${booked.json().id}` });
    expect(res.statusCode).toBe(200);
    const [toSeller] = (await rowsOf(t, seller)).slice(sellerBefore);
    const [toBuyer, ...more] = (await rowsOf(t, buyer)).slice(buyerBefore);
    expect(toSeller?.body).toBe(
      `The test drive of your 2019 Audi R8 with Bea Buyer on ${day(10)} at 10:30 AM was cancelled by Redline.`,
    );
    expect(toBuyer).toMatchObject({
      type: 'booking.cancelled',
      body: `Your test drive of the 2019 Audi R8 on ${day(10)} at 10:30 AM was cancelled by Redline.`,
      link: '/dash/buyer/bookings',
    });
    expect(more).toEqual([]);
  });

  it('a booking refused (rolled back) tells nobody', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    expect((await book(t, buyer, car.id)).statusCode).toBe(201);
    const before = await countsOf(t, [seller, buyer]);
    const again = await book(t, buyer, car.id);
    expect(again.statusCode).toBe(409);
    expect(await countsOf(t, [seller, buyer])).toEqual(before);
  });

  it('a price drop tells the buyers who saved the car, a rise or another edit nobody', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, { year: 2020, brand: 'Ferrari', model: 'F8 Tributo' });
    await as(t, buyer, { method: 'POST', url: '/api/savedpost', payload: { carId: car.id } });
    const before = await countsOf(t, [buyer, otherBuyer, seller]);
    const edit = (payload: object) => as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });
    expect((await edit({ askingPrice: 26_000_000 })).statusCode).toBe(200);
    expect((await edit({ kmDriven: 13_000 })).statusCode).toBe(200);
    expect((await edit({ askingPrice: 23_950_050 })).statusCode).toBe(200);
    const told = (await rowsOf(t, buyer)).slice(before[0]);
    expect(told.map(({ type, title, body, link }) => ({ type, title, body, link }))).toEqual([
      {
        type: 'saved-car.price-dropped',
        title: 'Price dropped',
        body: 'The 2020 Ferrari F8 Tributo you saved now asks $239,500.50, down from $260,000.',
        link: `/cars/id/${car.id}`,
      },
    ]);
    expect((await countsOf(t, [otherBuyer, seller])).map((n, i) => n - before[i + 1]!)).toEqual([0, 0]);
  });

  it('a price drop says the new deal rating when it changes, by the stored estimate', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller, { year: 2020, brand: 'Ferrari', model: 'F8 Tributo' });
    await as(t, buyer, { method: 'POST', url: '/api/savedpost', payload: { carId: car.id } });
    const before = (await rowsOf(t, buyer)).length;
    // The estimate stored with the drop, in its transaction: a refit meanwhile cannot replace it.
    const drop = (from: number, to: number) =>
      t.db.transaction(async (tx) => {
        await tx
          .insert(marketValues)
          .values({
            carId: car.id,
            estimate: 25_000_000,
            low: 23_000_000,
            high: 27_000_000,
            rating: dealRating(from, 25_000_000),
            comparables: 12,
            family: 'model',
            area: 'nation',
            fittedAt: new Date(),
          })
          .onConflictDoNothing();
        await publish(tx, 'car.updated', { carId: car.id, askingPrice: { from, to } });
      });
    // +4 % to +2 %: fair both; +2 % to −8 %: fair to good.
    await drop(26_000_000, 25_500_000);
    await drop(25_500_000, 23_000_000);
    expect((await rowsOf(t, buyer)).slice(before).map(({ body }) => body)).toEqual([
      'The 2020 Ferrari F8 Tributo you saved now asks $255,000, down from $260,000.',
      'The 2020 Ferrari F8 Tributo you saved now asks $230,000, down from $255,000. Its rating is now Good deal (was Fair price).',
    ]);
  });

  it('a sale tells the buyers who saved the car, once, however often it is marked sold', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, { year: 2018, brand: 'McLaren', model: '720S' });
    await as(t, buyer, { method: 'POST', url: '/api/savedpost', payload: { carId: car.id } });
    await as(t, otherBuyer, { method: 'POST', url: '/api/savedpost', payload: { carId: car.id } });
    const before = await countsOf(t, [buyer, otherBuyer]);
    const sell = () =>
      as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: true } });
    expect((await sell()).statusCode).toBe(200);
    expect((await sell()).statusCode).toBe(200);
    for (const [i, user] of [buyer, otherBuyer].entries()) {
      const told = (await rowsOf(t, user)).slice(before[i]);
      expect(told.map(({ type, body }) => ({ type, body }))).toEqual([
        { type: 'saved-car.sold', body: 'The 2018 McLaren 720S you saved has been sold.' },
      ]);
    }
  });

  it('a verification tells the user once; verifying again tells nobody', async ({ t, admin }) => {
    const user = await signUpUser(t, 'Seller');
    for (let i = 0; i < 2; i++)
      expect((await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${user.id}` })).statusCode).toBe(
        200,
      );
    const told = await rowsOf(t, user);
    expect(told.map(({ type, link }) => ({ type, link }))).toEqual([
      { type: 'account.verified', link: '/dash' },
    ]);
  });

  it('a reaction that fails fails the change, which tells nobody', async ({ t, seller, otherBuyer }) => {
    const car = await createCar(t, seller);
    const before = await countsOf(t, [seller]);
    const stop = t.context.database.events.react('booking.requested', async () => {
      throw new Error('the reaction failed');
    });
    try {
      expect((await book(t, otherBuyer, car.id)).statusCode).toBe(500);
    } finally {
      stop();
    }
    expect(await countsOf(t, [seller])).toEqual(before);
  });
});

describe('GET /api/notifications', () => {
  it('needs a session', async ({ t }) => {
    expect((await list(t, undefined)).statusCode).toBe(401);
  });

  it("answers the user's own, newest first, page by page, with the unread count of all", async ({
    t,
    otherBuyer,
  }) => {
    const user = await signUpUser(t, 'Buyer');
    await t.db.insert(notifications).values(
      [1, 2, 3].map((n) => ({
        userId: user.id,
        type: 'account.verified',
        title: `Note ${n}`,
        body: `Body ${n}`,
        link: '/dash',
        createdAt: new Date(Date.UTC(2030, 0, n)),
      })),
    );
    const first = await list(t, user, '?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page = first.json();
    expect(page.unread).toBe(3);
    expect(page.items.map((n: Notification) => n.title)).toEqual(['Note 3', 'Note 2']);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      type: 'account.verified',
      title: 'Note 3',
      body: 'Body 3',
      link: '/dash',
      createdAt: '2030-01-03T00:00:00.000Z',
      readAt: null,
    });
    const next = (await list(t, user, `?limit=2&cursor=${page.nextCursor}`)).json();
    expect(next.items.map((n: Notification) => n.title)).toEqual(['Note 1']);
    expect(next.nextCursor).toBeNull();
    expect(
      (await list(t, otherBuyer)).json().items.some((n: Notification) => n.title.startsWith('Note ')),
    ).toBe(false);
  });

  it('refuses a forged cursor and a bad limit with 400', async ({ t, buyer }) => {
    expect((await list(t, buyer, '?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await list(t, buyer, '?limit=0')).statusCode).toBe(400);
  });
});

describe('POST /api/notifications/read', () => {
  async function userWithThree(t: TestApp) {
    const user = await signUpUser(t, 'Seller');
    const rows = await t.db
      .insert(notifications)
      .values(
        [1, 2, 3].map((n) => ({
          userId: user.id,
          type: 'account.verified',
          title: `N${n}`,
          body: '',
          link: '/dash',
        })),
      )
      .returning();
    return { user, ids: rows.map((row) => row.id) };
  }

  it('marks the given ones read and answers how many stay unread; then all', async ({ t }) => {
    const { user, ids } = await userWithThree(t);
    const one = await markRead(t, user, { ids: [ids[0]] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ unread: 2 });
    const rows = await rowsOf(t, user);
    expect(rows.filter((row) => row.readAt !== null).map((row) => row.id)).toEqual([ids[0]]);
    expect((await markRead(t, user, {})).json()).toEqual({ unread: 0 });
    expect((await list(t, user)).json().unread).toBe(0);
  });

  it("leaves another user's notifications as they were, whatever ids it names", async ({ t, otherBuyer }) => {
    const { user, ids } = await userWithThree(t);
    const res = await markRead(t, otherBuyer, { ids });
    expect(res.statusCode).toBe(200);
    expect((await list(t, user)).json().unread).toBe(3);
  });

  it('refuses bad ids with a message per field, and changes nothing', async ({ t }) => {
    const { user, ids } = await userWithThree(t);
    for (const payload of [
      { ids: ['not-an-id'] },
      { ids: [] },
      { ids: Array.from({ length: NOTIFICATIONS_READ_MAX + 1 }, () => randomUUID()) },
      { ids: ids[0] },
    ]) {
      const res = await markRead(t, user, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}).some((field) => field.startsWith('ids'))).toBe(true);
    }
    expect((await list(t, user)).json().unread).toBe(3);
    expect((await markRead(t, undefined, {})).statusCode).toBe(401);
  });
});

describe('reactions run in the publishing transaction', () => {
  it('write with it and roll back with it', async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    const { events } = t.context.database;
    const stop = events.react('car.sold', async (tx) => {
      await tx
        .insert(notifications)
        .values({ userId: user.id, type: 'saved-car.sold', title: 'x', body: '', link: '/' });
    });
    try {
      await t.db.transaction((tx) => publish(tx, 'car.sold', { carId: randomUUID() }));
      await expect(
        t.db.transaction(async (tx) => {
          await publish(tx, 'car.sold', { carId: randomUUID() });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    } finally {
      stop();
    }
    expect(await rowsOf(t, user)).toHaveLength(1);
  });
});

describe('GET /api/notifications/stream', () => {
  let address: string;
  it.beforeAll(async ({ t }) => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('tells each open stream of the user when their notifications change, here or on another instance, and no one else', async ({
    t,
    buyer,
    otherBuyer,
  }) => {
    const user = await signUpUser(t, 'Seller');
    const stream = await openStream(address, user);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toBe('private, no-store');

    // A change made here: a buyer books the user's car.
    const car = await createCar(t, user);
    expect((await book(t, buyer, car.id)).statusCode).toBe(201);
    expect(await stream.until(1)).toMatch(/^retry: \d+\n\n[\s\S]*event: notifications\ndata: changed\n\n/);

    // Another instance's change, as its NOTIFY arrives here; then someone else's, then the user's
    // own read in another tab: only the user's reach the stream.

    const fromElsewhere = (userIds: string[]) =>
      t.context.database.events.receive(
        JSON.stringify({ origin: 'another-instance', name: 'notifications.changed', payload: { userIds } }),
      );
    fromElsewhere([user.id]);
    fromElsewhere([otherBuyer.id]);
    expect((await markRead(t, user, {})).statusCode).toBe(200);
    expect((await stream.until(3)).match(/^event: notifications$/gm)).toHaveLength(3);
    await stream.close();

    expect((await as(t, undefined, { method: 'GET', url: '/api/notifications/stream' })).statusCode).toBe(
      401,
    );
  });

  it("tells a booking's buyer and seller when it changes, and the admins when a payment is refunded and when the refund is made", async ({
    t,
    admin,
  }) => {
    const carSeller = await signUpUser(t, 'Seller');
    const booker = await signUpUser(t, 'Buyer');
    const sellerStream = await openStream(address, carSeller);
    const buyerStream = await openStream(address, booker);
    const adminStream = await openStream(address, admin);

    // A new request reaches the seller's open requests page; a proposed time the buyer's bookings.
    const car = await createCar(t, carSeller);
    const booked = await book(t, booker, car.id);
    expect(booked.statusCode).toBe(201);
    expect(await sellerStream.until(1, 'bookings')).toMatch(/^event: bookings\ndata: changed$/m);
    const { id } = booked.json() as { id: string };
    const proposed = await as(t, carSeller, {
      method: 'POST',
      url: `/api/testdrivebooking/${id}/propose`,
      payload: { date: inDays(8), time: '09:00' },
    });
    expect(proposed.statusCode).toBe(200);
    await buyerStream.until(1, 'bookings');

    // The admins' ledger follows a refund asked for, then made by the job queue.
    const payment = await recordPayment(
      t,
      (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!,
    );
    const refund = await as(t, admin, { method: 'POST', url: `/api/payments/${payment.id}/refund` });
    expect(refund.statusCode).toBe(201);
    await adminStream.until(2, 'payments');
    await Promise.all([sellerStream, buyerStream, adminStream].map((stream) => stream.close()));
  });
});
