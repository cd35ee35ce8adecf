/**
 * The deal rating in the search (car-deals.ts, ADR 57), against a brute-force computation: cars
 * generated with market values (some with none), and each search's cars, total, rating counts and
 * order by best deal checked against every car rated one by one from its asking price now and its
 * estimate, through a price edit and a refit; the counts in memory and the statement's agree, and
 * so does a saved search's match.
 */
import { seeded } from '@redline/demo-art/random';
import { DEAL_RATINGS, type DealRating, dealRating } from '@redline/shared';
import { eq, isNull } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect } from 'vitest';
import { cars, marketValues } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { listCategories } from '../src/modules/categories/index.ts';
import { loadSearchCatalogue } from '../src/modules/search/search-catalogue.ts';
import { searchFacets } from '../src/modules/search/search-counts.ts';
import { resolveWords } from '../src/modules/search/search-planner.ts';
import { readCatalogueNames } from '../src/modules/vehicles/index.ts';
import { createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, runWaitingRefit, type TestApp } from './helpers.ts';
import { allPagesOf, generatedCar, parsedQuery, searchAs } from './search-generated.ts';

/** The queue's clock, which only the tests move: the refit that a price edit enqueues runs when a test says. */
const clock = new TestClock(Date.now());

const it = base
  .extend('appOptions', { scope: 'file' }, { clock })
  .extend('actors', { scope: 'file' }, { seller: { isVerified: true } })
  /**
   * The generated cars, posted before the file's first test, and a market value for most of those
   * for sale: an estimate from 25 % under the price to 35 % over it, stored with the rating "fair"
   * whatever the price (a rating stored at another price: the search rates the price now), or for
   * some none ("not enough data"), which the search must rate and order as a car without a value.
   */
  .extend('generated', { scope: 'file', auto: true }, async ({ t, seller, otherSeller }) => {
    const next = seeded(57);
    const posted: (typeof cars.$inferSelect)[] = [];
    for (let i = 0; i < 150; i++) {
      const car = generatedCar(next);
      posted.push(
        await createCar(t, next() < 0.5 ? seller : otherSeller, {
          ...car,
          originalPrice: car.askingPrice + 1_000_000,
        }),
      );
    }
    const valued = posted.filter((car) => !car.soldAt && next() >= 0.2);
    await t.db.insert(marketValues).values(
      valued.map((car) => {
        // One in eight valued without an estimate ("not enough data"), as a car without a value is rated.
        if (next() < 0.125)
          return {
            carId: car.id,
            estimate: null,
            low: null,
            high: null,
            rating: 'none' as const,
            comparables: 3,
            family: 'make' as const,
            area: 'nation' as const,
            fittedAt: new Date(),
          };
        const estimate = Math.round(car.askingPrice * (0.75 + next() * 0.6));
        return {
          carId: car.id,
          estimate,
          low: Math.round(estimate * 0.9),
          high: Math.round(estimate * 1.1),
          rating: 'fair' as const,
          comparables: 12,
          family: 'model' as const,
          area: 'nation' as const,
          fittedAt: new Date(),
        };
      }),
    );
    return posted;
  })
  .extend('search', { scope: 'file' }, ({ t, buyer }) => searchAs(t, buyer))
  /** Every car of a search, page by page. */
  .extend('allPages', { scope: 'file' }, ({ search }) => allPagesOf(search));

/** Every car for sale as the search must see it: its price now, its stored estimate (null: none) and its seq. */
async function carsForSale(t: TestApp) {
  const rows = await t.db
    .select({
      id: cars.id,
      seq: cars.seq,
      price: cars.askingPrice,
      sellerId: cars.sellerId,
      estimate: marketValues.estimate,
    })
    .from(cars)
    .leftJoin(marketValues, eq(marketValues.carId, cars.id))
    .where(isNull(cars.soldAt));
  return new Map(
    rows.map((row) => [row.id, { ...row, rating: dealRating(row.price, row.estimate ?? null) }]),
  );
}
type ForSale = Awaited<ReturnType<typeof carsForSale>>;

