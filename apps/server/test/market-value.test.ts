/**
 * Market values on a real app: fitted by the refit job that the cars' changes enqueue (run here by
 * moving the queue's clock, never slept for), on a car's page and in its comparables.
 */
import type { CarComparables, CarDetail, CarEstimate, CarEstimateInput } from '@redline/shared';
import { TestClock } from 'pg-boss';
import { describe, expect, vi } from 'vitest';
import { marketValueFits, marketValues } from '../src/db/schema.ts';
import { firstFit } from '../src/modules/market-value/market-value.jobs.ts';
import { postCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, refitsWaiting, runWaitingRefit, type TestApp, type TestUser } from './helpers.ts';

/** The queue's clock, which only the tests move: a refit the cars' changes enqueue runs when a test says. */
const clock = new TestClock(Date.now());
const it = base.extend('appOptions', { scope: 'file' }, { clock });

/** A price that falls with age and mileage, as the model expects of a market. */
const priceOf = (year: number, kmDriven: number) =>
  Math.round((15_000_000 * 0.92 ** (2025 - year) * (1 - kmDriven / 400_000)) / 100) * 100;

/** A car as its seller describes it to the estimate, with what the factory's cars are posted with. */
const described = (fields: Partial<CarEstimateInput> = {}): CarEstimateInput => ({
  brand: 'Porsche',
  model: '911',
  year: 2020,
  kmDriven: 30_000,
  transmission: 'Dual-clutch',
  drivetrain: 'RWD',
  previousOwners: 1,
  titleStatus: 'Clean',
  postalCode: '90210',
  ...fields,
});

