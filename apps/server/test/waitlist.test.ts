/**
 * A reserved car's waitlist (issue 48): other buyers join and leave it; when the reservation ends
 * without a sale everyone on it is told the car is for sale again, and when the car sells they are
 * told it sold; either way the list is emptied.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { notifications, waitlist } from '../src/db/schema.ts';
import { createCar, createOffer } from './factories.ts';
import { it } from './fixtures.ts';
import { as, errorOf, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const place = (t: TestApp, user: TestUser, carId: string, method: 'GET' | 'PUT' | 'DELETE') =>
  as(t, user, { method, url: `/api/cars/${carId}/waitlist` });
const told = async (t: TestApp, user: TestUser) =>
  (
    await t.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'waitlist.ended')))
  ).map((n) => `${n.title}: ${n.body}`);
const listOf = async (t: TestApp, carId: string) =>
  (await t.db.select().from(waitlist).where(eq(waitlist.carId, carId))).map((row) => row.buyerId);

/** A car reserved for the buyer by their accepted offer. */
async function reserved(t: TestApp, seller: TestUser, buyer: TestUser) {
  const car = await createCar(t, seller, { reservedAt: new Date() });
  const offer = await createOffer(t, buyer, car, seller, { status: 'accepted', turn: null, expiresAt: null });
  return { car, offer };
}

describe('the waitlist of a reserved car', () => {
  it('is joined once, read and left by another buyer', async ({ t, seller, buyer, otherBuyer }) => {
    const { car } = await reserved(t, seller, buyer);
    expect((await place(t, otherBuyer, car.id, 'GET')).json()).toEqual({ waiting: false, reservedBy: null });
    expect((await place(t, otherBuyer, car.id, 'PUT')).json()).toEqual({ waiting: true, reservedBy: null });
    expect((await place(t, otherBuyer, car.id, 'PUT')).json()).toEqual({ waiting: true, reservedBy: null });
    expect((await place(t, otherBuyer, car.id, 'GET')).json()).toEqual({ waiting: true, reservedBy: null });
    expect(await listOf(t, car.id)).toEqual([otherBuyer.id]);
    expect((await place(t, otherBuyer, car.id, 'DELETE')).json()).toEqual({
      waiting: false,
      reservedBy: null,
    });
    expect(await listOf(t, car.id)).toEqual([]);
  });

  it('refuses a car not reserved, one reserved for the caller, a sold or missing car, and a seller', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const free = await createCar(t, seller);
    const notReserved = await place(t, otherBuyer, free.id, 'PUT');
    expect(notReserved.statusCode).toBe(409);
    expect(errorOf(notReserved).message).toBe('This car is not reserved: make an offer instead.');
    const { car, offer } = await reserved(t, seller, buyer);
    expect((await place(t, buyer, car.id, 'GET')).json()).toEqual({ waiting: false, reservedBy: offer.id });
    const own = await place(t, buyer, car.id, 'PUT');
    expect(own.statusCode).toBe(409);
    expect(errorOf(own).message).toMatch(/^This car is already reserved for you/);
    const sold = await createCar(t, seller, { soldAt: new Date(), reservedAt: null });
    expect((await place(t, otherBuyer, sold.id, 'PUT')).statusCode).toBe(409);
    expect((await place(t, otherBuyer, '00000000-0000-4000-8000-000000000000', 'PUT')).statusCode).toBe(404);
    expect((await place(t, seller, car.id, 'PUT')).statusCode).toBe(403);
    expect(await listOf(t, free.id)).toEqual([]);
    expect(await listOf(t, car.id)).toEqual([]);
  });

  it('released: everyone waiting is told the car is for sale again, and the list is emptied', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const third = await signUpUser(t, 'Buyer');
    const { car, offer } = await reserved(t, seller, buyer);
    await place(t, otherBuyer, car.id, 'PUT');
    await place(t, third, car.id, 'PUT');
    expect((await as(t, seller, { method: 'POST', url: `/api/offers/${offer.id}/release` })).statusCode).toBe(
      200,
    );
    for (const waiter of [otherBuyer, third])
      expect(await told(t, waiter)).toEqual([
        'Car for sale again: The 2020 Ferrari F8 Tributo you were waiting for is no longer reserved: it is for sale again.',
      ]);
    expect(await told(t, buyer)).toEqual([]);
    expect(await listOf(t, car.id)).toEqual([]);
  });

  it('sold: everyone waiting is told it sold, and the list is emptied', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const { car } = await reserved(t, seller, buyer);
    const before = (await told(t, otherBuyer)).length;
    await place(t, otherBuyer, car.id, 'PUT');
    const sold = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: true },
    });
    expect(sold.statusCode).toBe(200);
    expect((await told(t, otherBuyer)).slice(before)).toEqual([
      'Car sold: The 2020 Ferrari F8 Tributo you were waiting for has been sold.',
    ]);
    expect(await listOf(t, car.id)).toEqual([]);
  });
});