/** A search's parameters with its ratings replaced by `ratings` (none: without a rating filter). */
function withRatings(params: string, ratings: DealRating[] = []) {
  const query = new URLSearchParams(params);
  query.delete('rating');
  for (const rating of ratings) query.append('rating', rating);
  return query.toString();
}

/** The order by best deal, one car by one: the gap (price − estimate) / estimate lowest first, compared exactly; the cars without an estimate last, the newest first. */
function byBestDeal(ids: string[], forSale: ForSale): string[] {
  return [...ids].sort((a, b) => {
    const [x, y] = [forSale.get(a)!, forSale.get(b)!];
    if (x.estimate === null || y.estimate === null) {
      if (x.estimate !== null) return -1;
      if (y.estimate !== null) return 1;
      return y.seq - x.seq;
    }
    // (px − ex) / ex < (py − ey) / ey ⇔ px · ey < py · ex (estimates are positive).
    return x.price * y.estimate - y.price * x.estimate || (a < b ? -1 : 1);
  });
}

const SEARCHES = [
  'rating=great',
  'rating=great&rating=good',
  'rating=none',
  'rating=overpriced&fuel=Petrol',
  'rating=fair&rating=high&priceMax=15000000',
  'rating=good&rating=none&q=porsche',
  'rating=great&body=Coupe&category=suv',
  'rating=high&verified=true&kmMax=90000',
];