async function estimate(t: TestApp, seller: TestUser, car: object): Promise<CarEstimate> {
  const res = await as(t, seller, { method: 'POST', url: '/api/market-value/estimate', payload: car });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const carAt = (year: number, kmDriven: number, askingPrice = priceOf(year, kmDriven)) => ({
  brand: 'Porsche',
  model: '911',
  year,
  kmDriven,
  askingPrice,
});

async function carPage(t: TestApp, id: string): Promise<CarDetail> {
  const res = await as(t, undefined, { method: 'GET', url: `/api/cars/id/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function comparables(t: TestApp, id: string): Promise<CarComparables> {
  const res = await as(t, undefined, { method: 'GET', url: `/api/cars/id/${id}/comparables` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('market values', () => {
  let market: { fair: string; lonely: string; newModel: string; sold: string; others: string[] };

  it('values nothing before the first refit, then every car for sale', async ({ t, seller, otherSeller }) => {
    market = await postMarket(t, seller, otherSeller);
    expect((await carPage(t, market.fair)).marketValue).toBeNull();
    // Eleven cars posted, one sold: one refit waits.
    expect(await refitsWaiting(t)).toHaveLength(1);
    expect(await runWaitingRefit(t, clock)).toEqual({ valued: 11 });
    const { marketValue } = await carPage(t, market.fair);
    expect(marketValue).toMatchObject({ rating: 'fair', family: 'model', comparables: 9 });
    const price = priceOf(2020, 30_000);
    expect(Math.abs(marketValue!.estimate! - price) / price).toBeLessThan(0.05);
    expect(marketValue!.low!).toBeLessThan(marketValue!.estimate!);
    expect(marketValue!.high!).toBeGreaterThan(marketValue!.estimate!);
    // Cars compared side by side carry the same value as their pages.
    const compared = await as(t, undefined, {
      method: 'GET',
      url: `/api/cars/compare?ids=${market.fair},${market.lonely}`,
    });
    expect(compared.statusCode, compared.body).toBe(200);
    expect(compared.json().items.map((car: { marketValue: unknown }) => car.marketValue)).toEqual([
      marketValue,
      (await carPage(t, market.lonely)).marketValue,
    ]);
  });

  it('says "not enough data" for a car with too few comparables', async ({ t }) => {
    expect((await carPage(t, market.lonely)).marketValue).toMatchObject({
      estimate: null,
      low: null,
      high: null,
      rating: 'none',
      comparables: 0,
    });
  });

  it('values a model with few cars from its make', async ({ t }) => {
    expect((await carPage(t, market.newModel)).marketValue).toMatchObject({
      family: 'make',
      comparables: 10,
    });
  });

  it("lists a car's comparables: those for sale nearest first, the sold ones summarised", async ({ t }) => {
    const found = await comparables(t, market.fair);
    expect(found.car).toEqual({ id: market.fair, kmDriven: 30_000, askingPrice: priceOf(2020, 30_000) });
    expect(found.marketValue?.rating).toBe('fair');
    expect(found.forSale.count).toBe(8);
    expect(found.forSale.cars.map((car) => car.id).toSorted()).toEqual(market.others.toSorted());
    expect(found.forSale.cars[0]).toMatchObject({ year: 2020, brand: 'Porsche', model: '911' });
    expect(found.forSale.cars[0]!.location).toMatchObject({ region: 'CA', city: 'Beverly Hills' });
    // Each comparable for sale with its own rating, the one its page shows.
    for (const other of found.forSale.cars) {
      expect(other.rating).toBe((await carPage(t, other.id)).marketValue!.rating);
    }
    expect(found.forSale.cars.map((other) => other.rating)).toContain('fair');
    const sold = priceOf(2019, 45_000);
    expect(found.sold).toEqual({
      count: 1,
      medianPrice: sold,
      points: [{ year: 2019, kmDriven: 45_000, price: sold }],
    });
    expect(JSON.stringify(found)).not.toMatch(/seller|email/i);
  });

  it("lists a seller's cars with their market values, a sold car's null", async ({ t, otherSeller }) => {
    const res = await as(t, otherSeller, { method: 'GET', url: `/api/cars/email/${otherSeller.email}` });
    expect(res.statusCode, res.body).toBe(200);
    const listed = new Map(
      res.json().items.map((car: { id: string; marketValue: unknown }) => [car.id, car.marketValue]),
    );
    expect(listed.get(market.lonely)).toEqual((await carPage(t, market.lonely)).marketValue);
    expect(listed.get(market.others.at(-1))).toEqual((await carPage(t, market.others.at(-1)!)).marketValue);
    expect(listed.get(market.others.at(-1))).toMatchObject({ family: 'model' });
    expect(listed.get(market.sold)).toBeNull();
  });

  it('answers 404 for a car that does not exist', async ({ t }) => {
    const res = await as(t, undefined, {
      method: 'GET',
      url: '/api/cars/id/00000000-0000-4000-8000-000000000000/comparables',
    });
    expect(res.statusCode).toBe(404);
  });

  it('estimates a car not posted yet from the fits the refit kept, by the same rules', async ({
    t,
    seller,
  }) => {
    // A 911 like the others: valued by its family, nation-wide (the cars stand in one region, 4 others there).
    const like = await estimate(t, seller, described({ kmDriven: 25_000 }));
    expect(like).toMatchObject({ family: 'model', comparables: 10 });
    const price = priceOf(2020, 25_000);
    expect(Math.abs(like.estimate! - price) / price).toBeLessThan(0.05);
    expect(like.low!).toBeLessThan(like.estimate!);
    expect(like.high!).toBeGreaterThan(like.estimate!);
    // Older and further driven is worth less.
    const older = await estimate(t, seller, described({ year: 2016, kmDriven: 90_000 }));
    expect(older.estimate!).toBeLessThan(like.estimate!);
    // The catalogue links the names as posting would ("porsche", "911"); the gearbox, drive and place may be missing.
    expect(
      await estimate(t, seller, {
        brand: 'porsche',
        model: '911',
        year: 2020,
        kmDriven: 25_000,
        transmission: 'Dual-clutch',
        drivetrain: 'RWD',
        previousOwners: 1,
        titleStatus: 'Clean',
        postalCode: '90210',
      }),
    ).toEqual(like);
    expect(
      await estimate(t, seller, { brand: 'Porsche', model: '911', year: 2020, kmDriven: 25_000 }),
    ).toMatchObject({
      family: 'model',
      area: 'nation',
    });
  });

  it('estimates a model with few cars from its make, and says "not enough data" below five', async ({
    t,
    seller,
  }) => {
    // Cayenne: one car; Porsche: eleven (the sold one counts).
    expect(await estimate(t, seller, described({ model: 'Cayenne' }))).toMatchObject({
      family: 'make',
      comparables: 11,
    });
    // A model the catalogue lacks, in the seller's words: its make's.
    expect(await estimate(t, seller, described({ model: 'Carrera Speedster Special' }))).toMatchObject({
      family: 'make',
      comparables: 11,
    });
    const none = { estimate: null, low: null, high: null, family: 'make' };
    expect(await estimate(t, seller, described({ brand: 'Lotus', model: 'Elise' }))).toEqual({
      ...none,
      comparables: 1,
      area: 'nation',
    });
    expect(await estimate(t, seller, described({ brand: 'Brand Nobody Sells', model: 'One' }))).toEqual({
      ...none,
      comparables: 0,
      area: 'nation',
    });
  });

  it('refuses a description it cannot read with 400, saying which field', async ({ t, seller }) => {
    const refused = async (car: object, field: string) => {
      const res = await as(t, seller, { method: 'POST', url: '/api/market-value/estimate', payload: car });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    };
    await refused({ brand: 'Porsche', model: '911', kmDriven: 25_000 }, 'year');
    await refused(described({ kmDriven: -1 }), 'kmDriven');
    await refused(described({ year: 1700 }), 'year');
    await refused(described({ brand: '' }), 'brand');
    await refused(described({ titleStatus: 'Flooded' as never }), 'titleStatus');
    await refused(described({ postalCode: '00000' }), 'postalCode');
  });

  it('refits after a car changes: a burst is one refit, and the rating follows the price', async ({
    t,
    seller,
  }) => {
    const edit = (askingPrice: number) =>
      as(t, seller, { method: 'PATCH', url: `/api/cars/${market.fair}`, payload: { askingPrice } });
    const fitted = (await carPage(t, market.fair)).marketValue!;
    expect(fitted.rating).toBe('fair');
    // In UTC, as the API writes every time (PostgreSQL writes a timestamp in JSON with its offset).
    expect(fitted.fittedAt).toBe(new Date(fitted.fittedAt).toISOString());
    expect((await edit(priceOf(2020, 30_000) + 100_000)).statusCode).toBe(200);
    expect((await edit(Math.round(priceOf(2020, 30_000) * 1.4))).statusCode).toBe(200);
    expect(await refitsWaiting(t)).toHaveLength(1);
    // Until the refit runs, the estimate is the last one fitted, and the rating that of the price now.
    expect((await carPage(t, market.fair)).marketValue).toMatchObject({
      estimate: fitted.estimate,
      fittedAt: fitted.fittedAt,
      rating: 'overpriced',
    });
    // The refit tells the caches of pages (the visitors' kept car pages) that values changed.
    const told: number[] = [];
    const stop = t.context.database.events.subscribe('market-values.refitted', ({ cars }) => {
      told.push(cars);
    });
    expect(await runWaitingRefit(t, clock)).toEqual({ valued: 11 });
    expect((await carPage(t, market.fair)).marketValue?.rating).toBe('overpriced');
    await vi.waitFor(() => expect(told).toEqual([11]));
    stop();
  });

  it("agrees with a posted car's stored value: the estimate of its description lies between it and the price", async ({
    t,
    seller,
  }) => {
    // The car asks 1.4 times its market. The refit valued it without itself (leave-one-out); its
    // description is valued by the whole fit, which its own price pulls by its leverage h (0 ≤ h < 1):
    // log described = log stored + h · (log price − log stored), h at most ½ in a family of ten.
    const stored = (await carPage(t, market.fair)).marketValue!;
    const asking = Math.round(priceOf(2020, 30_000) * 1.4);
    const describedValue = await estimate(t, seller, described());
    expect(describedValue).toMatchObject({
      family: stored.family,
      area: stored.area,
      comparables: stored.comparables + 1,
    });
    const h = Math.log(describedValue.estimate! / stored.estimate!) / Math.log(asking / stored.estimate!);
    expect(h).toBeGreaterThan(0);
    expect(h).toBeLessThan(0.5);
  });

  it('leaves values alone on an edit of a field the model does not read', async ({ t, seller }) => {
    expect(await refitsWaiting(t)).toEqual([]);
    const res = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${market.others[0]}`,
      payload: { about: 'Freshly serviced.' },
    });
    expect(res.statusCode).toBe(200);
    expect(await refitsWaiting(t)).toEqual([]);
  });

  it('keeps no value of a car once sold', async ({ t, seller }) => {
    const res = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${market.others[0]}`,
      payload: { sold: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await carPage(t, market.others[0]!)).marketValue).toBeNull();
    expect(await runWaitingRefit(t, clock)).toEqual({ valued: 10 });
    const found = await comparables(t, market.fair);
    expect(found.sold.count).toBe(2);
    expect(found.forSale.count).toBe(7);
  });

  it('has the market fitted at start when cars for sale have no values', async ({ t }) => {
    await t.db.delete(marketValues);
    await firstFit(t.context);
    expect(await refitsWaiting(t)).toHaveLength(1);
    expect(await runWaitingRefit(t, clock)).toEqual({ valued: 10 });
    await firstFit(t.context);
    expect(await refitsWaiting(t)).toEqual([]);
  });

  it('has the market fitted at start when no fits are kept (a database from before them)', async ({
    t,
    seller,
  }) => {
    await t.db.delete(marketValueFits);
    expect(await estimate(t, seller, described())).toMatchObject({ estimate: null, comparables: 0 });
    await firstFit(t.context);
    expect(await runWaitingRefit(t, clock)).toEqual({ valued: 10 });
    expect((await estimate(t, seller, described())).estimate).not.toBeNull();
  });
});

/**
 * Nine Porsche 911s for sale at the market's price, one sold, one of a model of its own (Cayenne)
 * and one of a make of its own (Lotus).
 */
async function postMarket(t: TestApp, seller: TestUser, otherSeller: TestUser) {
  const fair = await postCar(t, seller, carAt(2020, 30_000));
  const others = [];
  for (const [year, km] of [
    [2020, 20_000],
    [2018, 60_000],
    [2021, 15_000],
    [2017, 80_000],
    [2022, 10_000],
    [2016, 90_000],
    [2023, 5_000],
  ] as const)
    others.push(await postCar(t, seller, carAt(year, km)));
  const sold = await postCar(t, otherSeller, carAt(2019, 45_000));
  const marked = await as(t, otherSeller, {
    method: 'PATCH',
    url: `/api/cars/${sold}`,
    payload: { sold: true },
  });
  expect(marked.statusCode).toBe(200);
  const newModel = await postCar(t, seller, {
    ...carAt(2021, 20_000),
    model: 'Cayenne',
    askingPrice: 9_000_000,
  });
  const lonely = await postCar(t, otherSeller, { brand: 'Lotus', model: 'Elise', askingPrice: 5_000_000 });
  // The 911s beside the one valued, and a car of a second seller.
  const second = await postCar(t, otherSeller, carAt(2019, 40_000));
  return { fair, lonely, newModel, sold, others: [...others, second] };
}
