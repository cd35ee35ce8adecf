import { advertisedCarSchema } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { advertisements } from '../src/db/schema.ts';
import { advertise, createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Vera Verified', isVerified: true },
    otherSeller: { name: 'Uma Unverified' },
  },
);

const adsOf = async (t: TestApp, carId: string) =>
  (await t.db.select().from(advertisements).where(eq(advertisements.carId, carId))).length;

const advertiseAs = (t: TestApp, user: TestUser | undefined, carId: unknown) =>
  as(t, user, { method: 'POST', url: '/api/advertise', payload: { carId } });

describe('POST /api/advertise', () => {
  it('requires a session', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    expect((await advertiseAs(t, undefined, car.id)).statusCode).toBe(401);
    expect(await adsOf(t, car.id)).toBe(0);
  });

  it('refuses buyers and admins', async ({ t, seller, buyer, admin }) => {
    const car = await createCar(t, seller);
    expect((await advertiseAs(t, buyer, car.id)).statusCode).toBe(403);
    expect((await advertiseAs(t, admin, car.id)).statusCode).toBe(403);
    expect(await adsOf(t, car.id)).toBe(0);
  });

  it("refuses advertising someone else's car", async ({ t, seller, otherSeller }) => {
    const car = await createCar(t, seller);
    const res = await advertiseAs(t, otherSeller, car.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('You can only advertise your own cars.');
    expect(await adsOf(t, car.id)).toBe(0);
  });

  it('advertises the seller’s own car once; a second time is a 409', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    const first = await advertiseAs(t, seller, car.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ carId: car.id });
    expect(Date.parse(first.json().advertisedAt)).toBeGreaterThan(Date.now() - 60_000);

    const second = await advertiseAs(t, seller, car.id);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).message).toBe('This car is already advertised.');
    expect(await adsOf(t, car.id)).toBe(1);
  });

  it('lets exactly one of two simultaneous requests win', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    const results = await Promise.all([advertiseAs(t, seller, car.id), advertiseAs(t, seller, car.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await adsOf(t, car.id)).toBe(1);
  });

  it('refuses a sold car', async ({ t, seller }) => {
    const car = await createCar(t, seller, { soldAt: new Date() });
    const res = await advertiseAs(t, seller, car.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('A sold car cannot be advertised.');
    expect(await adsOf(t, car.id)).toBe(0);
  });

  it('answers 404 for an unknown or malformed car id, and 400 without one', async ({ t, seller }) => {
    expect((await advertiseAs(t, seller, '6b1e1c1e-1111-4111-8111-111111111111')).statusCode).toBe(404);
    expect((await advertiseAs(t, seller, 'not-a-uuid')).statusCode).toBe(404);
    const missing = await as(t, seller, { method: 'POST', url: '/api/advertise', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ carId: 'Car is required' });
  });
});

describe('GET /api/advertise', () => {
  it('is public and lists advertised, unsold cars, newest advertisement first, without seller e-mails', async ({
    t,
    seller,
    otherSeller,
  }) => {
    const earlier = await createCar(t, seller, { about: 'A'.repeat(300) });
    const later = await createCar(t, otherSeller);
    const sold = await createCar(t, seller);
    await createCar(t, seller); // not advertised
    for (const car of [earlier, later, sold])
      await advertiseAs(t, car === later ? otherSeller : seller, car.id);
    await as(t, seller, { method: 'PATCH', url: `/api/cars/${sold.id}`, payload: { sold: true } });

    const res = await as(t, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    const ids = items.map((c) => c.id);
    expect(ids).not.toContain(sold.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(earlier.id));
    expect(ids.indexOf(later.id)).toBeGreaterThanOrEqual(0);

    const first = items.find((c) => c.id === earlier.id)!;
    expect(advertisedCarSchema.strict().parse(first)).toMatchObject({
      seller: 'Vera Verified',
      sellerVerified: true,
      isAdvertised: true,
      about: 'A'.repeat(300),
      brand: 'Ferrari',
      askingPrice: 25_000_000,
      originalPrice: 30_000_000,
      kmDriven: 12_000,
    });
    expect(first).not.toHaveProperty('sellerEmail');
    expect(items.find((c) => c.id === later.id)).toMatchObject({
      seller: 'Uma Unverified',
      sellerVerified: false,
    });
  });

  it('shows a car again when its seller puts it back on sale', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    await advertise(t, car.id);
    await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: true } });
    const hidden = await as(t, buyer, { method: 'GET', url: '/api/advertise?limit=50' });
    expect(hidden.json().items.map((c: { id: string }) => c.id)).not.toContain(car.id);
    await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: false } });
    const shown = await as(t, buyer, { method: 'GET', url: '/api/advertise?limit=50' });
    expect(shown.json().items.map((c: { id: string }) => c.id)).toContain(car.id);
  });

  it('pages with a cursor: limit 2 gives a next cursor, the next page continues, no duplicates', async ({
    t,
  }) => {
    const all = await as(t, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
    const expected = (all.json().items as { id: string }[]).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(3);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/advertise?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await as(t, undefined, { method: 'GET', url })).json() as {
        items: { id: string }[];
        nextCursor: string | null;
      };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 100);
    expect(seen).toEqual(expected);
  });
});
