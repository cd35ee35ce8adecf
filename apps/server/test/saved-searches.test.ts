/**
 * Saved searches and their alerts (issue 20, item 5): a buyer keeps searches by name; each car
 * posted afterwards that the search page would find for one of them tells its buyer once, at once
 * or in the daily digest; nobody else learns of another buyer's searches.
 */
import { randomUUID } from 'node:crypto';
import type { CarInput, SavedSearch } from '@redline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { cars, notifications, photos, savedSearches } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { carInput, ensureCategory } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, runJob, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sam Seller' },
    buyer: { name: 'Bea Buyer' },
  },
);
it.beforeAll(async ({ t }) => {
  await ensureCategory(t);
});

const save = (t: TestApp, user: TestUser | undefined, payload: object) =>
  as(t, user, { method: 'POST', url: '/api/saved-searches', payload });
const list = (t: TestApp, user: TestUser | undefined) =>
  as(t, user, { method: 'GET', url: '/api/saved-searches' });
const change = (t: TestApp, user: TestUser | undefined, id: string, payload: object) =>
  as(t, user, { method: 'PATCH', url: `/api/saved-searches/${id}`, payload });
const remove = (t: TestApp, user: TestUser | undefined, id: string) =>
  as(t, user, { method: 'DELETE', url: `/api/saved-searches/${id}` });

