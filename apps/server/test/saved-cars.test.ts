import { randomUUID } from 'node:crypto';
import type { SavedCar } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { savedCars } from '../src/db/schema.ts';
import { createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Vera Verified', isVerified: true },
    buyer: { name: 'Bea Buyer' },
  },
);

const save = (t: TestApp, user: TestUser | undefined, carId: string) =>
  as(t, user, { method: 'POST', url: '/api/savedpost', payload: { carId } });
const savedState = (t: TestApp, user: TestUser | undefined, carId: string) =>
  as(t, user, { method: 'GET', url: `/api/savedpost/${carId}` });
const unsave = (t: TestApp, user: TestUser | undefined, carId: string) =>
  as(t, user, { method: 'DELETE', url: `/api/savedpost/${carId}` });
const savedRow = async (t: TestApp, user: TestUser, carId: string) =>
  (
    await t.db
      .select()
      .from(savedCars)
      .where(and(eq(savedCars.buyerId, user.id), eq(savedCars.carId, carId)))
  )[0];

describe('POST /api/savedpost', () => {
  it('refuses a visitor, a seller and an admin', async ({ t, seller, admin }) => {
    const car = await createCar(t, seller);
    expect((await save(t, undefined, car.id)).statusCode).toBe(401);
    expect((await save(t, seller, car.id)).statusCode).toBe(403);
    expect((await save(t, admin, car.id)).statusCode).toBe(403);
    expect(await t.db.select().from(savedCars).where(eq(savedCars.carId, car.id))).toHaveLength(0);
  });

  it('saves the car for the signed-in buyer, whatever buyer the body names', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, {
      year: 2021,
      brand: 'Lamborghini',
      model: 'Huracán',
      trim: 'EVO',
    });
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/savedpost',
      payload: { carId: car.id, buyer: otherBuyer.id, buyerEmail: otherBuyer.email },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      buyer: buyer.id,
      buyerName: 'Bea Buyer',
      buyerEmail: buyer.email,
      car: car.id,
      carName: '2021 Lamborghini Huracán EVO',
      carSeller: 'Vera Verified',
      carSellerVerified: true,
      carPhoto: `/uploads/${car.photos[0]}-480.webp`,
      carLocation: { postalCode: '90210', country: 'US', city: 'Beverly Hills', region: 'CA' },
      savedAt: expect.any(String),
    });
    expect(await savedRow(t, buyer, car.id)).toBeDefined();
    expect(await savedRow(t, otherBuyer, car.id)).toBeUndefined();
  });

  it('answers 409 when the car is already saved', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    expect((await save(t, buyer, car.id)).statusCode).toBe(201);
    const again = await save(t, buyer, car.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This post is already saved.');
  });

  it('answers 404 for an unknown car and 400 for a malformed id', async ({ t, buyer }) => {
    const unknown = await save(t, buyer, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('The car was not found.');
    const malformed = await save(t, buyer, 'car-1');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields).toEqual({ carId: 'Choose a car' });
  });
});

describe('GET /api/savedpost/:carId', () => {
  it('refuses a visitor, a seller and an admin', async ({ t, seller, admin }) => {
    const car = await createCar(t, seller);
    expect((await savedState(t, undefined, car.id)).statusCode).toBe(401);
    expect((await savedState(t, seller, car.id)).statusCode).toBe(403);
    expect((await savedState(t, admin, car.id)).statusCode).toBe(403);
  });

  it('tells whether the signed-in buyer saved the car, not whether someone else did', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    await save(t, otherBuyer, car.id);
    expect((await savedState(t, buyer, car.id)).json()).toEqual({ saved: false });
    await save(t, buyer, car.id);
    expect((await savedState(t, buyer, car.id)).json()).toEqual({ saved: true });
    await unsave(t, buyer, car.id);
    expect((await savedState(t, buyer, car.id)).json()).toEqual({ saved: false });
  });
});

describe('DELETE /api/savedpost/:carId', () => {
  it('refuses a visitor and a seller', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    await save(t, buyer, car.id);
    expect((await unsave(t, undefined, car.id)).statusCode).toBe(401);
    expect((await unsave(t, seller, car.id)).statusCode).toBe(403);
    expect(await savedRow(t, buyer, car.id)).toBeDefined();
  });

  it("never removes another buyer's saved car", async ({ t, seller, buyer, otherBuyer }) => {
    const car = await createCar(t, seller);
    await save(t, buyer, car.id);
    const res = await unsave(t, otherBuyer, car.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 0 });
    expect(await savedRow(t, buyer, car.id)).toBeDefined();
  });

  it("removes the buyer's own saved car, and nothing the second time", async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    await save(t, buyer, car.id);
    await save(t, otherBuyer, car.id);
    expect((await unsave(t, buyer, car.id)).json()).toEqual({ deletedCount: 1 });
    expect(await savedRow(t, buyer, car.id)).toBeUndefined();
    expect(await savedRow(t, otherBuyer, car.id)).toBeDefined();
    expect((await unsave(t, buyer, car.id)).json()).toEqual({ deletedCount: 0 });
  });
});

describe('GET /api/savedpost/user/:email', () => {
  let listBuyer: TestUser;
  let carIds: string[];
  it.beforeAll(async ({ t, seller, otherBuyer }) => {
    listBuyer = await signUpUser(t, 'Buyer');
    const cars = [await createCar(t, seller), await createCar(t, seller), await createCar(t, seller)];
    for (const car of cars) expect((await save(t, listBuyer, car.id)).statusCode).toBe(201);
    await save(t, otherBuyer, cars[0]!.id);
    carIds = cars.map((c) => c.id).reverse();
  });
  const url = () => `/api/savedpost/user/${encodeURIComponent(listBuyer.email)}`;

  it('refuses a visitor, a seller and another buyer', async ({ t, seller, otherBuyer }) => {
    expect((await as(t, undefined, { method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await as(t, seller, { method: 'GET', url: url() })).statusCode).toBe(403);
    expect((await as(t, otherBuyer, { method: 'GET', url: url() })).statusCode).toBe(403);
  });

  it("lists the buyer's saved cars, newest first, page by page", async ({ t }) => {
    const first = await as(t, listBuyer, { method: 'GET', url: `${url()}?limit=2` });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { items: SavedCar[]; nextCursor: string };
    expect(page1.items.map((p) => p.car)).toEqual(carIds.slice(0, 2));
    expect(page1.items[0]).toMatchObject({
      buyer: listBuyer.id,
      buyerEmail: listBuyer.email,
      carSeller: 'Vera Verified',
    });
    const second = await as(t, listBuyer, {
      method: 'GET',
      url: `${url()}?limit=2&cursor=${page1.nextCursor}`,
    });
    const page2 = second.json() as { items: SavedCar[]; nextCursor: string | null };
    expect(page2.items.map((p) => p.car)).toEqual(carIds.slice(2));
    expect(page2.nextCursor).toBeNull();
  });

  it("lets an admin read a buyer's saved cars and answers 404 for an unknown buyer", async ({ t, admin }) => {
    const res = await as(t, admin, { method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: SavedCar[] };
    expect(items.map((p) => p.car)).toEqual(carIds);
    expect(items[0]).toMatchObject({ buyer: listBuyer.id, buyerName: listBuyer.name });
    const unknown = await as(t, admin, { method: 'GET', url: '/api/savedpost/user/nobody@example.test' });
    expect(unknown.statusCode).toBe(404);
  });
});
