/**
 * What each listing earns (issue 49): what visitors' pages saw, recorded off the request path and
 * counted once per visitor and day, the leads the other modules own, and the seller's figures,
 * compared with similar cars.
 */
import { randomUUID } from 'node:crypto';
import {
  LISTING_ACTIVITY_CARS_MAX,
  LISTING_STATS_DAYS,
  type ListingStats,
  type SellerStats,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  cars,
  conversations,
  listingDays,
  listingViewers,
  marketValues,
  messages,
  savedCars,
  vehicleMakes,
  vehicleModels,
} from '../src/db/schema.ts';
import { ListingActivity } from '../src/modules/listing-stats/listing-activity.ts';
import { savesPerDay } from '../src/modules/saved-cars/index.ts';
import { createBooking, createCar, createOffer } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, runJob, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend('actors', { scope: 'file' }, { seller: { name: 'Dana Dealer', isVerified: true } });

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const fromApp = { origin: 'http://localhost:3000' };

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** What a page sends as it is shown, from an address and browser, or as a signed-in user. */
function record(t: TestApp, body: unknown, from: { user?: TestUser; ip?: string; userAgent?: string } = {}) {
  return as(t, from.user, {
    method: 'POST',
    url: '/api/listing-activity',
    payload: body as object,
    headers: { ...fromApp, 'user-agent': from.userAgent ?? CHROME },
    remoteAddress: from.ip ?? '10.60.0.1',
  });
}

const listingStats = async (t: TestApp, seller: TestUser, carId: string) => {
  const res = await as(t, seller, { method: 'GET', url: `/api/listing-stats/cars/${carId}` });
  expect(res.statusCode).toBe(200);
  return res.json<ListingStats>();
};
const todayOf = (stats: { days: ListingStats['days'] }) => stats.days.find((day) => day.day === today());

