/**
 * The search's counts (search-counts.ts), as a buyer reads them in its answer: the total and every
 * facet disjunctive, exact through every kind of write (the same as the database counting every car
 * one by one), and the ranges the other filters leave.
 */
import {
  BRAND_FACET_MAX,
  type CarSearchResult,
  carSearchQuerySchema,
  SEARCH_SPEC_FACETS,
  type SearchSpecFacet,
} from '@redline/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { cars, photos } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { listCategories } from '../src/modules/categories/index.ts';
import { loadSearchCatalogue } from '../src/modules/search/search-catalogue.ts';
import { searchFacets } from '../src/modules/search/search-counts.ts';
import { resolveWords } from '../src/modules/search/search-planner.ts';
import { readCatalogueNames } from '../src/modules/vehicles/index.ts';
import { carInput, createCar } from './factories.ts';
import { as, signUpUser, type TestApp, type TestUser } from './helpers.ts';
import { it } from './search-fixture.ts';

const SPEC_FACETS = Object.keys(SEARCH_SPEC_FACETS) as SearchSpecFacet[];
/** The vehicle catalogue's names, read once per app (no test here changes the catalogue). */
const vehicleNames = new WeakMap<TestApp, ReturnType<typeof readCatalogueNames>>();
const vehiclesOf = (t: TestApp) => {
  if (!vehicleNames.has(t)) vehicleNames.set(t, readCatalogueNames(t.db));
  return vehicleNames.get(t)!;
};

/** The total and facets of a search counted from the cars one by one: what the counts in memory must equal. */
async function countedOneByOne(t: TestApp, params: string) {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(params))
    raw[key] = key in raw ? [raw[key]!, value].flat() : value;
  const query = carSearchQuerySchema.parse(raw);
  const catalogue = await loadSearchCatalogue(
    t.db,
    () => listCategories(t.db),
    () => vehiclesOf(t),
  );
  const words = await resolveWords(t.db, query.q, catalogue);
  const { total, facets } = await searchFacets(t.db, query, words, catalogue);
  return { total, facets };
}