/** Saves a search for `user` and answers it (the call must succeed). */
async function saved(t: TestApp, user: TestUser, payload: object): Promise<SavedSearch> {
  const res = await save(t, user, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Posts a car as the seller through the API (the post's transaction enqueues its matching). */
async function post(t: TestApp, seller: TestUser, overrides: Partial<CarInput> = {}): Promise<string> {
  const key = `saved-search-${randomUUID().slice(0, 8)}`;
  await t.db.insert(photos).values({ key, uploaderId: seller.id, width: 1600, height: 1200 });
  const res = await as(t, seller, {
    method: 'POST',
    url: '/api/cars',
    payload: { ...carInput([key]), ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Waits until every match job enqueued so far has run. */
async function matched(t: TestApp) {
  await vi.waitFor(
    async () => {
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as waiting from pgboss.job where name = 'saved-searches.match' and state <> 'completed'`,
      )) as unknown as { rows: { waiting: number }[] };
      if (rows[0]!.waiting > 0) throw new Error(`${rows[0]!.waiting} match jobs not done`);
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** The saved-search notifications of `user`, newest first. */
const alertsOf = (t: TestApp, user: TestUser) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'saved-search.matched')))
    .orderBy(sql`${notifications.createdAt} desc`);

async function deleteAllSearches(t: TestApp) {
  await t.db.delete(savedSearches);
}

describe('keeping searches', () => {
  it('saves, lists newest first, renames, changes the frequency and deletes a search', async ({
    t,
    buyer,
    otherBuyer,
  }) => {
    const first = await saved(t, buyer, {
      name: 'Porsches under $250k',
      filters: { brand: ['Porsche', 'Porsche'], priceMax: 25_000_000, q: '', verified: false, fuel: [] },
    });
    expect(first).toMatchObject({
      name: 'Porsches under $250k',
      // Repeated values once; what narrows nothing left out.
      filters: { brand: ['Porsche'], priceMax: 25_000_000 },
      frequency: 'instant',
    });
    const second = await saved(t, buyer, {
      name: 'Electric',
      filters: { fuel: ['Electric'] },
      frequency: 'daily',
    });

    const listed = await list(t, buyer);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((s: SavedSearch) => s.id)).toEqual([second.id, first.id]);
    expect((await list(t, otherBuyer)).json().items).toEqual([]);

    const renamed = await change(t, buyer, first.id, { name: '  911s  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: first.id, name: '911s', frequency: 'instant' });
    const daily = await change(t, buyer, first.id, { frequency: 'daily' });
    expect(daily.json()).toMatchObject({ name: '911s', frequency: 'daily' });

    expect((await remove(t, buyer, first.id)).json()).toEqual({ deletedCount: 1 });
    expect((await list(t, buyer)).json().items.map((s: SavedSearch) => s.id)).toEqual([second.id]);
    expect((await remove(t, buyer, first.id)).statusCode).toBe(404);
    await deleteAllSearches(t);
  });

  it('refuses a search that narrows nothing, bad filters, names and frequencies, and saves nothing', async ({
    t,
    buyer,
  }) => {
    const cases: [object, RegExp][] = [
      [{ name: 'Everything', filters: {} }, /at least one filter/],
      [{ name: 'Everything', filters: { q: '   ', brand: [], verified: false } }, /at least one filter/],
      [{ name: 'Upside down', filters: { priceMin: 500, priceMax: 100 } }, /below the minimum/],
      [{ name: '', filters: { fuel: ['Electric'] } }, /Name is required/],
      [{ name: 'x'.repeat(61), filters: { fuel: ['Electric'] } }, /at most 60/],
      [{ name: 'Steam', filters: { fuel: ['Steam'] } }, /Choose Petrol, Diesel, Electric, Hybrid/],
      [
        { name: 'Hidden', filters: { q: 'porsche\u202Eevil' } },
        /Search text cannot contain control or invisible characters/,
      ],
      [
        { name: 'Hidden', filters: { brand: ['Pors\u0000che'] } },
        /Brand cannot contain control or invisible characters/,
      ],
      [{ name: 'Weekly', filters: { fuel: ['Electric'] }, frequency: 'weekly' }, /once a day/],
      [
        { name: 'Many', filters: { brand: Array.from({ length: 21 }, (_, i) => `B${i}`) } },
        /At most 20 brands/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await save(t, buyer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(errorOf(res))).toMatch(message);
    }
    expect((await list(t, buyer)).json().items).toEqual([]);
    const { id } = await saved(t, buyer, { name: 'Electric', filters: { fuel: ['Electric'] } });
    expect((await change(t, buyer, id, {})).statusCode).toBe(400);
    expect((await change(t, buyer, id, { frequency: 'hourly' })).statusCode).toBe(400);
    expect((await list(t, buyer)).json().items[0]).toMatchObject({ name: 'Electric', frequency: 'instant' });
    await deleteAllSearches(t);
  });

  it('keeps each search once, whatever the order of its values, and at most 20', async ({
    t,
    buyer,
    otherBuyer,
  }) => {
    await saved(t, buyer, { name: 'Two brands', filters: { brand: ['Porsche', 'Ferrari'], yearMin: 2018 } });
    const again = await save(t, buyer, {
      name: 'Again',
      filters: { yearMin: 2018, brand: ['Ferrari', 'Porsche'] },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You already saved this search as “Two brands”.');
    // Another buyer may keep the same search.
    await saved(t, otherBuyer, {
      name: 'Mine too',
      filters: { brand: ['Porsche', 'Ferrari'], yearMin: 2018 },
    });

    for (let year = 2000; year < 2019; year += 1)
      await saved(t, buyer, { name: `From ${year}`, filters: { yearMin: year } });
    const over = await save(t, buyer, { name: 'One more', filters: { yearMin: 2020 } });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toMatch(/keep 20 saved searches/);
    expect((await list(t, buyer)).json().items).toHaveLength(20);
    await deleteAllSearches(t);
  });

  it('keeps the limit when a buyer saves many at once', async ({ t, buyer }) => {
    for (let year = 2000; year < 2018; year += 1)
      await saved(t, buyer, { name: `From ${year}`, filters: { yearMin: year } });
    const answers = await Promise.all(
      [2030, 2031, 2032, 2033].map((year) =>
        save(t, buyer, { name: `From ${year}`, filters: { yearMin: year } }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect((await list(t, buyer)).json().items).toHaveLength(20);
    await deleteAllSearches(t);
  });

  it("answers 404 for another buyer's search, as for a missing one, and changes nothing", async ({
    t,
    buyer,
    otherBuyer,
  }) => {
    const { id } = await saved(t, buyer, { name: 'Mine', filters: { fuel: ['Hybrid'] } });
    for (const missing of [id, randomUUID(), 'not-an-id']) {
      const renamed = await change(t, otherBuyer, missing, { name: 'Taken' });
      expect(renamed.statusCode).toBe(404);
      expect(errorOf(renamed).message).toBe('The saved search was not found.');
      expect((await remove(t, otherBuyer, missing)).statusCode).toBe(404);
    }
    expect((await list(t, buyer)).json().items).toMatchObject([{ id, name: 'Mine' }]);
    await deleteAllSearches(t);
  });

  it('is for buyers only', async ({ t, seller }) => {
    const admin = await signUpUser(t, 'Admin');
    for (const user of [seller, admin]) {
      expect((await list(t, user)).statusCode).toBe(403);
      expect((await save(t, user, { name: 'Mine', filters: { fuel: ['Hybrid'] } })).statusCode).toBe(403);
    }
    expect((await list(t, undefined)).statusCode).toBe(401);
    expect(await t.db.select().from(savedSearches)).toEqual([]);
  });
});

describe('alerts', () => {
  it('tells each buyer of a new car their search finds, once, and nobody else', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const porsches = await saved(t, buyer, {
      name: 'Porsches',
      filters: { brand: ['Porsche'], priceMax: 25_000_000 },
    });
    // A small typo finds the car as the search page would.
    const typed = await saved(t, otherBuyer, { name: 'Typed', filters: { q: 'porshe gt3' } });
    const ferraris = await saved(t, otherBuyer, { name: 'Ferraris', filters: { brand: ['Ferrari'] } });

    const carId = await post(t, seller, { brand: 'Porsche', model: '911 GT3', askingPrice: 21_500_000 });
    await post(t, seller, {
      brand: 'Porsche',
      model: 'Taycan',
      askingPrice: 30_000_000,
      originalPrice: 31_000_000,
    }); // above the first's price
    await matched(t);

    const [alert, ...more] = await alertsOf(t, buyer);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: `New car for “${porsches.name}”`,
      body: '2021 Porsche 911 GT3 at $215,000 matches your saved search.',
      link: `/cars/id/${carId}`,
    });
    const others = await alertsOf(t, otherBuyer);
    expect(others.map((n) => n.title)).toEqual([`New car for “${typed.name}”`]);
    expect(others.map((n) => n.title)).not.toContain(`New car for “${ferraris.name}”`);

    // The job again (a retry, a second instance): nothing more.
    await runJob(t, 'saved-searches.match', { carId });
    expect(await alertsOf(t, buyer)).toHaveLength(1);
    await deleteAllSearches(t);
    await t.db.delete(notifications);
  });

  it("finds a car as the search page does: a make's alias and a seller's misspelling, a model number whole", async ({
    t,
    seller,
    buyer,
  }) => {
    const vw = await saved(t, buyer, { name: 'VW', filters: { q: 'vw' } });
    const rx7 = await saved(t, buyer, { name: 'RX-7', filters: { q: 'mazda rx 7' } });
    await saved(t, buyer, { name: 'Chevrolets', filters: { brand: ['Chevrolet'] } });
    await post(t, seller, { brand: 'vokswagen', model: 'rabbit' });
    await post(t, seller, { brand: 'Mazda', model: 'RX-4' });
    await matched(t);
    expect((await alertsOf(t, buyer)).map((n) => n.title)).toEqual([`New car for “${vw.name}”`]);
    await post(t, seller, { brand: 'mazda', model: 'rx-7 gs' });
    await matched(t);
    expect((await alertsOf(t, buyer)).map((n) => n.title)).toEqual([
      `New car for “${rx7.name}”`,
      `New car for “${vw.name}”`,
    ]);
    await deleteAllSearches(t);
    await t.db.delete(notifications);
  });

  it('matches a new car by its deal rating as the search page rates it: "not enough data" until its market value is first fitted', async ({
    t,
    seller,
    buyer,
  }) => {
    // The search page's ratings and a saved search's agree on every car (search-deals.test.ts); a
    // car just posted has no market value yet.
    const unrated = await saved(t, buyer, { name: 'Not rated yet', filters: { rating: ['none'] } });
    await saved(t, buyer, { name: 'Good deals', filters: { rating: ['great', 'good'] } });
    const carId = await post(t, seller, { brand: 'Porsche', model: '911 GT3' });
    await matched(t);
    const alerts = await alertsOf(t, buyer);
    expect(alerts.map((n) => [n.title, n.link])).toEqual([
      [`New car for “${unrated.name}”`, `/cars/id/${carId}`],
    ]);
    await deleteAllSearches(t);
    await t.db.delete(notifications);
  });

  it('keeps the place of a search: a new car within its radius, or delivered there, is found, one beyond is not', async ({
    t,
    seller,
    buyer,
  }) => {
    const near = await saved(t, buyer, {
      name: 'Near Beverly Hills',
      filters: { brand: ['Alpine'], near: '90210', radius: '50mi' },
    });
    const delivered = await saved(t, buyer, {
      name: 'Delivered to Beverly Hills',
      filters: { brand: ['Alpine'], near: '90210', delivery: true },
    });
    expect(near.filters).toMatchObject({ near: '90210', radius: '50mi' });
    // Santa Monica is 8 miles away; San Francisco 340, and its seller delivers 600 km (373 miles).
    await post(t, seller, { brand: 'Alpine', model: 'A110', postalCode: '90401' });
    await matched(t);
    expect((await alertsOf(t, buyer)).map((n) => n.title)).toEqual([`New car for “${near.name}”`]);
    await t.db.delete(notifications);
    await post(t, seller, { brand: 'Alpine', model: 'A110 S', postalCode: '94102', deliveryRadiusKm: 600 });
    await post(t, seller, { brand: 'Alpine', model: 'A110 R', postalCode: '94102' });
    await matched(t);
    expect((await alertsOf(t, buyer)).map((n) => n.title)).toEqual([`New car for “${delivered.name}”`]);
    await deleteAllSearches(t);
    await t.db.delete(notifications);
  });

  it('tells nothing of a car posted before the search was saved, sold, or of a post that rolled back', async ({
    t,
    seller,
    buyer,
  }) => {
    const earlier = await post(t, seller, { brand: 'Lotus', model: 'Emira' });
    await matched(t);
    await saved(t, buyer, { name: 'Lotus', filters: { brand: ['Lotus'] } });
    await runJob(t, 'saved-searches.match', { carId: earlier });

    const sold = await post(t, seller, { brand: 'Lotus', model: 'Evora' });
    await t.db.update(cars).set({ soldAt: new Date() }).where(eq(cars.id, sold));
    await runJob(t, 'saved-searches.match', { carId: sold });

    const [car] = await t.db.select({ id: cars.id }).from(cars).where(eq(cars.id, earlier));
    await t.db
      .transaction(async (tx) => {
        await publish(tx, 'car.posted', { carId: car!.id, sellerId: seller.id });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await matched(t);
    expect(await alertsOf(t, buyer)).toEqual([]);
    await deleteAllSearches(t);
  });

  it("gathers a daily search's new cars into one notification a day", async ({ t, seller, buyer }) => {
    const daily = await saved(t, buyer, {
      name: 'Daily Ferraris',
      filters: { brand: ['Ferrari'], fuel: ['Hybrid', 'Petrol'] },
      frequency: 'daily',
    });
    await post(t, seller, {
      brand: 'Ferrari',
      model: '296 GTB',
      fuel: 'Hybrid',
      askingPrice: 32_000_000,
      originalPrice: 34_000_000,
    });
    await post(t, seller, { brand: 'Ferrari', model: 'Roma', askingPrice: 22_000_000 });
    const gone = await post(t, seller, { brand: 'Ferrari', model: 'Purosangue' });
    await post(t, seller, { brand: 'Ferrari', model: 'SF90', fuel: 'Electric' });
    await matched(t);
    expect(await alertsOf(t, buyer)).toEqual([]);
    await t.db.update(cars).set({ soldAt: new Date() }).where(eq(cars.id, gone));

    await runJob(t, 'saved-searches.digest');
    const [digest, ...more] = await alertsOf(t, buyer);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({
      title: '2 new cars for “Daily Ferraris”',
      link: '/cars?brand=Ferrari&fuel=Hybrid&fuel=Petrol',
    });
    // Newest first; the sold one left out.
    expect(digest!.body).toBe(
      'Matching your saved search: 2021 Ferrari Roma at $220,000; 2021 Ferrari 296 GTB at $320,000.',
    );

    await runJob(t, 'saved-searches.digest');
    expect(await alertsOf(t, buyer)).toHaveLength(1);

    // A deleted search's waiting matches go with it.
    await post(t, seller, { brand: 'Ferrari', model: '12Cilindri' });
    await matched(t);
    expect((await remove(t, buyer, daily.id)).statusCode).toBe(200);
    await runJob(t, 'saved-searches.digest');
    expect(await alertsOf(t, buyer)).toHaveLength(1);
  });
});
