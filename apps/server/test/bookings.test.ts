import { randomUUID } from 'node:crypto';
import {
  type Booking,
  formatCharge,
  localDateString,
  PHONE_MESSAGES,
  TEST_DRIVE_FEE_CENTS,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { bookings, notifications, photos, refunds, users } from '../src/db/schema.ts';
import { createBooking, createCar, createOffer, recordPayment } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, signUpUser, type TestApp, type TestUser, together } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sally Seller', isVerified: true },
    buyer: { name: 'Bob Buyer' },
  },
);

/** A local calendar date `days` from today, as the booking form sends it. */
function dayFromToday(days: number) {
  const now = new Date();
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

function book(t: TestApp, user: TestUser | undefined, payload: Record<string, unknown>) {
  return as(t, user, { method: 'POST', url: '/api/testdrivebooking', payload });
}

const validInput = (carId: string) => ({
  carId,
  phone: '(512) 555-0142',
  city: 'Miami',
  date: dayFromToday(7),
  time: '10:30',
});

const bookingsOf = (t: TestApp, buyerId: string) =>
  t.db.select().from(bookings).where(eq(bookings.buyerId, buyerId));

describe('POST /api/testdrivebooking', () => {
  it('pictures the car with the thumbnail that exists, also for a cover narrower than 480 px', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    await t.db.insert(photos).values({ key: car.photos[0]!, uploaderId: seller.id, width: 300, height: 200 });
    const res = await book(t, buyer, validInput(car.id));
    expect(res.statusCode).toBe(201);
    expect(res.json().carPhoto).toBe(`/uploads/${car.photos[0]}-300.webp`);
  });

  it('refuses a visitor who is not signed in', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    const res = await book(t, undefined, validInput(car.id));
    expect(res.statusCode).toBe(401);
  });

  it.for(['seller', 'admin'])('refuses a %s', async (who, { t, seller, admin }) => {
    const user = who === 'seller' ? seller : admin;
    const car = await createCar(t, seller);
    const res = await book(t, user, validInput(car.id));
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car.id))).toHaveLength(0);
  });

  it('books for the signed-in buyer with everything else set by the server', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller, { year: 2019, brand: 'Porsche', model: '911 GT3' });
    const res = await book(t, buyer, {
      ...validInput(car.id),
      price: 1,
      isPaid: true,
      buyerEmail: 'attacker@example.test',
      buyerName: 'Mallory',
      sellerEmail: 'elsewhere@example.test',
      carName: 'A free car',
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json() as Booking;
    expect(booking).toMatchObject({
      carId: car.id,
      carName: '2019 Porsche 911 GT3',
      carPhoto: `/uploads/${car.photos[0]}-480.webp`,
      sellerName: 'Sally Seller',
      sellerEmail: null,
      sellerVerified: true,
      buyerName: 'Bob Buyer',
      buyerEmail: buyer.email,
      buyerVerified: false,
      buyerPhone: '+15125550142',
      requestedDate: dayFromToday(7),
      requestedTime: '10:30',
      requestedLocation: 'Miami',
      price: TEST_DRIVE_FEE_CENTS,
      isPaid: false,
      payment: null,
    });
    const row = await t.db.query.bookings.findFirst({ where: eq(bookings.id, booking.id) });
    expect(row).toMatchObject({
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      buyerName: 'Bob Buyer',
      sellerId: seller.id,
      sellerEmail: seller.email,
      price: 12_000,
      isPaid: false,
      carName: '2019 Porsche 911 GT3',
    });
  });

  it('refuses missing fields with a message for each', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const before = (await bookingsOf(t, buyer.id)).length;
    const res = await book(t, buyer, { carId: car.id });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      phone: 'Phone is required',
      city: 'City is required',
      date: 'Date is required',
      time: 'Time is required',
    });
    const blank = await book(t, buyer, { carId: car.id, phone: ' ', city: '  ', date: '', time: '' });
    expect(errorOf(blank).fields).toEqual({
      phone: 'Phone is required',
      city: 'City is required',
      date: 'Date is required',
      time: 'Time is required',
    });
    expect(await bookingsOf(t, buyer.id)).toHaveLength(before);
  });

  it('refuses a body without a car', async ({ t, buyer }) => {
    const { carId: _, ...withoutCar } = validInput(randomUUID());
    const res = await book(t, buyer, withoutCar);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ carId: 'Choose a car' });
  });

  it.for([
    '000000000',
    '0000000000',
    '+1 555 010 2030',
    '+44 20 79',
    '+999 1234 5678',
    'call me',
    '12345',
    '1234567890123456',
    '555#0102030',
  ])('refuses the phone number %j with 400 and stores nothing', async (phone, { t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const res = await book(t, buyer, { ...validInput(car.id), phone });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ phone: PHONE_MESSAGES.invalid });
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car.id))).toHaveLength(0);
  });

  it.for([
    ['(512) 555-0142', '+15125550142'],
    ['512.555.0142', '+15125550142'],
    ['+1 512 555 0142', '+15125550142'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+33 1 23 45 67 89', '+33123456789'],
  ])(
    'stores the phone number %j in E.164 as %j (without a country code: a US number)',
    async ([phone, stored], { t, seller, buyer }) => {
      const car = await createCar(t, seller);
      const res = await book(t, buyer, { ...validInput(car.id), phone });
      expect(res.statusCode).toBe(201);
      expect(res.json().buyerPhone).toBe(stored);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.json().id));
      expect(row?.buyerPhone).toBe(stored);
    },
  );

  it('refuses a date in the past', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const res = await book(t, buyer, { ...validInput(car.id), date: dayFromToday(-1) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ date: 'Choose a date and time in the future' });
  });

  it('refuses a time outside 8:00 AM to 8:00 PM, storing nothing', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    for (const time of ['03:00', '00:00', '20:15']) {
      const res = await book(t, buyer, { ...validInput(car.id), date: dayFromToday(3), time });
      expect(res.statusCode, time).toBe(400);
      expect(errorOf(res).fields).toEqual({ time: 'Choose a time between 8:00 AM and 8:00 PM' });
    }
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car.id))).toEqual([]);
  });

  it('names every wrong field at once: a past date beside a wrong phone', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const res = await book(t, buyer, { ...validInput(car.id), phone: '12', date: dayFromToday(-1) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(['date', 'phone']);
    expect(errorOf(res).fields?.date).toBe('Choose a date and time in the future');
  });

  it('refuses a date more than 90 days ahead and accepts the 90th day', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const tooFar = await book(t, buyer, { ...validInput(car.id), date: dayFromToday(91) });
    expect(tooFar.statusCode).toBe(400);
    expect(errorOf(tooFar).fields).toEqual({ date: 'Choose a date within the next 90 days' });
    const last = await book(t, buyer, { ...validInput(car.id), date: dayFromToday(90) });
    expect(last.statusCode).toBe(201);
  });

  it('refuses dates and times that do not exist', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const res = await book(t, buyer, { ...validInput(car.id), date: '2031-02-30', time: '24:00' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ date: 'Enter a valid date', time: 'Enter a valid time' });
    const other = await book(t, buyer, { ...validInput(car.id), date: '12/24/2031', time: '9:30' });
    expect(errorOf(other).fields).toEqual({ date: 'Enter a valid date', time: 'Enter a valid time' });
  });

  it('answers 404 for a car that does not exist', async ({ t, buyer }) => {
    const res = await book(t, buyer, validInput(randomUUID()));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('The car was not found.');
  });

  it('refuses a sold car', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller, { soldAt: new Date() });
    const res = await book(t, buyer, validInput(car.id));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This car has been sold and can no longer be booked.');
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car.id))).toHaveLength(0);
  });

  it('refuses a car reserved for another buyer with 409, and takes the booking of the buyer it is reserved for', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, { reservedAt: new Date() });
    await createOffer(t, buyer, car, seller, { status: 'accepted', turn: null, expiresAt: null });
    const refused = await book(t, otherBuyer, validInput(car.id));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'This car is reserved for another buyer, so it takes no test drives: join its waitlist to hear when it is for sale again.',
    );
    expect(await bookingsOf(t, otherBuyer.id)).toHaveLength(0);
    expect((await book(t, buyer, validInput(car.id))).statusCode).toBe(201);
  });

  it('refuses a second booking while the first is open, naming the open one', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    const first = await book(t, buyer, validInput(car.id));
    expect(first.statusCode).toBe(201);
    const again = await book(t, buyer, { ...validInput(car.id), date: dayFromToday(9) });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'already_booked',
      message: 'You already have an open booking for this car: pay for it or cancel it first.',
      fields: { bookingId: first.json().id },
    });
    expect((await book(t, otherBuyer, validInput(car.id))).statusCode).toBe(201);
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car.id))).toHaveLength(2);
  });

  it('refuses a booking of a car whose test drive the buyer has paid for, naming the paid one', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const paid = await createBooking(t, buyer, car, seller);
    await recordPayment(t, paid);
    const res = await book(t, buyer, validInput(car.id));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'already_booked',
      message: 'You have already paid for a test drive of this car.',
      fields: { bookingId: paid.id },
    });
    expect(await bookingsOf(t, buyer.id).then((rows) => rows.filter((r) => r.carId === car.id))).toHaveLength(
      1,
    );
  });

  it('lets only one of two simultaneous bookings of the same car through, and names it to the other', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const results = await Promise.all([
      book(t, buyer, validInput(car.id)),
      book(t, buyer, { ...validInput(car.id), date: dayFromToday(8) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const created = results.find((r) => r.statusCode === 201)!;
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(errorOf(refused).fields).toEqual({ bookingId: created.json().id });
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car.id))).toHaveLength(1);
  });

  it('lets an unpaid booking whose time has passed lapse', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    await createBooking(t, buyer, car, seller, { requestedDate: dayFromToday(-3) });
    const res = await book(t, buyer, validInput(car.id));
    expect(res.statusCode).toBe(201);
  });
});