describe('the deal rating in the search', () => {
  it('filters by ratings, several at once and "not enough data" among them, finding exactly the cars rated one by one', async ({
    t,
    allPages,
    search,
  }) => {
    const forSale = await carsForSale(t);
    for (const params of SEARCHES) {
      const ratings = new URLSearchParams(params).getAll('rating');
      const unrated = await allPages(withRatings(params));
      const expected = unrated
        .filter((car) => ratings.includes(forSale.get(car.id)!.rating))
        .map((car) => car.id)
        .sort();
      expect(expected.length, `${params} finds some cars`).toBeGreaterThan(0);
      expect(expected.length, `${params} leaves some out`).toBeLessThan(unrated.length);
      const found = await allPages(params);
      expect(found.map((car) => car.id).sort(), params).toEqual(expected);
      for (const car of found) expect(car.dealRating, params).toBe(forSale.get(car.id)!.rating);
      expect((await search(params)).total, params).toBe(expected.length);
    }
  });

  it("counts each rating as the total it would give, leaving the search's own ratings out, as the statement counts one by one", async ({
    t,
    allPages,
    search,
  }) => {
    const forSale = await carsForSale(t);
    const catalogue = await loadSearchCatalogue(
      t.db,
      () => listCategories(t.db),
      () => readCatalogueNames(t.db),
    );
    for (const params of ['fuel=Diesel', 'q=beta', ...SEARCHES]) {
      const result = await search(params);
      const unrated = await allPages(withRatings(params));
      expect(result.facets.rating.map(({ value }) => value)).toEqual([...DEAL_RATINGS]);
      for (const { value, count } of result.facets.rating) {
        const rated = unrated.filter((car) => forSale.get(car.id)!.rating === value).length;
        expect(count, `${params}: ${value}`).toBe(rated);
        expect((await search(withRatings(params, [value as DealRating]))).total).toBe(count);
      }
      // The statement's counts (a seller's search, the tests' count one by one) say the same.
      const query = parsedQuery(params);
      const counted = await searchFacets(
        t.db,
        query,
        await resolveWords(t.db, query.q, catalogue),
        catalogue,
      );
      expect(counted.total, params).toBe(result.total);
      expect(counted.facets, params).toEqual(result.facets);
    }
  });

  it('sorts by best deal, the lowest gap to the estimate first and the cars without one last, page after page', async ({
    t,
    allPages,
  }) => {
    const forSale = await carsForSale(t);
    for (const params of ['', 'fuel=Petrol', 'rating=great&rating=none', 'q=porsche', 'priceMax=12000000']) {
      const expected = byBestDeal(
        (await allPages(params)).map((car) => car.id),
        forSale,
      );
      for (const limit of [5, 13]) {
        const found = await allPages(`${params}&sort=best_deal`, limit);
        expect(
          found.map((car) => car.id),
          `${params} by ${limit}`,
        ).toEqual(expected);
      }
    }
  });

  it('reads every estimate again when the market values are refitted, a car without one any more included', async ({
    t,
    allPages,
  }) => {
    // A car the search rates (not "not enough data"), whose value the next refit drops.
    const [rated] = await allPages(withRatings('', ['great', 'good', 'fair', 'high', 'overpriced']));
    const before = rated!.dealRating;
    await t.db.delete(marketValues).where(eq(marketValues.carId, rated!.id));
    await publish(t.db, 'market-values.refitted', { cars: (await carsForSale(t)).size - 1 });
    expect((await allPages('rating=none')).map((c) => c.id)).toContain(rated!.id);
    expect((await allPages(`rating=${before}`)).map((c) => c.id)).not.toContain(rated!.id);
  });

  it('finds a car for a saved search with ratings exactly when the search page finds it', async ({
    t,
    generated,
    allPages,
  }) => {
    const forSale = await carsForSale(t);
    const searches = [
      { rating: ['great' as const] },
      { rating: ['none' as const] },
      { rating: ['good' as const, 'fair' as const], fuel: ['Petrol' as const] },
    ];
    const pages = await Promise.all(
      searches.map(async (filters) => {
        const query = new URLSearchParams(filters.rating.map((rating) => ['rating', rating]));
        for (const fuel of filters.fuel ?? []) query.append('fuel', fuel);
        return new Set((await allPages(query.toString(), 50)).map((car) => car.id));
      }),
    );
    const candidates = generated.filter((car) => forSale.has(car.id)).slice(0, 40);
    const found = await t.context.search.searchesFinding(
      candidates.map((car) => car.id),
      searches,
    );
    expect(found).toEqual(candidates.map((car) => pages.map((page) => page.has(car.id))));
    expect(pages.every((page) => page.size > 0)).toBe(true);
  });

  it('gives each car for sale one rating: the ratings count every car', async ({ t, search }) => {
    const { facets, total } = await search('');
    expect(total).toBe(await t.db.$count(cars, isNull(cars.soldAt)));
    expect(facets.rating.reduce((sum, { count }) => sum + count, 0)).toBe(total);
  });

  it("moves a car's rating and its place by best deal when its price changes, before any refit, and every car's after a refit", async ({
    t,
    generated,
    seller,
    allPages,
    search,
  }) => {
    const before = await carsForSale(t);
    const car = generated.find((c) => c.sellerId === seller.id && before.get(c.id)?.rating === 'overpriced')!;
    const { estimate } = before.get(car.id)!;
    const lowered = Math.floor(estimate! * 0.85);
    const res = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { askingPrice: lowered },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The stored value is the one fitted before: the search rates the new price against its estimate.
    const [stored] = await t.db.select().from(marketValues).where(eq(marketValues.carId, car.id));
    expect(stored).toMatchObject({ estimate, rating: 'fair' });
    expect((await allPages('rating=great')).map((c) => c.id)).toContain(car.id);
    expect((await allPages('rating=overpriced')).map((c) => c.id)).not.toContain(car.id);
    const after = await carsForSale(t);
    expect(after.get(car.id)!.rating).toBe('great');
    const ids = [...after.keys()];
    expect((await allPages('sort=best_deal', 20)).map((c) => c.id)).toEqual(byBestDeal(ids, after));

    // The refit the edit enqueued values every car again: the search reads the new estimates. (Last
    // of the file: the generated cars are no market, and the refit leaves most without an estimate.)
    await runWaitingRefit(t, clock);
    const refitted = await carsForSale(t);
    expect(
      [...refitted.values()].some(({ id, estimate }) => estimate !== after.get(id)!.estimate),
      'the refit changed estimates',
    ).toBe(true);
    for (const rating of DEAL_RATINGS) {
      const expected = [...refitted.values()].filter((c) => c.rating === rating).map((c) => c.id);
      expect((await allPages(`rating=${rating}`, 50)).map((c) => c.id).sort(), rating).toEqual(
        expected.sort(),
      );
      expect((await search('')).facets.rating.find((f) => f.value === rating)?.count).toBe(expected.length);
    }
    expect((await allPages('sort=best_deal', 20)).map((c) => c.id)).toEqual(byBestDeal(ids, refitted));
  });
});
