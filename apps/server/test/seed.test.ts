/** The demo seed: what it creates, that a second run changes nothing, and that it guards real data. */

import { DEMO_CARS, DEMO_DEALERS, DEMO_PASSWORD, DEMO_USERS } from '@redline/demo-art/data';
import { type Category, localDateString } from '@redline/shared';
import { count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import {
  advertisements,
  bookings,
  cars,
  categories,
  dealerProfiles,
  dealerVerifications,
  marketValues,
  photos,
  reviews,
  users,
} from '../src/db/schema.ts';
import { refitMarketValues } from '../src/modules/market-value/market-value.service.ts';
import { placeDemoData } from '../src/seed/demo-places.ts';
import { SeedRefusedError, seed, seedIfEmpty } from '../src/seed/seed.ts';
import { createCar, NO_PLACE } from './factories.ts';
import { it } from './fixtures.ts';
import { signUpUser, type TestApp } from './helpers.ts';

const log = pino({ level: 'silent' });

it.beforeAll(async ({ t }) => {
  await seedIfEmpty(t.context, log);
}, 300_000);

async function counts(t: TestApp) {
  const of = async (
    table:
      | typeof users
      | typeof cars
      | typeof categories
      | typeof advertisements
      | typeof photos
      | typeof dealerProfiles
      | typeof dealerVerifications
      | typeof bookings
      | typeof reviews,
  ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await of(users),
    cars: await of(cars),
    categories: await of(categories),
    advertisements: await of(advertisements),
    photos: await of(photos),
    dealers: await of(dealerProfiles),
    verifications: await of(dealerVerifications),
    bookings: await of(bookings),
    reviews: await of(reviews),
  };
}

describe('demo seed', () => {
  it('creates the seven categories in order, every demo car with its photos, and the demo accounts', async ({
    t,
  }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.json().map((c: { name: string }) => c.name)).toEqual([
      'Daily Commuter',
      'Eco Friendly',
      'Family Car',
      'Grand Tourer',
      'Performance',
      'Special Edition',
      'Super Car',
    ]);
    const now = await counts(t);
    expect(now.cars).toBe(DEMO_CARS.length);
    expect(now.users).toBe(DEMO_USERS.length);
    expect(now.advertisements).toBe(DEMO_CARS.filter((c) => c.advertised).length);
    expect(now.photos).toBe(DEMO_CARS.reduce((sum, c) => sum + c.photoCount, 0));
    const photoFile = await t.app.inject({ method: 'GET', url: res.json()[0].image });
    expect(photoFile.statusCode).toBe(200);
  });

  it('links every demo car to the catalogue under the names it shows, with its specification', async ({
    t,
  }) => {
    const rows = await t.db.select().from(cars);
    for (const demo of DEMO_CARS) {
      const name = `${demo.year} ${demo.brand} ${demo.model}`;
      const row = rows.find((r) => r.vin === demo.vin);
      expect(row, name).toMatchObject({
        brand: demo.brand,
        model: demo.model,
        makeId: expect.any(Number),
        modelId: expect.any(Number),
        trim: demo.trim,
        bodyStyle: demo.bodyStyle,
        transmission: demo.transmission,
        exteriorColourName: demo.exteriorColourName,
        previousOwners: demo.previousOwners,
        titleStatus: demo.titleStatus,
      });
    }
  });

  it('places every demo car at a real ZIP code, spread over several states, a few delivered; the demo sellers too', async ({
    t,
  }) => {
    const rows = await t.db.select().from(cars);
    expect(rows).toHaveLength(DEMO_CARS.length);
    for (const row of rows) {
      expect(row, `${row.year} ${row.brand} ${row.model}`).toMatchObject({
        postalCode: expect.stringMatching(/^\d{5}$/),
        country: 'US',
        city: expect.any(String),
        region: expect.stringMatching(/^[A-Z]{2}$/),
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      });
    }
    expect(new Set(rows.map((row) => row.region)).size).toBeGreaterThanOrEqual(5);
    const delivered = rows.filter((row) => row.deliveryRadiusKm !== null);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.length).toBeLessThan(rows.length / 2);
    const sellers = await t.db
      .select({ postalCode: users.postalCode })
      .from(users)
      .where(eq(users.role, 'Seller'));
    expect(sellers.map((seller) => seller.postalCode)).not.toContain(null);
  });

  it('gives the demo cars of its popular model families a deal rating, from great deals to high prices, beside their sold comparables', async ({
    t,
  }) => {
    await refitMarketValues(t.db);
    const sold = await t.db.select({ vin: cars.vin }).from(cars).where(isNotNull(cars.soldAt));
    expect(sold.map((car) => car.vin).sort()).toEqual(
      DEMO_CARS.filter((demo) => demo.soldDaysAgo !== undefined)
        .map((demo) => demo.vin)
        .sort(),
    );
    const values = await t.db
      .select({ model: cars.model, rating: marketValues.rating, family: marketValues.family })
      .from(marketValues)
      .innerJoin(cars, eq(cars.id, marketValues.carId));
    for (const model of ['M3', 'Model 3', 'R8']) {
      const family = values.filter((value) => value.model === model);
      expect(family.length, model).toBe(
        DEMO_CARS.filter((demo) => demo.model === model && demo.soldDaysAgo === undefined).length,
      );
      for (const value of family)
        expect(value, model).toMatchObject({ family: 'model', rating: expect.not.stringMatching(/^none$/) });
    }
    const ratings = new Set(values.map((value) => value.rating));
    for (const rating of ['great', 'good', 'fair', 'high', 'none']) expect(ratings).toContain(rating);
  });

  it('stores every category banner at 480 and 960 px, each small enough for a card', async ({ t }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    for (const category of res.json() as Category[]) {
      expect(category.image).toBe(category.banner.src);
      const variants = category.banner.srcSet.split(', ').map((entry) => entry.split(' '));
      expect(variants.map(([, width]) => width)).toEqual(['480w', '960w']);
      for (const [url, width] of variants) {
        const file = await t.app.inject({ method: 'GET', url: url! });
        expect(file.statusCode, url).toBe(200);
        expect(file.rawPayload.length, url).toBeLessThanOrEqual(60 * 1024);
        const { width: actual, format } = await sharp(file.rawPayload).metadata();
        expect(`${actual}w`, url).toBe(width);
        expect(format).toBe('webp');
      }
    }
  });

  it('lets every demo account sign in with its role, its address confirmed', async ({ t }) => {
    for (const demo of DEMO_USERS) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: demo.email, password: DEMO_PASSWORD },
      });
      expect(signIn.statusCode, demo.email).toBe(200);
      const cookie = [signIn.headers['set-cookie']].flat()[0]!.split(';')[0]!;
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.json()).toMatchObject({
        email: demo.email,
        role: demo.role,
        isVerified: demo.isVerified,
        emailVerified: true,
      });
    }
  });

  it('makes the demo dealers, verified by the demo admin: their seller pages show the business', async ({
    t,
  }) => {
    const [admin] = await t.db.select().from(users).where(eq(users.role, 'Admin'));
    for (const demo of DEMO_DEALERS) {
      const [seller] = await t.db.select().from(users).where(eq(users.email, demo.email));
      const page = await t.app.inject({ method: 'GET', url: `/api/sellers/${seller!.id}` });
      expect(page.json().dealer, demo.email).toMatchObject({
        businessName: demo.profile.businessName,
        street: demo.profile.street,
        place: { postalCode: demo.profile.postalCode },
        verifiedAt: expect.any(String),
      });
      const log = await t.db
        .select()
        .from(dealerVerifications)
        .where(eq(dealerVerifications.sellerId, seller!.id));
      expect(log).toMatchObject([{ adminId: admin!.id, action: 'verified', note: demo.verificationNote }]);
    }
  });

  it('gives each demo seller reviews of test drives that took place, some answered, on their page', async ({
    t,
  }) => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'chloe@redline.test', password: DEMO_PASSWORD },
    });
    const cookie = [signIn.headers['set-cookie']].flat()[0]!.split(';')[0]!;
    const sellers = DEMO_USERS.filter((demo) => demo.role === 'Seller');
    let answered = 0;
    for (const demo of sellers) {
      const seller = (await t.db.query.users.findFirst({ where: eq(users.email, demo.email) }))!;
      const profile = await t.app.inject({
        method: 'GET',
        url: `/api/sellers/${seller.id}`,
        headers: { cookie },
      });
      const { reviews: summary } = profile.json();
      expect(summary.count, demo.email).toBeGreaterThanOrEqual(2);
      expect(summary.overall, demo.email).toBeGreaterThanOrEqual(3);
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/sellers/${seller.id}/reviews`,
        headers: { cookie },
      });
      const items: { answer: unknown }[] = page.json().items;
      expect(items).toHaveLength(summary.count);
      answered += items.filter((review) => review.answer !== null).length;
    }
    expect(answered).toBeGreaterThan(0);
    // Each on a booking that took place: accepted, its day behind us.
    const reviewed = await t.db
      .select({ status: bookings.status, date: bookings.requestedDate })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId));
    expect(reviewed.length).toBeGreaterThan(0);
    const today = localDateString(new Date());
    for (const booking of reviewed) {
      expect(booking.status).toBe('accepted');
      expect(booking.date < today).toBe(true);
    }
  });

  it('changes nothing when run again', async ({ t }) => {
    const before = await counts(t);
    await seed(t.context, log);
    await seedIfEmpty(t.context, log);
    expect(await counts(t)).toEqual(before);
  });

  it('refuses a database that holds real accounts unless forced', async ({ t }) => {
    await signUpUser(t, 'Buyer');
    const before = await counts(t);
    await expect(seed(t.context, log)).rejects.toBeInstanceOf(SeedRefusedError);
    await seed(t.context, log, { force: true });
    expect(await counts(t)).toEqual(before);
  });

  it("places the demo cars of a database seeded before locations, and no one else's car", async ({ t }) => {
    const demoSeller = (await t.db.query.users.findFirst({ where: eq(users.email, 'sales@redline.test') }))!;
    const demoCars = await t.db.select({ id: cars.id }).from(cars).where(eq(cars.sellerId, demoSeller.id));
    const ids = demoCars.map((car) => car.id);
    const placesOf = () =>
      t.db
        .select({
          id: cars.id,
          postalCode: cars.postalCode,
          city: cars.city,
          latitude: cars.latitude,
          deliveryRadiusKm: cars.deliveryRadiusKm,
        })
        .from(cars)
        .where(inArray(cars.id, ids))
        .orderBy(cars.id);
    const before = await placesOf();
    await t.db
      .update(cars)
      .set({ ...NO_PLACE, deliveryRadiusKm: null })
      .where(inArray(cars.id, ids));
    await t.db.update(users).set({ postalCode: null, country: null }).where(eq(users.id, demoSeller.id));
    const someone = await signUpUser(t, 'Seller');
    const theirs = await createCar(t, someone, NO_PLACE);

    expect(await placeDemoData(t.db)).toBe(ids.length);
    expect(await placesOf()).toEqual(before);
    expect((await t.db.query.users.findFirst({ where: eq(users.id, demoSeller.id) }))?.postalCode).toBe(
      '90210',
    );
    expect(await t.db.select({ id: cars.id }).from(cars).where(isNull(cars.postalCode))).toEqual([
      { id: theirs.id },
    ]);
  });
});
