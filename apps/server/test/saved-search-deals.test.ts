/**
 * Saved searches by deal rating (issue 48, ADR 60): a car is "not enough data" when posted, and
 * rated by the refit of the market values that follows; each car whose rating a refit set or changed
 * is matched again against the searches by rating saved before it was posted, and told once. The
 * job queue runs on pg-boss's TestClock, so that a refit comes when the test moves the clock.
 */
import type { CarInput, SavedSearch } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect } from 'vitest';
import { marketValues, notifications, savedSearches } from '../src/db/schema.ts';
import type { JobName } from '../src/jobs/jobs.ts';
import { postCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, jobsDone, runWaitingRefit, type TestApp, type TestUser } from './helpers.ts';

const clock = new TestClock(Date.now());
const it = base.extend('appOptions', { scope: 'file' }, { clock });

/** A BMW M3's price at the market, falling with age and mileage, as the model expects of a market. */
const priceOf = (year: number, kmDriven: number) =>
  Math.round((8_000_000 * 0.92 ** (2025 - year) * (1 - kmDriven / 400_000)) / 100) * 100;

const m3 = (year: number, kmDriven: number, share = 1): Partial<CarInput> => ({
  brand: 'BMW',
  model: 'M3',
  year,
  kmDriven,
  askingPrice: Math.round((priceOf(year, kmDriven) * share) / 100) * 100,
});

