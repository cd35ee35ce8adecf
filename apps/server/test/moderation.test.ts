import type { Booking, SavedCar } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  accounts,
  advertisements,
  bookings,
  cars,
  payments,
  refunds,
  reportedCars,
  savedCars,
  sessions,
  users,
} from '../src/db/schema.ts';
import { advertise, createBooking, createCar, recordPayment } from './factories.ts';
import { it } from './fixtures.ts';
import { as, errorOf, signUpUser, type TestApp, type TestUser, whoAmI } from './helpers.ts';

type Car = Awaited<ReturnType<typeof createCar>>;

const saveAs = async (t: TestApp, buyer: TestUser, carId: string) =>
  expect((await as(t, buyer, { method: 'POST', url: '/api/savedpost', payload: { carId } })).statusCode).toBe(
    201,
  );
const reportAs = async (t: TestApp, buyer: TestUser, carId: string) =>
  expect(
    (
      await as(t, buyer, {
        method: 'POST',
        url: '/api/reportedpost',
        payload: { carId, reason: 'Suspected fraud' },
      })
    ).statusCode,
  ).toBe(201);

/** A paid booking as the payments module leaves it: the paid flag and a payments row. */
async function paidBooking(t: TestApp, buyer: TestUser, car: Car, seller: TestUser) {
  const booking = await createBooking(t, buyer, car, seller);
  const payment = await recordPayment(t, booking);
  return { booking: (await bookingRow(t, booking.id))!, payment };
}

/** Every row that hangs on a car, as the tables hold them now. */
async function rowsOfCar(t: TestApp, carId: string) {
  return {
    car: await t.db.select().from(cars).where(eq(cars.id, carId)),
    advertisements: await t.db.select().from(advertisements).where(eq(advertisements.carId, carId)),
    savedCars: await t.db.select().from(savedCars).where(eq(savedCars.carId, carId)),
    reports: await t.db.select().from(reportedCars).where(eq(reportedCars.carId, carId)),
    bookings: await t.db.select().from(bookings).where(eq(bookings.carId, carId)),
  };
}

const bookingRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const paymentRow = async (t: TestApp, id: string) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const userRows = async (t: TestApp, id: string) => ({
  user: await t.db.select().from(users).where(eq(users.id, id)),
  sessions: await t.db.select().from(sessions).where(eq(sessions.userId, id)),
  accounts: await t.db.select().from(accounts).where(eq(accounts.userId, id)),
});
const deleteUser = (t: TestApp, actor: TestUser | undefined, email: string) =>
  as(t, actor, { method: 'DELETE', url: `/api/users/${encodeURIComponent(email)}` });