/**
 * A race that PGlite's one connection cannot run. The test holds the buyer's account row locked, and
 * every booking's insert waits for it (its foreign key); so two bookings reach their inserts at the
 * same moment, unless the lock on the car keeps the second one waiting before it looks.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two simultaneous bookings of one car, on PostgreSQL', () => {
  it('lets exactly one through when both reach their inserts together', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const results = await together(
      t,
      (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for('update'),
      () => [
        book(t, buyer, validInput(car.id)),
        book(t, buyer, { ...validInput(car.id), date: dayFromToday(8) }),
      ],
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(bookings).where(eq(bookings.carId, car.id))).toHaveLength(1);
  });
});

describe('GET /api/testdrivebooking/:id', () => {
  it('refuses a visitor who is not signed in', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    expect(
      (await as(t, undefined, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` })).statusCode,
    ).toBe(401);
  });

  it("shows the booking to its buyer with the buyer's phone", async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    const res = await as(t, buyer, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: booking.id,
      buyerPhone: '+15125550142',
      isPaid: false,
      payment: null,
    });
  });

  it("shows the car's seller the buyer's phone and e-mail only once the booking is paid", async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    const unpaid = await as(t, seller, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json()).toMatchObject({
      id: booking.id,
      buyerPhone: null,
      buyerEmail: null,
      sellerEmail: seller.email,
    });
    const { transactionId } = await recordPayment(t, booking);
    const paid = await as(t, seller, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(paid.json()).toMatchObject({
      buyerPhone: '+15125550142',
      buyerEmail: buyer.email,
      isPaid: true,
      payment: { transactionId, paidAt: expect.any(String) },
    });
  });

  it('answers 404 to another buyer and to a seller of another car, as if it did not exist', async ({
    t,
    seller,
    otherSeller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    for (const user of [otherBuyer, otherSeller]) {
      const res = await as(t, user, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('The booking was not found.');
    }
    const missing = await as(t, otherBuyer, { method: 'GET', url: `/api/testdrivebooking/${randomUUID()}` });
    expect(errorOf(missing).message).toBe('The booking was not found.');
  });

  it('shows any booking to an admin, phone and both e-mail addresses included', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    const res = await as(t, admin, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: booking.id,
      buyerPhone: '+15125550142',
      buyerEmail: buyer.email,
      sellerEmail: seller.email,
    });
  });

  it("never shows the buyer the seller's e-mail: they write to the seller through messages", async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    await recordPayment(t, booking);
    const res = await as(t, buyer, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(res.json()).toMatchObject({ id: booking.id, buyerEmail: buyer.email, sellerEmail: null });
    expect(res.body).not.toContain(seller.email);
  });

  it('refuses an id that is not a booking id', async ({ t, buyer }) => {
    const res = await as(t, buyer, { method: 'GET', url: '/api/testdrivebooking/not-an-id' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/testdrivebooking/buyer/:email', () => {
  let listBuyer: TestUser;
  let ids: string[];
  it.beforeAll(async ({ t, seller, otherBuyer }) => {
    listBuyer = await signUpUser(t, 'Buyer');
    const car = await createCar(t, seller);
    const older = await createBooking(t, listBuyer, car, seller, {
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await createBooking(t, listBuyer, car, seller, {
      createdAt: new Date(Date.now() - 30_000),
    });
    const newest = await createBooking(t, listBuyer, car, seller);
    await createBooking(t, otherBuyer, car, seller);
    ids = [newest.id, newer.id, older.id];
  });
  const url = () => `/api/testdrivebooking/buyer/${encodeURIComponent(listBuyer.email)}`;

  it('refuses a visitor, a seller and another buyer', async ({ t, seller, otherBuyer }) => {
    expect((await as(t, undefined, { method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await as(t, seller, { method: 'GET', url: url() })).statusCode).toBe(403);
    expect((await as(t, otherBuyer, { method: 'GET', url: url() })).statusCode).toBe(403);
  });

  it("lists the buyer's own bookings, newest first, page by page", async ({ t }) => {
    const first = await as(t, listBuyer, { method: 'GET', url: `${url()}?limit=2` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { items: Booking[]; nextCursor: string | null };
    expect(page1.items.map((b) => b.id)).toEqual(ids.slice(0, 2));
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = await as(t, listBuyer, {
      method: 'GET',
      url: `${url()}?limit=2&cursor=${page1.nextCursor}`,
    });
    const page2 = second.json() as { items: Booking[]; nextCursor: string | null };
    expect(page2.items.map((b) => b.id)).toEqual(ids.slice(2));
    expect(page2.nextCursor).toBeNull();
  });

  it("lets an admin read a buyer's bookings and answers 404 for an unknown buyer", async ({ t, admin }) => {
    const res = await as(t, admin, { method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: Booking[] }).items.map((b) => b.id)).toEqual(ids);
    const unknown = await as(t, admin, {
      method: 'GET',
      url: '/api/testdrivebooking/buyer/nobody@example.test',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/testdrivebooking/seller/:email', () => {
  let carSeller: TestUser;
  let unpaidId: string;
  let paidId: string;
  it.beforeAll(async ({ t, otherSeller, buyer, otherBuyer }) => {
    carSeller = await signUpUser(t, 'Seller');
    const car = await createCar(t, carSeller);
    const unpaid = await createBooking(t, buyer, car, carSeller);
    const paid = await createBooking(t, otherBuyer, car, carSeller, { buyerPhone: '+44 20 7946 0000' });
    await recordPayment(t, paid);
    await createBooking(t, buyer, await createCar(t, otherSeller), otherSeller);
    unpaidId = unpaid.id;
    paidId = paid.id;
  });
  const url = () => `/api/testdrivebooking/seller/${encodeURIComponent(carSeller.email)}`;

  it('refuses a visitor, a buyer and another seller', async ({ t, otherSeller, buyer }) => {
    expect((await as(t, undefined, { method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await as(t, buyer, { method: 'GET', url: url() })).statusCode).toBe(403);
    expect((await as(t, otherSeller, { method: 'GET', url: url() })).statusCode).toBe(403);
  });

  it("lists the test-drive requests on the seller's cars, phones only once paid", async ({ t }) => {
    const res = await as(t, carSeller, { method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: Booking[] };
    expect(items.map((b) => [b.id, b.buyerPhone, b.isPaid])).toEqual([
      [paidId, '+44 20 7946 0000', true],
      [unpaidId, null, false],
    ]);
  });

  it('lets an admin read them, phones included', async ({ t, admin }) => {
    const res = await as(t, admin, { method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: Booking[] };
    expect(items.map((b) => b.buyerPhone)).toEqual(['+44 20 7946 0000', '+15125550142']);
  });
});

describe('DELETE /api/testdrivebooking/:id', () => {
  const cancel = (t: TestApp, user: TestUser | undefined, id: string) =>
    as(t, user, { method: 'DELETE', url: `/api/testdrivebooking/${id}` });
  const exists = async (t: TestApp, id: string) =>
    (await t.db.select().from(bookings).where(eq(bookings.id, id))).length === 1;

  it('refuses a visitor and a seller, even the seller of the car', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    expect((await cancel(t, undefined, booking.id)).statusCode).toBe(401);
    expect((await cancel(t, seller, booking.id)).statusCode).toBe(403);
    expect(await exists(t, booking.id)).toBe(true);
  });

  it("answers 404 to a buyer cancelling another buyer's booking, which stays", async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    const res = await cancel(t, otherBuyer, booking.id);
    expect(res.statusCode).toBe(404);
    expect(await exists(t, booking.id)).toBe(true);
  });

  it('lets the buyer cancel an unpaid booking: it stays in both lists as cancelled, and cancelling again changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    const res = await cancel(t, buyer, booking.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    for (const user of [buyer, seller]) {
      const read = await as(t, user, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
      expect(read.json()).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' });
    }
    expect((await cancel(t, buyer, booking.id)).json()).toEqual({ deletedCount: 0 });
    // A cancelled booking does not stop another of the same car.
    expect((await book(t, buyer, validInput(car.id))).statusCode).toBe(201);
  });

  it('lets the buyer cancel a paid test drive before it starts: refunded in full exactly once, even when cancelled twice at once, and the seller told', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller, { status: 'accepted' });
    const payment = await recordPayment(t, booking);
    // Another buyer is told it does not exist, and changes nothing.
    expect((await cancel(t, otherBuyer, booking.id)).statusCode).toBe(404);
    const answers = await Promise.all([cancel(t, buyer, booking.id), cancel(t, buyer, booking.id)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().deletedCount).sort()).toEqual([0, 1]);
    const read = await as(t, buyer, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(read.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'buyer',
      payment: { refund: { reason: 'buyer-cancelled', amount: TEST_DRIVE_FEE_CENTS } },
    });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(told.map((n) => n.body)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Bob Buyer cancelled the test drive of your ${booking.carName} on .+\\. Their \\${formatCharge(TEST_DRIVE_FEE_CENTS)} fee is being refunded\\.$`,
        ),
      ),
    );
    // The slot is free again: the buyer may book the car anew.
    expect((await book(t, buyer, validInput(car.id))).statusCode).toBe(201);
  });

  it('refuses (409) to cancel a test drive that has started, paid or not, and changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const past = { requestedDate: dayFromToday(-1), status: 'accepted' as const };
    const paid = await createBooking(t, buyer, car, seller, past);
    const payment = await recordPayment(t, paid);
    const unpaid = await createBooking(t, buyer, car, seller, { ...past, status: 'requested' });
    for (const booking of [paid, unpaid]) {
      const res = await cancel(t, buyer, booking.id);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(
        'This test drive has already started: it can no longer be cancelled.',
      );
    }
    const rows = await t.db.select().from(bookings).where(eq(bookings.carId, car.id));
    expect(rows.map((b) => b.status).sort()).toEqual(['accepted', 'requested']);
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
  });

  it("lets an admin cancel a paid test drive still ahead, refunded as the admin's", async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    await recordPayment(t, booking);
    expect((await cancel(t, admin, booking.id)).json()).toEqual({ deletedCount: 1 });
    const read = await as(t, buyer, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(read.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'admin',
      payment: { refund: { reason: 'admin' } },
    });
  });

  it("lets an admin cancel any buyer's unpaid booking", async ({ t, seller, buyer, admin }) => {
    const car = await createCar(t, seller);
    const booking = await createBooking(t, buyer, car, seller);
    const res = await cancel(t, admin, booking.id);
    expect(res.json()).toEqual({ deletedCount: 1 });
    const read = await as(t, buyer, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(read.json()).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });
  });

  it('keeps a booking readable after its buyer is gone, for the admin', async ({ t, seller, admin }) => {
    const gone = await signUpUser(t, 'Buyer');
    const car = await createCar(t, seller);
    const booking = await createBooking(t, gone, car, seller);
    await recordPayment(t, booking);
    await t.db.delete(users).where(eq(users.id, gone.id));
    const res = await as(t, admin, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ buyerEmail: gone.email, buyerVerified: false, isPaid: true });
  });
});