const cellColumns = sql`name_key, category_id, fuel, year, seller_verified`;
const rowsOf = async (t: TestApp, statement: SQL) =>
  ((await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
/** The cells of `car_counts` with cars for sale, and the cars for sale grouped the same way. */
const keptCells = (t: TestApp) =>
  rowsOf(
    t,
    sql`select ${cellColumns}, cars_for_sale from car_counts where cars_for_sale > 0 order by ${cellColumns}`,
  );
const cellsOfCars = (t: TestApp) =>
  rowsOf(
    t,
    sql`select ${cellColumns}, count(*)::int as cars_for_sale from cars where sold_at is null group by ${cellColumns} order by ${cellColumns}`,
  );

describe('the counts of GET /api/cars/search', () => {
  it("counts each facet's values with every other filter, so a count is the total that value would give", async ({
    search,
  }) => {
    const searches = [
      '',
      'category=suv',
      'fuel=Electric&yearMin=2021',
      'q=porsche&fuel=Petrol',
      'verified=true&priceMax=22000000',
      'brand=porsche&category=super-car',
      'body=Coupe',
      'body=SUV&transmission=Automatic&priceMax=9000000',
      'drivetrain=AWD&colour=Red&colour=Blue',
      'title=Clean&fuel=Petrol&ownersMax=1',
      'q=porsche&seatsMin=4',
      'category=suv&doorsMin=5&body=SUV&body=Coupe',
    ];
    for (const params of searches) {
      const result = await search(params);
      const query = new URLSearchParams(params);
      for (const facet of ['category', 'brand', 'fuel', ...SPEC_FACETS] as const) {
        // A facet's counts leave its own filter out: the same as the search's without it.
        const without = new URLSearchParams(query);
        without.delete(facet);
        const withCars = (values: { value: string; count: number }[]) => values.filter((v) => v.count > 0);
        expect(withCars(result.facets[facet]), `${params}: ${facet}`).toEqual(
          withCars((await search(without.toString())).facets[facet]),
        );
        for (const { value, count } of result.facets[facet]) {
          const only = new URLSearchParams(query);
          only.delete(facet);
          only.append(facet, value);
          expect((await search(only.toString())).total, `${params} + ${facet}=${value}`).toBe(count);
        }
      }
      const total = await search(params);
      expect(total.total).toBe(result.total);
    }
  });

  it('keeps the counts of a search exact through posts, edits, sales, deletions and verifications', async ({
    t,
    admin,
    search,
    allPages,
  }) => {
    // A search without seller is counted in memory (each cell's cars by price, those of the names its
    // words resemble whole, plus the cars its words match beyond them): the same as counting every car.
    const searches = [
      'priceMax=3000000',
      'priceMax=3500000',
      'priceMin=3500000&fuel=Hybrid',
      // Bounds on a car's own price: it is in the range.
      'priceMin=3000000',
      'priceMin=4000000&priceMax=5000000&kmMax=9000',
      'priceMin=2000001&priceMax=3900000&kmMax=9000',
      // Both cut the cell, on its cars' own values: its cars within the km limit are walked (fewer)…
      'priceMin=3100000&priceMax=6000000&kmMax=8100',
      // …or those in the price range.
      'priceMin=3100000&priceMax=5000000&kmMax=8400',
      'kmMax=8500',
      'kmMax=9000',
      'kmMax=8400&verified=true',
      'q=alfa+giula&priceMax=3500000',
      'q=romeo+condition&kmMax=8500',
      'fuel=Hybrid&verified=true&kmMax=8500',
      'category=classic&brand=Alfa+Romeo&yearMin=2018&priceMax=3500000',
      'q=porshe',
      'q=alfa+giula',
      'q=romeo+condition&verified=true',
      'q=fine&category=classic',
      // A word of the Giulias' name and a word of their text and of other cars': the cars of the
      // word with the fewest are visited, here the Giulias by their cells.
      'q=giula+condition',
      // One word in many of the cars: counted by cell, each cell's cars of the word ordered.
      'q=condition&priceMax=3500000',
      'q=good&kmMax=8500',
      'q=good&kmMax=8200',
      'q=good&priceMin=3100000&priceMax=6000000&kmMax=8100',
      'q=good&priceMin=3100000&priceMax=5000000&kmMax=8400',
      '',
      'verified=true',
      'category=classic',
      'brand=Alfa+Romeo&fuel=Hybrid',
      'yearMin=2016&verified=true',
      // The specifications: each car counted is visited, its bytes tested (ADR 44)…
      'body=Sedan',
      'body=Sedan&body=Wagon&priceMax=3500000',
      'transmission=Manual&kmMax=8500',
      'colour=Red&priceMin=3100000&priceMax=6000000&kmMax=8100',
      'ownersMax=1&category=classic',
      'seatsMin=4&doorsMin=4&fuel=Hybrid',
      'q=condition&body=Sedan',
      'q=good&transmission=Automatic&priceMax=3500000',
      'q=giula&colour=Red',
      'q=giula+condition&title=Clean',
      // Words that name a value: the cars with it, and those whose text has the word.
      'q=red&priceMax=3500000',
      'q=manual+condition',
      'q=wagon&kmMax=8500',
      // …and a Classic, up to the year CLASSIC_AGE_YEARS ago.
      'classic=true',
      'classic=true&yearMax=2020&body=Convertible',
      'classic=true&yearMin=1970',
      // A price range that leaves out most of a cell, or a little of it: the cars it leaves out are
      // taken back from the cell's counts of its specifications.
      'priceMin=1500000',
      'priceMax=5500000',
    ];
    const expectExact = async (step: string) => {
      for (const params of searches) {
        const kept = await search(params);
        expect({ total: kept.total, facets: kept.facets }, `${step}: ${params}`).toEqual(
          await countedOneByOne(t, params),
        );
        expect((await allPages(params, 50)).length, `${step}: ${params}`).toBe(kept.total);
      }
      // The cells the database keeps (a page that gathers few cars reads those with cars) are the
      // cars for sale grouped.
      expect(await keptCells(t), step).toEqual(await cellsOfCars(t));
    };
    const seller = await signUpUser(t, 'Seller', { name: 'Nina Newcomer' });
    const photo = `counts-${Date.now()}`;
    await t.db.insert(photos).values({ key: photo, uploaderId: seller.id, width: 1600, height: 1200 });
    const post = async (overrides: Record<string, unknown>) => {
      const res = await as(t, seller, {
        method: 'POST',
        url: '/api/cars',
        payload: {
          ...carInput([photo]),
          brand: 'Alfa Romeo',
          model: 'Giulia',
          categoryId: 'classic',
          fuel: 'Hybrid',
          year: 2017,
          about: 'One owner, in good condition.',
          ...overrides,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const patch = async (user: TestUser, url: string, payload?: object) => {
      const res = await as(t, user, { method: 'PATCH', url, payload });
      expect(res.statusCode, res.body).toBe(200);
    };

    // Posted side by side in one cell (concurrent on PostgreSQL): every one counted, the dearest kept.
    // The last two share the price and km band of the fourth (above $30,000 up to $40,000, above
    // 8,000 km up to 9,000), a cell that $35,000 or 8,500 km cuts.
    // All but the last three with specifications, of two body styles and transmissions, a few red.
    const ids = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map((i) =>
        post({
          askingPrice: 1_000_000 * i,
          bodyStyle: i % 3 ? 'Sedan' : 'Wagon',
          transmission: i % 2 ? 'Manual' : 'Automatic',
          exteriorColour: i < 4 ? 'Red' : 'Grey',
          titleStatus: i === 5 ? 'Rebuilt' : 'Clean',
          doors: 4,
          seats: i === 6 ? 2 : 5,
          previousOwners: i - 1,
        }),
      ),
      post({ askingPrice: 3_100_000, kmDriven: 8_100 }),
      post({ askingPrice: 3_900_000, kmDriven: 8_900 }),
      // In the same cell, without the words of the others' text.
      post({ askingPrice: 3_500_000, kmDriven: 8_000, about: 'Two owners, tidy.' }),
      // A classic.
      post({
        year: 1967,
        model: 'Giulia Spider',
        askingPrice: 5_500_000,
        bodyStyle: 'Convertible',
        transmission: 'Manual',
        exteriorColour: 'Red',
        previousOwners: 4,
      }),
    ]);
    await expectExact('posted');
    await patch(seller, `/api/cars/${ids[2]}`, {
      bodyStyle: 'Convertible',
      exteriorColour: 'Blue',
      seats: null,
    });
    await expectExact('specifications edited');
    await patch(seller, `/api/cars/${ids[5]}`, { askingPrice: 500_000 });
    await expectExact('the dearest made the cheapest');
    await patch(seller, `/api/cars/${ids[0]}`, {
      brand: 'Alfa Romeo',
      model: 'Stelvio',
      year: 2019,
      fuel: 'Petrol',
    });
    await expectExact('moved to another cell');
    // Its cell's km bounds follow it (a range holds a cell whole or leaves it out by them).
    await patch(seller, `/api/cars/${ids[0]}`, { kmDriven: 20_000 });
    await expectExact('driven further');
    await patch(seller, `/api/cars/${ids[0]}`, { kmDriven: 5_000 });
    await expectExact('its km corrected down');
    await patch(seller, `/api/cars/${ids[1]}`, { sold: true });
    await expectExact('sold');
    await patch(admin, `/api/user/sellers/${seller.id}`);
    expect((await search('verified=true&brand=Alfa+Romeo')).total).toBe(9);
    await expectExact('seller verified');
    await patch(seller, `/api/cars/${ids[1]}`, { sold: false });
    await expectExact('back on sale');
    // A verified seller who changes their name is no longer verified (migration 0002).
    const renamed = await as(t, seller, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { name: 'Nina Renamed' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search('verified=true&brand=Alfa+Romeo')).total).toBe(0);
    await expectExact('seller renamed');
    await Promise.all(ids.slice(2).map((id) => as(t, seller, { method: 'DELETE', url: `/api/cars/${id}` })));
    await expectExact('deleted');
    const removed = await as(t, admin, { method: 'DELETE', url: `/api/users/${seller.email}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await search('brand=Alfa+Romeo')).total).toBe(0);
    await expectExact('seller removed');
  });

  it('lists every category and fuel, brands with cars, and the range of years and prices the other filters leave', async ({
    posted,
    search,
  }) => {
    const { facets, total } = await search('category=suv');
    expect(total).toBe(4);
    expect(facets.category.map((c) => [c.value, c.count])).toEqual([
      ['super-car', 3],
      ['suv', 4],
      ['electric', 1],
      ['classic', 0],
    ]);
    expect(facets.category[1]!.label).toBe('Category suv');
    expect(facets.fuel).toEqual([
      { value: 'Petrol', label: 'Petrol', count: 1 },
      { value: 'Diesel', label: 'Diesel', count: 1 },
      { value: 'Electric', label: 'Electric', count: 1 },
      { value: 'Hybrid', label: 'Hybrid', count: 1 },
    ]);
    // One brand for both spellings, labelled as most sellers write it (two "Porsche", one "porsche").
    expect(facets.brand).toEqual([
      { value: 'citroen', label: 'Citroën', count: 1 },
      { value: 'porsche', label: 'Porsche', count: 1 },
      { value: 'tesla', label: 'Tesla', count: 1 },
      { value: 'toyota', label: 'Toyota', count: 1 },
    ]);
    expect(facets.year).toEqual({ min: 2018, max: 2023 });
    expect(facets.price).toEqual({ min: 4_000_000, max: 9_500_000 });

    const all = await search('');
    expect(all.facets.brand.find((b) => b.value === 'porsche')).toEqual({
      value: 'porsche',
      label: 'Porsche',
      count: 3,
    });
    // A year range does not narrow its own bounds, so the buyer can widen it again.
    expect((await search('yearMin=2022')).facets.year).toEqual({ min: 2018, max: 2023 });
    // The other filters do, the price range and km included: the SUVs up to $90,000 are a Land
    // Cruiser (2018), a Macan (2020) and a C5 (2023); those up to 25,000 km, a Model X (2021) and a C5.
    expect((await search('category=suv&priceMax=9000000')).facets.year).toEqual({ min: 2018, max: 2023 });
    expect((await search('category=suv&priceMax=8000000')).facets.year).toEqual({ min: 2020, max: 2023 });
    expect(
      (await search(`category=suv&priceMax=8000000&seller=${posted.macan!.sellerId}`)).facets.year,
    ).toEqual({
      min: 2020,
      max: 2020,
    });
    expect((await search('category=suv&kmMax=25000')).facets.year).toEqual({ min: 2021, max: 2023 });
    // A brand the search names stays listed with 0, so it can be removed.
    const none = await search('brand=Bugatti');
    expect(none.total).toBe(0);
    expect(none.facets.brand).toContainEqual({ value: 'bugatti', label: 'Bugatti', count: 0 });
    expect(none.facets.year).toEqual({ min: null, max: null });
  });

  it(`lists at most ${BRAND_FACET_MAX} brands, the most cars first, always those the search names, and counts the others`, async ({
    t,
    otherSeller,
    search,
  }) => {
    // One car of each of BRAND_FACET_MAX more brands: with the catalogue's six, more than are listed.
    const added = [];
    for (let i = 0; i < BRAND_FACET_MAX; i++) {
      const car = await createCar(t, otherSeller, {
        brand: `Make ${String(i).padStart(2, '0')}`,
        model: 'One',
      });
      await publish(t.db, 'car.posted', { carId: car.id, sellerId: otherSeller.id });
      added.push(car.id);
    }
    try {
      // Every brand with its cars for sale: three Porsches, one car of each other brand.
      const labels = ['Citroën', 'Ferrari', 'Lamborghini', 'Tesla', 'Toyota'];
      for (let i = 0; i < BRAND_FACET_MAX; i++) labels.push(`Make ${String(i).padStart(2, '0')}`);
      const ranked = [
        { label: 'Porsche', count: 3 },
        ...labels.sort((a, b) => a.localeCompare(b)).map((label) => ({ label, count: 1 })),
      ];
      const listed = (result: CarSearchResult) =>
        result.facets.brand.map(({ label, count }) => ({ label, count }));

      const all = await search('');
      expect(listed(all)).toEqual(ranked.slice(0, BRAND_FACET_MAX));
      expect(all.facets.moreBrands).toBe(ranked.length - BRAND_FACET_MAX);
      // A brand the search names is listed with its count, whatever its rank, the first of the others
      // beside it.
      const last = ranked.at(-1)!;
      expect(ranked.indexOf(last)).toBeGreaterThanOrEqual(BRAND_FACET_MAX);
      const named = await search(`brand=${encodeURIComponent(last.label)}`);
      expect(named.total).toBe(1);
      expect(listed(named)).toEqual(
        [...ranked.slice(0, BRAND_FACET_MAX - 1), last].sort(
          (a, b) => b.count - a.count || a.label.localeCompare(b.label),
        ),
      );
      expect(named.facets.moreBrands).toBe(ranked.length - BRAND_FACET_MAX);
    } finally {
      await t.db.delete(cars).where(inArray(cars.id, added));
      for (const carId of added) await publish(t.db, 'car.deleted', { carId });
    }
  });

  it('counts the specifications of the cars that have them, matches no car without one, and finds the classics', async ({
    search,
    sortedNames,
  }) => {
    const all = await search('');
    const counted = (facet: SearchSpecFacet, result: CarSearchResult) =>
      result.facets[facet].filter(({ count }) => count > 0).map(({ value, count }) => [value, count]);
    // The Model X has none: in no value of any facet; the Macan has no title status.
    expect(counted('body', all)).toEqual([
      ['Sedan', 1],
      ['Coupe', 3],
      ['SUV', 3],
    ]);
    expect(counted('title', all)).toEqual([
      ['Clean', 4],
      ['Salvage', 1],
      ['Rebuilt', 1],
    ]);
    expect(all.facets.colour.map(({ value }) => value)).toEqual([...SEARCH_SPEC_FACETS.colour]);
    expect(sortedNames(await search('body=SUV'))).toEqual(['c5', 'cruiser', 'macan']);
    // A limit matches no car whose number is unknown.
    expect(sortedNames(await search('ownersMax=1'))).toEqual(['c5', 'f8', 'gt3', 'taycan']);
    expect(sortedNames(await search('seatsMin=5'))).toEqual(['c5', 'cruiser', 'macan']);
    expect(sortedNames(await search('doorsMin=4&transmission=Automatic'))).toEqual([
      'c5',
      'cruiser',
      'macan',
      'taycan',
    ]);
    // A filter's own facet counts as if it were not there, the others under it.
    const coupes = await search('body=Coupe');
    expect(coupes.total).toBe(3);
    expect(counted('body', coupes)).toEqual(counted('body', all));
    expect(counted('transmission', coupes)).toEqual([
      ['Manual', 1],
      ['Dual-clutch', 2],
    ]);
    // Every car of the catalogue is from 2018 or later: none is a classic, and the year facet of
    // the Classic view leaves it out, as it leaves out a year range.
    const classics = await search('classic=true');
    expect(classics.total).toBe(0);
    expect(classics.facets.year).toEqual({ min: 2018, max: 2023 });
  });
});