describe('Delete Post on a reported car', () => {
  it('removes the car, its advertisement, saved cars and reports; its bookings stay, cancelled, the paid one refunded', async ({
    t,
    admin,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const buyerA = await signUpUser(t, 'Buyer');
    const buyerB = await signUpUser(t, 'Buyer');
    const car = await createCar(t, seller, { year: 2017, brand: 'Ferrari', model: '488 GTB' });
    const keptCar = await createCar(t, seller);
    for (const c of [car, keptCar]) {
      await advertise(t, c.id);
      await saveAs(t, buyerA, c.id);
      await reportAs(t, buyerB, c.id);
    }
    await saveAs(t, buyerB, car.id);
    await reportAs(t, buyerA, car.id);
    const unpaid = await createBooking(t, buyerB, car, seller);
    const keptUnpaid = await createBooking(t, buyerB, keptCar, seller);
    const { booking: paid, payment } = await paidBooking(t, buyerA, car, seller);
    const keptBefore = await rowsOfCar(t, keptCar.id);

    const res = await as(t, admin, { method: 'DELETE', url: `/api/reportedpost/${car.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect(await rowsOfCar(t, car.id)).toEqual({
      car: [],
      advertisements: [],
      savedCars: [],
      reports: [],
      bookings: [],
    });
    // Both bookings stay, cancelled, with the car summary they carry; only the link to the car is gone.
    const removed = { carId: null, status: 'cancelled', cancelReason: 'car-removed' };
    expect(await bookingRow(t, unpaid.id)).toEqual({ ...unpaid, ...removed, updatedAt: expect.any(Date) });
    expect(await bookingRow(t, paid.id)).toEqual({ ...paid, ...removed, updatedAt: expect.any(Date) });
    expect(await paymentRow(t, payment.id)).toEqual(payment);
    // The paid one's fee goes back, once.
    expect(await t.db.select().from(refunds)).toEqual([
      expect.objectContaining({ paymentId: payment.id, amount: payment.price, reason: 'car-removed' }),
    ]);
    // The seller's other car is untouched.
    expect(await rowsOfCar(t, keptCar.id)).toEqual(keptBefore);
    expect(await bookingRow(t, keptUnpaid.id)).toEqual(keptUnpaid);

    const saved = await as(t, buyerA, {
      method: 'GET',
      url: `/api/savedpost/user/${encodeURIComponent(buyerA.email)}`,
    });
    expect((saved.json() as { items: SavedCar[] }).items.map((s) => s.car)).toEqual([keptCar.id]);
    const mine = await as(t, buyerA, { method: 'GET', url: `/api/testdrivebooking/${paid.id}` });
    expect(mine.json()).toMatchObject({ carId: null, carName: '2017 Ferrari 488 GTB', isPaid: true });
    const reported = await as(t, admin, { method: 'GET', url: '/api/reportedpost?limit=50' });
    expect((reported.json() as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(car.id);
  });
});

describe('Delete User', () => {
  it('refuses a visitor, a buyer and a seller, and answers 404 for an unknown e-mail', async ({
    t,
    admin,
  }) => {
    const buyer = await signUpUser(t, 'Buyer');
    const seller = await signUpUser(t, 'Seller');
    expect((await deleteUser(t, undefined, buyer.email)).statusCode).toBe(401);
    expect((await deleteUser(t, seller, buyer.email)).statusCode).toBe(403);
    expect((await deleteUser(t, buyer, seller.email)).statusCode).toBe(403);
    expect((await deleteUser(t, buyer, buyer.email)).statusCode).toBe(403);
    expect((await userRows(t, buyer.id)).user).toHaveLength(1);
    expect((await userRows(t, seller.id)).user).toHaveLength(1);
    expect((await deleteUser(t, admin, 'nobody@example.test')).statusCode).toBe(404);
  });

  it('deletes a seller: their cars go by the car rule (bookings cancelled, payments refunded), sessions end', async ({
    t,
    admin,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const otherSeller = await signUpUser(t, 'Seller');
    const buyerA = await signUpUser(t, 'Buyer');
    const buyerB = await signUpUser(t, 'Buyer');
    const first = await createCar(t, seller);
    const second = await createCar(t, seller);
    const otherCar = await createCar(t, otherSeller);
    await advertise(t, first.id);
    await saveAs(t, buyerA, first.id);
    await saveAs(t, buyerA, otherCar.id);
    await reportAs(t, buyerB, first.id);
    const unpaid = await createBooking(t, buyerA, first, seller);
    const unpaidSecond = await createBooking(t, buyerB, second, seller);
    const { booking: paid, payment } = await paidBooking(t, buyerB, first, seller);
    const otherBefore = await rowsOfCar(t, otherCar.id);
    expect((await whoAmI(t, seller))?.id).toBe(seller.id);

    const res = await deleteUser(t, admin, seller.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect(await userRows(t, seller.id)).toEqual({ user: [], sessions: [], accounts: [] });
    expect(await t.db.select().from(cars).where(eq(cars.sellerId, seller.id))).toEqual([]);
    for (const car of [first, second]) {
      expect(await rowsOfCar(t, car.id)).toEqual({
        car: [],
        advertisements: [],
        savedCars: [],
        reports: [],
        bookings: [],
      });
    }
    const removed = { carId: null, sellerId: null, status: 'cancelled', cancelReason: 'car-removed' };
    for (const booking of [unpaid, unpaidSecond, paid])
      expect(await bookingRow(t, booking.id)).toEqual({
        ...booking,
        ...removed,
        updatedAt: expect.any(Date),
      });
    expect(await paymentRow(t, payment.id)).toEqual(payment);
    expect(await rowsOfCar(t, otherCar.id)).toEqual(otherBefore);

    // The deleted seller's session stops working at the next request.
    expect(await whoAmI(t, seller)).toBeNull();
    // The buyer who paid still sees the booking with the seller's name as it was.
    const kept = await as(t, buyerB, { method: 'GET', url: `/api/testdrivebooking/${paid.id}` });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      sellerName: seller.name,
      sellerEmail: null,
      sellerVerified: false,
    });
  });

  it('deletes a buyer: saved cars, reports and unpaid bookings go, paid bookings and payments stay', async ({
    t,
    admin,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const buyer = await signUpUser(t, 'Buyer', { name: 'Gone Buyer' });
    const otherBuyer = await signUpUser(t, 'Buyer');
    const car = await createCar(t, seller);
    const paidCar = await createCar(t, seller);
    await saveAs(t, buyer, car.id);
    await saveAs(t, otherBuyer, car.id);
    await reportAs(t, buyer, car.id);
    await reportAs(t, otherBuyer, car.id);
    const unpaid = await createBooking(t, buyer, car, seller);
    const othersUnpaid = await createBooking(t, otherBuyer, car, seller);
    const { booking: paid, payment } = await paidBooking(t, buyer, paidCar, seller);

    const res = await deleteUser(t, admin, buyer.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect(await userRows(t, buyer.id)).toEqual({ user: [], sessions: [], accounts: [] });
    expect(await t.db.select().from(savedCars).where(eq(savedCars.buyerId, buyer.id))).toEqual([]);
    expect(await t.db.select().from(reportedCars).where(eq(reportedCars.buyerId, buyer.id))).toEqual([]);
    expect(await bookingRow(t, unpaid.id)).toBeUndefined();
    expect(await bookingRow(t, paid.id)).toEqual({ ...paid, buyerId: null });
    expect(await paymentRow(t, payment.id)).toEqual(payment);
    // Everyone else's rows and the cars stay.
    const carRows = await rowsOfCar(t, car.id);
    expect(carRows.car).toHaveLength(1);
    expect(carRows.savedCars.map((s) => s.buyerId)).toEqual([otherBuyer.id]);
    expect(carRows.reports.map((r) => r.buyerId)).toEqual([otherBuyer.id]);
    expect(await bookingRow(t, othersUnpaid.id)).toEqual(othersUnpaid);
    expect((await rowsOfCar(t, paidCar.id)).car).toHaveLength(1);

    expect(await whoAmI(t, buyer)).toBeNull();
    const ownList = await as(t, buyer, {
      method: 'GET',
      url: `/api/testdrivebooking/buyer/${encodeURIComponent(buyer.email)}`,
    });
    expect(ownList.statusCode).toBe(401);
    // The seller still has the paid request, with the buyer's details it carries.
    const sellerList = await as(t, seller, {
      method: 'GET',
      url: `/api/testdrivebooking/seller/${encodeURIComponent(seller.email)}`,
    });
    const items = (sellerList.json() as { items: Booking[] }).items;
    expect(items.find((b) => b.id === paid.id)).toMatchObject({
      buyerName: 'Gone Buyer',
      buyerEmail: buyer.email,
    });
  });

  it('refuses to delete the admin themself or another admin', async ({ t, admin }) => {
    const otherAdmin = await signUpUser(t, 'Admin');
    const self = await deleteUser(t, admin, admin.email);
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe('You cannot delete your own account here.');
    const other = await deleteUser(t, admin, otherAdmin.email);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).message).toBe('Admin accounts cannot be deleted.');
    for (const user of [admin, otherAdmin]) {
      const rows = await userRows(t, user.id);
      expect(rows.user).toHaveLength(1);
      expect(rows.sessions.length).toBeGreaterThan(0);
      expect((await whoAmI(t, user))?.id).toBe(user.id);
    }
  });
});

describe('Verify', () => {
  it("shows a seller's verified badge on their saved, reported and booked cars", async ({ t, admin }) => {
    const seller = await signUpUser(t, 'Seller');
    const buyer = await signUpUser(t, 'Buyer');
    const car = await createCar(t, seller);
    await saveAs(t, buyer, car.id);
    await reportAs(t, buyer, car.id);
    const booking = await createBooking(t, buyer, car, seller);
    const badges = async () => {
      const saved = await as(t, buyer, {
        method: 'GET',
        url: `/api/savedpost/user/${encodeURIComponent(buyer.email)}`,
      });
      const reported = await as(t, admin, { method: 'GET', url: '/api/reportedpost?limit=50' });
      const booked = await as(t, buyer, { method: 'GET', url: `/api/testdrivebooking/${booking.id}` });
      return [
        (saved.json() as { items: SavedCar[] }).items[0]!.carSellerVerified,
        (reported.json() as { items: { id: string; sellerVerified: boolean }[] }).items.find(
          (i) => i.id === car.id,
        )!.sellerVerified,
        (booked.json() as Booking).sellerVerified,
      ];
    };
    expect(await badges()).toEqual([false, false, false]);
    const verify = await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${seller.id}` });
    expect(verify.statusCode).toBe(200);
    expect(await badges()).toEqual([true, true, true]);
  });
});