describe('POST /api/listing-activity', () => {
  it('counts a page view once per visitor a day, and neither a crawler’s nor the seller’s own', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const answers = await Promise.all([
      record(t, { viewed: car.id }, { ip: '10.60.1.1' }),
      record(t, { viewed: car.id }, { ip: '10.60.1.1' }), // the same visitor again
      record(t, { viewed: car.id }, { ip: '10.60.1.2' }),
      record(t, { viewed: car.id }, { ip: '10.60.1.1', userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1' }),
      record(t, { viewed: car.id }, { ip: '10.60.1.3', userAgent: GOOGLEBOT }),
      record(t, { viewed: car.id }, { user: seller }),
      record(t, { viewed: car.id }, { user: buyer }),
      record(t, { viewed: car.id }, { user: buyer, ip: '10.60.1.9' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(answers[4]!.json()).toEqual({ recorded: 0 });
    // Recorded off the request path: nothing is written until the batch goes.
    expect(await t.db.select().from(listingDays).where(eq(listingDays.carId, car.id))).toEqual([]);

    const stats = await listingStats(t, seller, car.id);
    expect(stats.totals.views).toBe(4); // two browsers at one address, another address, the buyer
    expect(todayOf(stats)?.views).toBe(4);
    expect(stats.days).toHaveLength(LISTING_STATS_DAYS);
    expect(stats.days.at(-1)?.day).toBe(today());
    expect(stats.car).toMatchObject({
      id: car.id,
      name: '2020 Ferrari F8 Tributo',
      brand: 'Ferrari',
      model: 'F8 Tributo',
      askingPrice: car.askingPrice,
      status: 'for-sale',
    });

    await record(t, { viewed: car.id }, { ip: '10.60.1.2' });
    expect((await listingStats(t, seller, car.id)).totals.views).toBe(4);
  });

  it('counts each time a car is shown in results, but not to its seller', async ({ t, seller, buyer }) => {
    const [shownTwice, shownOnce] = [await createCar(t, seller), await createCar(t, seller)];
    await record(t, { shown: [shownTwice.id, shownOnce.id, shownTwice.id] }, { ip: '10.60.2.1' });
    await record(t, { shown: [shownTwice.id] }, { user: buyer });
    await record(t, { shown: [shownTwice.id, shownOnce.id] }, { user: seller });
    await record(t, { shown: [shownTwice.id] }, { userAgent: GOOGLEBOT });
    expect((await listingStats(t, seller, shownTwice.id)).totals.impressions).toBe(2);
    expect((await listingStats(t, seller, shownOnce.id)).totals.impressions).toBe(1);
  });

  it('takes a car that does not exist, or was deleted, and counts nothing of it', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    const deleted = await createCar(t, seller);
    const missing = randomUUID();
    expect((await record(t, { shown: [missing, car.id, deleted.id], viewed: missing })).json()).toEqual({
      recorded: 4,
    });
    await t.db.delete(cars).where(eq(cars.id, deleted.id));
    // The other cars of the same batch count.
    expect((await listingStats(t, seller, car.id)).totals.impressions).toBe(1);
    expect(await t.db.select().from(listingDays).where(eq(listingDays.carId, missing))).toEqual([]);
  });

  it('refuses a malformed record with a 400 and records nothing', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    const tooMany = Array.from({ length: LISTING_ACTIVITY_CARS_MAX + 1 }, () => car.id);
    for (const body of [
      {},
      { shown: [] },
      { shown: tooMany },
      { viewed: 'not-a-car' },
      { shown: [car.id], other: 1 },
    ]) {
      const res = await record(t, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(errorOf(res).message).toBeTruthy();
    }
    expect((await listingStats(t, seller, car.id)).totals).toMatchObject({ impressions: 0, views: 0 });
  });

  it('refuses a write from another site', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    const res = await as(t, undefined, {
      method: 'POST',
      url: '/api/listing-activity',
      payload: { viewed: car.id },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await listingStats(t, seller, car.id)).totals.views).toBe(0);
  });
});

describe('the batches', () => {
  it('keeps a batch the database refused, and writes it with the next; the close writes what waits', async ({
    t,
    seller,
  }) => {
    const car = await createCar(t, seller);
    let down = true;
    const db = new Proxy(t.db, {
      get: (target, key) =>
        key === 'transaction' && down
          ? () => Promise.reject(new Error('connection lost'))
          : Reflect.get(target, key),
    });
    const activity = new ListingActivity(db, 'a-secret-of-at-least-32-characters!', t.app.log);
    activity.recordShown([car.id], null);
    activity.recordViewed(car.id, { ip: '10.60.9.1', userAgent: CHROME });
    await activity.flush();
    expect(await t.db.select().from(listingDays).where(eq(listingDays.carId, car.id))).toEqual([]);
    down = false;
    activity.recordShown([car.id], null);
    await activity.close();
    const [day] = await t.db.select().from(listingDays).where(eq(listingDays.carId, car.id));
    expect(day).toMatchObject({ day: today(), impressions: 2, views: 1 });
  });
});

describe('the leads', () => {
  it('counts saves, buyers’ messages, offers and test-drive requests by the day they came', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller);
    await t.db.insert(savedCars).values([
      { buyerId: buyer.id, carId: car.id },
      { buyerId: otherBuyer.id, carId: car.id, createdAt: new Date(Date.now() - 3 * DAY_MS) },
    ]);
    const offer = await createOffer(t, buyer, car, seller);
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, offer.conversationId));
    await t.db.insert(messages).values([
      { conversationId: conversation!.id, senderId: buyer.id, body: 'Is it still for sale?' },
      { conversationId: conversation!.id, senderId: buyer.id, body: 'Any service records?' },
      { conversationId: conversation!.id, senderId: seller.id, body: 'Yes, all of them.' },
      { conversationId: conversation!.id, senderId: buyer.id, body: 'Offer made', offerId: offer.id },
      { conversationId: conversation!.id, senderId: null, body: 'The offer expired.', offerId: offer.id },
    ]);
    await createBooking(t, buyer, car, seller);
    await createBooking(t, otherBuyer, car, seller, { status: 'declined' });

    const stats = await listingStats(t, seller, car.id);
    expect(todayOf(stats)).toMatchObject({ saves: 1, messages: 2, offers: 1, testDrives: 2 });
    expect(stats.days.find((day) => day.day === daysAgo(3))).toMatchObject({ saves: 1 });
    expect(stats.totals).toMatchObject({ saves: 2, messages: 2, offers: 1, testDrives: 2 });
  });

  it('counts among more cars than one statement may name (a dealer with 70,000)', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    await t.db.insert(savedCars).values({ buyerId: buyer.id, carId: car.id });
    // PostgreSQL binds at most 65,535 values to a statement: a list of ids, one value each, would not go.
    const carIds = [...Array.from({ length: 70_000 }, () => randomUUID()), car.id];
    const saves = await savesPerDay(t.db, carIds, new Date(Date.now() - DAY_MS));
    expect(saves).toEqual([{ carId: car.id, day: today(), count: 1 }]);
  });
});