async function saved(t: TestApp, user: TestUser, payload: object): Promise<SavedSearch> {
  const res = await as(t, user, { method: 'POST', url: '/api/saved-searches', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function editPrice(t: TestApp, seller: TestUser, carId: string, askingPrice: number) {
  const res = await as(t, seller, { method: 'PATCH', url: `/api/cars/${carId}`, payload: { askingPrice } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The deal rating the search page gives the car now. */
async function ratingOf(t: TestApp, carId: string) {
  const res = await as(t, undefined, { method: 'GET', url: `/api/cars/id/${carId}` });
  return res.json().marketValue?.rating ?? 'none';
}

/** Runs the refit the cars' changes have waiting, then the match jobs it and the posts enqueued. */
async function refitAndMatch(t: TestApp) {
  const output = await runWaitingRefit(t, clock);
  await jobsDone(t, clock, 'saved-searches.match');
  await jobsDone(t, clock, 'saved-searches.match-rated');
  return output;
}

/** How many jobs of `name` were ever enqueued. */
async function jobsOf(t: TestApp, name: JobName) {
  return (await t.context.jobs.boss.findJobs(name)).length;
}

/** The saved-search notifications of `user`, each as its title and link, in order of those. */
async function alertsOf(t: TestApp, user: TestUser) {
  const rows = await t.db
    .select({ title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'saved-search.matched')));
  return rows.map(({ title, link }) => `${title} ${link}`).sort();
}

/** The alerts of an instant search's new cars (or a daily one's single new car), as alertsOf gives them. */
const alerts = (...told: [SavedSearch, string][]) =>
  told.map(([search, carId]) => `New car for “${search.name}” /cars/id/${carId}`).sort();

async function forgetSearches(t: TestApp) {
  await t.db.delete(savedSearches);
  await t.db.delete(notifications);
}

describe('saved searches by deal rating', () => {
  it.beforeAll(async ({ t, seller }) => {
    // Eight M3s at the market's price, rated before any search is saved.
    for (const [year, km] of [
      [2016, 90_000],
      [2017, 80_000],
      [2018, 60_000],
      [2019, 45_000],
      [2020, 20_000],
      [2021, 15_000],
      [2022, 10_000],
      [2023, 5_000],
    ] as const)
      await postCar(t, seller, m3(year, km));
    await refitAndMatch(t);
  });
  // Each test saves its own searches: one failing leaves none for the next.
  it.afterEach(async ({ t }) => forgetSearches(t));

  it('tells a search for great deals of each car posted after it once the refit rates it great: instant at once, daily in the digest', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const great = await saved(t, buyer, {
      name: 'Great M3s',
      filters: { brand: ['BMW'], rating: ['great'] },
    });
    const every = await saved(t, buyer, { name: 'Every BMW', filters: { brand: ['BMW'] } });
    const first = await postCar(t, seller, m3(2020, 30_000, 0.75));
    // Saved between the two posts: the second car is new to it, the first is not.
    const daily = await saved(t, otherBuyer, {
      name: 'Great M3s daily',
      filters: { q: 'bmw m3', rating: ['great'] },
      frequency: 'daily',
    });
    const second = await postCar(t, seller, m3(2018, 50_000, 0.75));
    await jobsDone(t, clock, 'saved-searches.match');
    // Posted, the cars have no market value: only the search without a rating finds them.
    expect(await ratingOf(t, first)).toBe('none');
    expect(await alertsOf(t, buyer)).toEqual(alerts([every, first], [every, second]));

    // One refit rates both, in one batch.
    expect(await refitAndMatch(t)).toEqual({ valued: 10 });
    expect([await ratingOf(t, first), await ratingOf(t, second)]).toEqual(['great', 'great']);
    expect(await alertsOf(t, buyer)).toEqual(
      alerts([every, first], [every, second], [great, first], [great, second]),
    );
    expect(await alertsOf(t, otherBuyer)).toEqual([]);

    await t.context.jobs.send('saved-searches.digest', {});
    await jobsDone(t, clock, 'saved-searches.digest');
    expect(await alertsOf(t, otherBuyer)).toEqual(alerts([daily, second]));
  });

  it('tells a search saved before a car was posted when a price drop makes it a great deal, once however often it is refitted', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const great = await saved(t, buyer, {
      name: 'Great 2019 M3s',
      filters: { q: 'm3', yearMin: 2019, rating: ['great'] },
    });
    // Not a search by rating: matched when the car is posted, never again.
    await saved(t, buyer, { name: 'Cheap BMWs', filters: { brand: ['BMW'], priceMax: 4_000_000 } });
    const fair = priceOf(2019, 40_000);
    expect(fair).toBeGreaterThan(4_000_000);
    const carId = await postCar(t, seller, m3(2019, 40_000));
    await refitAndMatch(t);
    expect(await ratingOf(t, carId)).not.toBe('great');
    // Saved after the car was posted: it saw the car already.
    await saved(t, otherBuyer, { name: 'Great deals', filters: { rating: ['great'] } });
    expect(await alertsOf(t, buyer)).toEqual([]);

    const cheap = Math.round((fair * 0.75) / 100) * 100;
    expect(cheap).toBeLessThan(4_000_000);
    await editPrice(t, seller, carId, cheap);
    // The search page rates the new price at once; the alert waits for the refit's rating.
    expect(await ratingOf(t, carId)).toBe('great');
    expect(await alertsOf(t, buyer)).toEqual([]);
    await refitAndMatch(t);
    expect(await alertsOf(t, buyer)).toEqual(alerts([great, carId]));

    // Fair again, then great again: matched again, told once.
    await editPrice(t, seller, carId, fair);
    await refitAndMatch(t);
    expect(await ratingOf(t, carId)).not.toBe('great');
    await editPrice(t, seller, carId, cheap);
    const before = await jobsOf(t, 'saved-searches.match-rated');
    await refitAndMatch(t);
    expect(await jobsOf(t, 'saved-searches.match-rated')).toBe(before + 1);
    expect(await alertsOf(t, buyer)).toEqual(alerts([great, carId]));
    expect(await alertsOf(t, otherBuyer)).toEqual([]);
  });

  it('matches by the values a refit committed, though the search of the instance that runs the job has not reloaded them yet', async ({
    t,
    seller,
    buyer,
  }) => {
    const great = await saved(t, buyer, {
      name: 'Great M3s',
      filters: { brand: ['BMW'], rating: ['great'] },
    });
    const price = priceOf(2022, 12_000);
    const carId = await postCar(t, seller, m3(2022, 12_000, 0.75));
    await jobsDone(t, clock, 'saved-searches.match');
    const searchedGreat = async () => {
      const res = await as(t, buyer, { method: 'GET', url: '/api/cars/search?brand=BMW&rating=great' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((car: { id: string }) => car.id);
    };
    // This instance's search holds the car, not rated yet.
    expect(await searchedGreat()).not.toContain(carId);
    // A refit of another instance, whose `market-values.refitted` has not reached this one.
    await t.db.insert(marketValues).values({
      carId,
      estimate: price,
      low: Math.round(price * 0.9),
      high: Math.round(price * 1.1),
      rating: 'great',
      comparables: 9,
      family: 'model',
      area: 'nation',
      fittedAt: new Date(),
    });
    expect(await searchedGreat()).not.toContain(carId);

    await t.context.jobs.send('saved-searches.match-rated', { carIds: [carId] });
    await jobsDone(t, clock, 'saved-searches.match-rated');
    expect(await alertsOf(t, buyer)).toEqual(alerts([great, carId]));
    // This instance's own refit, which the post enqueued: the car is great still, and told once.
    await refitAndMatch(t);
    expect(await searchedGreat()).toContain(carId);
    expect(await alertsOf(t, buyer)).toEqual(alerts([great, carId]));
  });

  it('enqueues no match work for a refit that changes no rating, nor without a search by rating', async ({
    t,
    seller,
    buyer,
  }) => {
    await saved(t, buyer, { name: 'Great deals', filters: { rating: ['great'] } });
    const rated: string[][] = [];
    const stop = t.context.database.events.subscribe('market-values.rated', ({ carIds }) => {
      rated.push(carIds);
    });
    const before = await jobsOf(t, 'saved-searches.match-rated');
    // A refit of the same cars: every rating as it was.
    await t.context.jobs.send('market-value.refit', {}, undefined, { singletonKey: 'market-value.refit' });
    await refitAndMatch(t);
    expect(rated).toEqual([]);
    expect(await jobsOf(t, 'saved-searches.match-rated')).toBe(before);

    // A car newly rated, and no search by rating: the event, but no job.
    await forgetSearches(t);
    await saved(t, buyer, { name: 'Every BMW', filters: { brand: ['BMW'] } });
    const carId = await postCar(t, seller, m3(2021, 25_000));
    await refitAndMatch(t);
    expect(rated.flat()).toContain(carId);
    expect(await jobsOf(t, 'saved-searches.match-rated')).toBe(before);
    stop();
  });
});