describe("the seller's figures", () => {
  it('sums every car of the seller per day, with the 30 days before apart', async ({ t, otherSeller }) => {
    const first = await createCar(t, otherSeller);
    const sold = await createCar(t, otherSeller, { soldAt: new Date() });
    await t.db.insert(listingDays).values([
      { carId: first.id, day: daysAgo(2), impressions: 40, views: 7 },
      { carId: sold.id, day: daysAgo(2), impressions: 10, views: 3 },
      { carId: first.id, day: daysAgo(LISTING_STATS_DAYS + 5), impressions: 5, views: 1 },
      { carId: first.id, day: daysAgo(2 * LISTING_STATS_DAYS + 5), impressions: 99, views: 99 },
    ]);
    const res = await as(t, otherSeller, { method: 'GET', url: '/api/listing-stats' });
    expect(res.statusCode).toBe(200);
    const stats = res.json<SellerStats>();
    expect(stats.carsForSale).toBe(1);
    expect(stats.days).toHaveLength(LISTING_STATS_DAYS);
    expect(stats.days.find((day) => day.day === daysAgo(2))).toMatchObject({ impressions: 50, views: 10 });
    expect(stats.totals).toMatchObject({ impressions: 50, views: 10 });
    expect(stats.previousTotals).toMatchObject({ impressions: 5, views: 1 });
  });

  it('lists the seller’s cars for sale, newest first, each with its views a day', async ({
    t,
    otherSeller,
  }) => {
    const posted: Awaited<ReturnType<typeof createCar>>[] = [];
    for (let i = 0; i < 3; i += 1) posted.push(await createCar(t, otherSeller));
    await createCar(t, otherSeller, { soldAt: new Date() });
    await t.db
      .insert(listingDays)
      .values({ carId: posted[1]!.id, day: daysAgo(1), views: 6, impressions: 30 });
    type Line = { car: { id: string; status: string }; totals: { views: number }; viewsByDay: number[] };
    const page = async (query: string) => {
      const res = await as(t, otherSeller, { method: 'GET', url: `/api/listing-stats/cars?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: Line[]; nextCursor: string | null }>();
    };
    const first = await page('limit=2');
    const second = await page(`limit=2&cursor=${first.nextCursor}`);
    const lines = [...first.items, ...second.items];
    // Newest first; the first seller test's car and these three, not the sold one.
    expect(lines.slice(0, 3).map((line) => line.car.id)).toEqual(posted.map((car) => car.id).reverse());
    expect(
      lines.every((line) => line.car.status === 'for-sale' && line.viewsByDay.length === LISTING_STATS_DAYS),
    ).toBe(true);
    const viewed = lines.find((line) => line.car.id === posted[1]!.id)!;
    expect(viewed.totals.views).toBe(6);
    expect(viewed.viewsByDay.at(-2)).toBe(6);
  });
});

/** A model of a make of its own, for cars only these tests post. */
async function freshModel(t: TestApp) {
  const slug = `stats-${randomUUID().slice(0, 8)}`;
  const [make] = await t.db.insert(vehicleMakes).values({ name: slug, slug, country: 'DE' }).returning();
  const [model] = await t.db
    .insert(vehicleModels)
    .values({ makeId: make!.id, name: 'Cayenne', slug: 'cayenne' })
    .returning();
  return { makeId: make!.id, modelId: model!.id, brand: slug, model: 'Cayenne' };
}

describe('the comparison with similar cars', () => {
  it('compares views a day with the median of the same model, and the price by rank', async ({
    t,
    seller,
    otherSeller,
  }) => {
    const model = await freshModel(t);
    const listedDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    const car = await createCar(t, seller, { ...model, askingPrice: 9_000_000, addedDate: listedDaysAgo(9) });
    const others = await Promise.all(
      [8_000_000, 8_500_000, 9_500_000].map((askingPrice) =>
        createCar(t, otherSeller, { ...model, askingPrice, addedDate: listedDaysAgo(9) }),
      ),
    );
    // Over 10 days listed: this car 10 views (1 a day); the others 20, 40 and 60 (median 4 a day).
    await t.db
      .insert(listingDays)
      .values([
        { carId: car.id, day: daysAgo(1), views: 10 },
        ...others.map((other, i) => ({ carId: other.id, day: daysAgo(1), views: 20 * (i + 1) })),
      ]);
    const { comparison } = await listingStats(t, seller, car.id);
    expect(comparison).toEqual({
      similarBy: 'model',
      similarCars: 3,
      viewsPerDay: 1,
      similarViewsPerDay: 4,
      price: { basis: 'rank', cheaperCars: 2, of: 3 },
    });

    // With a market value, the price is told against it.
    await t.db.insert(marketValues).values({
      carId: car.id,
      estimate: 8_000_000,
      low: 7_000_000,
      high: 9_000_000,
      rating: 'high',
      comparables: 12,
      family: 'model',
      area: 'nation',
      fittedAt: new Date(),
    });
    expect((await listingStats(t, seller, car.id)).comparison?.price).toEqual({
      basis: 'market',
      rating: 'high',
      estimate: 8_000_000,
      askingPrice: 9_000_000,
    });
  });

  it('falls back to the category near the price, and has none without enough similar cars or for a sold car', async ({
    t,
    seller,
    otherSeller,
  }) => {
    const category = `stats-${randomUUID().slice(0, 6)}`;
    const car = await createCar(t, seller, { categoryId: category, askingPrice: 5_000_000 });
    expect((await listingStats(t, seller, car.id)).comparison).toBeNull();
    // Near its price: 4.0 to 6.0 million within 25 %; one far above does not count.
    for (const askingPrice of [4_000_000, 5_500_000, 6_000_000, 20_000_000])
      await createCar(t, otherSeller, { categoryId: category, askingPrice });
    expect((await listingStats(t, seller, car.id)).comparison).toMatchObject({
      similarBy: 'category',
      similarCars: 3,
      price: { basis: 'rank', cheaperCars: 1, of: 3 },
    });
    await t.db.update(cars).set({ soldAt: new Date() }).where(eq(cars.id, car.id));
    expect((await listingStats(t, seller, car.id)).comparison).toBeNull();
  });
});

describe('who may read the figures', () => {
  it("answers a car's figures to its seller only", async ({ t, seller, otherSeller, buyer, admin }) => {
    const car = await createCar(t, seller);
    const url = `/api/listing-stats/cars/${car.id}`;
    expect((await as(t, undefined, { method: 'GET', url })).statusCode).toBe(401);
    expect((await as(t, buyer, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(t, admin, { method: 'GET', url })).statusCode).toBe(403);
    const other = await as(t, otherSeller, { method: 'GET', url });
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).message).toBe("Only the car's seller can see its figures.");
    expect(
      (await as(t, seller, { method: 'GET', url: `/api/listing-stats/cars/${randomUUID()}` })).statusCode,
    ).toBe(404);
    expect(
      (await as(t, seller, { method: 'GET', url: '/api/listing-stats/cars/not-a-car' })).statusCode,
    ).toBe(404);
  });
});

describe('the nightly prune', () => {
  it('drops who viewed what before yesterday, and keeps the counts', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    await t.db.insert(listingViewers).values([
      { carId: car.id, day: daysAgo(2), visitor: 'a:old' },
      { carId: car.id, day: daysAgo(1), visitor: 'a:yesterday' },
      { carId: car.id, day: today(), visitor: 'a:today' },
    ]);
    await t.db.insert(listingDays).values({ carId: car.id, day: daysAgo(2), views: 1 });
    await runJob(t, 'listing-stats.prune');
    const left = await t.db.select().from(listingViewers).where(eq(listingViewers.carId, car.id));
    expect(left.map((row) => row.visitor).sort()).toEqual(['a:today', 'a:yesterday']);
    expect((await listingStats(t, seller, car.id)).totals.views).toBe(1);
  });
});
