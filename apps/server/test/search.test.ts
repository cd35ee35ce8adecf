/**
 * The car search (`GET /api/cars/search`), its suggestions and a car's price history, as a buyer
 * sees them: every filter and sort, the facet counts' promise, typos, paging while cars are added,
 * invalid parameters, and changes shown at once.
 */
import {
  type CarSearchResult,
  carDetailSchema,
  carSearchQuerySchema,
  carSearchResultSchema,
  carSuggestionsSchema,
} from '@redline/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, photos } from '../src/db/schema.ts';
import {
  firstOfPage,
  loadSearchCatalogue,
  resolveWords,
  searchFacets,
  searchPage,
} from '../src/modules/cars/car-search.ts';
import { carInput, createCar, ensureCategory } from './factories.ts';
import {
  as,
  createTestApp,
  errorOf,
  sameBytesSpellings,
  signUpUser,
  type TestApp,
  type TestUser,
} from './helpers.ts';

let t: TestApp;
let buyer: TestUser;
let verifiedSeller: TestUser;
let otherSeller: TestUser;
/** The catalogue by name, as posted (the sold one included). */
const posted: Record<string, typeof cars.$inferSelect> = {};

const CATALOGUE = [
  {
    name: 'f8',
    verified: true,
    car: { brand: 'Ferrari', model: 'F8 Tributo', categoryId: 'super-car', fuel: 'Petrol', year: 2020 },
    price: 25_000_000,
    km: 12_000,
    engine: '3.9 L twin-turbo V8',
  },
  {
    name: 'gt3',
    verified: true,
    car: { brand: 'Porsche', model: '911 GT3', categoryId: 'super-car', fuel: 'Petrol', year: 2021 },
    price: 21_500_000,
    km: 8_400,
    engine: '4.0 L flat-six',
  },
  {
    name: 'taycan',
    verified: false,
    car: { brand: 'Porsche', model: 'Taycan Turbo S', categoryId: 'electric', fuel: 'Electric', year: 2022 },
    price: 18_000_000,
    km: 5_000,
    engine: 'Two permanent-magnet motors',
  },
  {
    name: 'huracan',
    verified: false,
    car: { brand: 'Lamborghini', model: 'Huracán EVO', categoryId: 'super-car', fuel: 'Petrol', year: 2019 },
    price: 26_000_000,
    km: 15_000,
    engine: '5.2 L V10',
  },
  {
    name: 'c5',
    verified: true,
    car: { brand: 'Citroën', model: 'C5 Aircross', categoryId: 'suv', fuel: 'Hybrid', year: 2023 },
    price: 4_000_000,
    km: 3_000,
    engine: '1.6 L plug-in hybrid',
  },
  {
    name: 'cruiser',
    verified: false,
    car: { brand: 'Toyota', model: 'Land Cruiser', categoryId: 'suv', fuel: 'Diesel', year: 2018 },
    price: 9_000_000,
    km: 60_000,
    engine: '3.3 L V6 diesel',
  },
  {
    name: 'modelx',
    verified: true,
    car: { brand: 'Tesla', model: 'Model X', categoryId: 'suv', fuel: 'Electric', year: 2021 },
    price: 9_500_000,
    km: 20_000,
    engine: 'Tri motor',
  },
  {
    name: 'macan',
    verified: false,
    // Typed in lower case by its seller: the same brand as "Porsche" for the search.
    car: { brand: 'porsche', model: 'Macan', categoryId: 'suv', fuel: 'Petrol', year: 2020 },
    price: 7_000_000,
    km: 30_000,
    engine: '2.0 L four',
  },
] as const;
const UNSOLD = CATALOGUE.length;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUpUser(t, 'Buyer');
  verifiedSeller = await signUpUser(t, 'Seller', { name: 'Vera Verified', isVerified: true });
  otherSeller = await signUpUser(t, 'Seller', { name: 'Otto Other' });
  for (const id of ['super-car', 'suv', 'electric', 'classic']) await ensureCategory(t, id);
  for (const entry of CATALOGUE) {
    posted[entry.name] = await createCar(t, entry.verified ? verifiedSeller : otherSeller, {
      ...entry.car,
      askingPrice: entry.price,
      kmDriven: entry.km,
      engine: entry.engine,
      about: `A ${entry.car.brand} ${entry.car.model} in fine condition.`,
    });
  }
  posted.sold = await createCar(t, verifiedSeller, {
    brand: 'Ferrari',
    model: '296 GTB',
    categoryId: 'super-car',
    soldAt: new Date(),
  });
});
afterAll(() => t.close());

/** Runs a search as the buyer; `params` as a query string (repeated keys allowed). */
async function search(params = ''): Promise<CarSearchResult> {
  const res = await as(t, buyer, { method: 'GET', url: `/api/cars/search${params ? `?${params}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return carSearchResultSchema.parse(res.json());
}

const nameOf = (id: string) => Object.entries(posted).find(([, car]) => car.id === id)?.[0];
const names = (result: CarSearchResult) => result.items.map((car) => nameOf(car.id));
const sortedNames = (result: CarSearchResult) => names(result).sort();

/** The total and facets of a search counted from the cars one by one: what the counts in memory must equal. */
async function countedOneByOne(params: string) {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(params))
    raw[key] = key in raw ? [raw[key]!, value].flat() : value;
  const query = carSearchQuerySchema.parse(raw);
  const words = await resolveWords(t.db, query.q);
  const { total, facets } = await searchFacets(t.db, query, words, await loadSearchCatalogue(t.db));
  return { total, facets };
}

const cellColumns = sql`name_key, category_id, fuel, year, seller_verified`;
const rowsOf = async (statement: SQL) =>
  ((await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
/** The cells of `car_counts` with cars for sale, and the cars for sale grouped the same way. */
const keptCells = () =>
  rowsOf(
    sql`select ${cellColumns}, cars_for_sale from car_counts where cars_for_sale > 0 order by ${cellColumns}`,
  );
const cellsOfCars = () =>
  rowsOf(
    sql`select ${cellColumns}, count(*)::int as cars_for_sale from cars where sold_at is null group by ${cellColumns} order by ${cellColumns}`,
  );

/** Every car of a search, page by page (`limit` per page). */
async function allPages(params: string, limit = 2) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const result = await search(`${params}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...result.items.map((car) => car.id));
    cursor = result.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('the pages never ended');
}

describe('GET /api/cars/search', () => {
  it('needs a session, as the category pages do', async () => {
    const res = await as(t, undefined, { method: 'GET', url: '/api/cars/search' });
    expect(res.statusCode).toBe(401);
  });

  it('without parameters lists every car for sale, newest first, never a sold one', async () => {
    const result = await search();
    expect(result.total).toBe(UNSOLD);
    expect(names(result)).toEqual(CATALOGUE.map((entry) => entry.name).reverse());
    expect(result.nextCursor).toBeNull();
    expect(names(result)).not.toContain('sold');
  });

  it('filters by each parameter', async () => {
    expect(sortedNames(await search('category=suv'))).toEqual(['c5', 'cruiser', 'macan', 'modelx']);
    expect(sortedNames(await search('category=suv&category=electric'))).toEqual([
      'c5',
      'cruiser',
      'macan',
      'modelx',
      'taycan',
    ]);
    // Brands compare without case or accents: "porsche" and "Porsche" are one brand.
    expect(sortedNames(await search('brand=PORSCHE'))).toEqual(['gt3', 'macan', 'taycan']);
    expect(sortedNames(await search('brand=citroen&brand=Tesla'))).toEqual(['c5', 'modelx']);
    expect(sortedNames(await search('fuel=Electric&fuel=Hybrid'))).toEqual(['c5', 'modelx', 'taycan']);
    expect(sortedNames(await search('yearMin=2021'))).toEqual(['c5', 'gt3', 'modelx', 'taycan']);
    expect(sortedNames(await search('yearMax=2019'))).toEqual(['cruiser', 'huracan']);
    expect(sortedNames(await search('yearMin=2020&yearMax=2020'))).toEqual(['f8', 'macan']);
    expect(sortedNames(await search('priceMin=9000000&priceMax=18000000'))).toEqual([
      'cruiser',
      'modelx',
      'taycan',
    ]);
    expect(sortedNames(await search('kmMax=8400'))).toEqual(['c5', 'gt3', 'taycan']);
    expect(sortedNames(await search('verified=true'))).toEqual(['c5', 'f8', 'gt3', 'modelx']);
    expect(sortedNames(await search('verified=false'))).toHaveLength(UNSOLD);
  });

  it('combines filters: each must hold', async () => {
    expect(sortedNames(await search('category=suv&fuel=Electric&fuel=Petrol&verified=true'))).toEqual([
      'modelx',
    ]);
    expect(sortedNames(await search('brand=porsche&priceMax=20000000&kmMax=10000'))).toEqual(['taycan']);
    expect((await search('category=classic')).total).toBe(0);
  });

  it('finds text in any case, without accents and with small typos', async () => {
    expect(sortedNames(await search('q=ferari'))).toEqual(['f8']);
    expect(sortedNames(await search('q=porshe'))).toEqual(['gt3', 'macan', 'taycan']);
    expect(sortedNames(await search('q=lamborgini'))).toEqual(['huracan']);
    expect(sortedNames(await search('q=HURACAN'))).toEqual(['huracan']);
    expect(sortedNames(await search('q=citroen'))).toEqual(['c5']);
    // The engine and the about text are searched too; every word must match.
    expect(sortedNames(await search('q=v10'))).toEqual(['huracan']);
    expect(sortedNames(await search('q=porsche%20turbo'))).toEqual(['taycan']);
    expect((await search('q=bugatti')).total).toBe(0);
    // From three letters a word matches the start of a word of the text ("condition"); two letters
    // match a whole word ("in", "v8"), not the start of every word they begin ("co").
    expect((await search('q=cond')).total).toBe(UNSOLD);
    expect((await search('q=in')).total).toBe(UNSOLD);
    expect(sortedNames(await search('q=v8'))).toEqual(['f8']);
    expect((await search('q=co')).total).toBe(0);
    // Punctuation alone searches nothing: the whole catalogue, newest first.
    expect((await search('q=%21%21')).total).toBe(UNSOLD);
    // Whatever is typed, the text query is built from letters and digits only: never a 500.
    for (const q of [
      "porsche's 911:*",
      '¼ ½',
      'straße',
      'æøå',
      '日本車',
      'a & b | !c',
      "'; drop table cars; --",
      '😀🚗',
    ]) {
      await search(`q=${encodeURIComponent(q)}`);
    }
  });

  it('puts the best matches first when sorting by relevance, the default with text', async () => {
    const result = await search('q=porsche%20macan');
    expect(names(result)).toEqual(['macan']);
    const byName = await search('q=tesla');
    expect(names(byName)[0]).toBe('modelx');
    // A name that matches exactly outranks one that matches with a typo.
    await createCar(t, otherSeller, { brand: 'Ferrary', model: 'Replica', categoryId: 'classic' });
    try {
      const ranked = await search('q=ferrari');
      expect(names(ranked)[0]).toBe('f8');
    } finally {
      await t.db.delete(cars).where(eq(cars.brand, 'Ferrary'));
    }
  });

  it('sorts by each order, ties broken the same way every time', async () => {
    const unsold = CATALOGUE.map((entry, i) => ({ ...entry, id: posted[entry.name]!.id, posted: i }));
    const order = (entry: (typeof unsold)[number]) => entry.posted;
    const expectOrder = async (
      sort: string,
      compare: (a: (typeof unsold)[number], b: (typeof unsold)[number]) => number,
    ) =>
      expect(names(await search(`sort=${sort}`))).toEqual(
        [...unsold].sort(compare).map((entry) => entry.name),
      );
    await expectOrder('price_asc', (a, b) => a.price - b.price);
    await expectOrder('price_desc', (a, b) => b.price - a.price);
    await expectOrder('km_asc', (a, b) => a.km - b.km);
    await expectOrder('year_desc', (a, b) => b.car.year - a.car.year || (b.id > a.id ? 1 : -1));
    await expectOrder('newest', (a, b) => order(b) - order(a));
    // Relevance without text: newest first.
    await expectOrder('relevance', (a, b) => order(b) - order(a));
  });

  it("counts each facet's values with every other filter, so a count is the total that value would give", async () => {
    const searches = [
      '',
      'category=suv',
      'fuel=Electric&yearMin=2021',
      'q=porsche&fuel=Petrol',
      'verified=true&priceMax=22000000',
      'brand=porsche&category=super-car',
    ];
    for (const params of searches) {
      const result = await search(params);
      const query = new URLSearchParams(params);
      for (const facet of ['category', 'brand', 'fuel'] as const) {
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

  it('keeps the counts of a search exact through posts, edits, sales, deletions and verifications', async () => {
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
    ];
    const expectExact = async (step: string) => {
      for (const params of searches) {
        const kept = await search(params);
        expect({ total: kept.total, facets: kept.facets }, `${step}: ${params}`).toEqual(
          await countedOneByOne(params),
        );
        expect((await allPages(params, 50)).length, `${step}: ${params}`).toBe(kept.total);
      }
      // The cells the database keeps (a page that gathers few cars reads those with cars) are the
      // cars for sale grouped.
      expect(await keptCells(), step).toEqual(await cellsOfCars());
    };
    const admin = await signUpUser(t, 'Admin');
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
    const ids = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map((i) => post({ askingPrice: 1_000_000 * i })),
      post({ askingPrice: 3_100_000, kmDriven: 8_100 }),
      post({ askingPrice: 3_900_000, kmDriven: 8_900 }),
      // In the same cell, without the words of the others' text.
      post({ askingPrice: 3_500_000, kmDriven: 8_000, about: 'Two owners, tidy.' }),
    ]);
    await expectExact('posted');
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
    expect((await search('verified=true&brand=Alfa+Romeo')).total).toBe(8);
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

  it('lists every category and fuel, brands with cars, and the range of years and prices the other filters leave', async () => {
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

  it('pages through every car exactly once in every order, even while cars are added', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'km_asc', 'year_desc', 'relevance']) {
      const whole = (await search(`sort=${sort}&limit=50`)).items.map((car) => car.id);
      expect(await allPages(`sort=${sort}`), sort).toEqual(whole);
    }
    // Text and relevance pages too.
    const porsches = (await search('q=porsche&limit=50')).items.map((car) => car.id);
    expect(await allPages('q=porsche', 1)).toEqual(porsches);
    // A name that resembles the word (the Taycan Turbo S) before an engine that has it (twin-turbo).
    const turbos = await search('q=turbo&limit=50');
    expect(names(turbos)).toEqual(['taycan', 'f8']);
    expect(await allPages('q=turbo', 1)).toEqual(turbos.items.map((car) => car.id));
    // A word no name resembles: every car that has it scores alike, newest first.
    const described = await search('q=condition&limit=50');
    expect(described.total).toBe(UNSOLD);
    expect(await allPages('q=condition', 3)).toEqual(described.items.map((car) => car.id));
    expect(described.items.map((car) => car.id)).toEqual(
      (await search('limit=50')).items.map((car) => car.id),
    );

    // A car posted between two pages is not served twice, and no car is skipped.
    const first = await search('sort=price_asc&limit=3');
    const added = await createCar(t, otherSeller, { askingPrice: 1_000, categoryId: 'suv' });
    try {
      const rest: string[] = [];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await search(`sort=price_asc&limit=3&cursor=${cursor}`);
        rest.push(...page.items.map((car) => car.id));
        cursor = page.nextCursor;
      }
      const served = [...first.items.map((car) => car.id), ...rest];
      expect(new Set(served).size).toBe(served.length);
      for (const entry of CATALOGUE) expect(served).toContain(posted[entry.name]!.id);
    } finally {
      await t.db.delete(cars).where(eq(cars.id, added.id));
    }
  });

  it('serves the same pages whether it walks the order of an index, gathers the few cars matched and sorts them, or reads them by seq', async () => {
    // A page reads by seq the cars that come first past its cursor, found in memory (firstOfPage;
    // many cars share the factory's price, km and year: ties across pages). Without them, a search
    // that matches few cars gathers them (`gathers`: a seller's), and one that matches many walks
    // its order's index, testing its words on each car (pageReading). All must give the same pages
    // and cursors.
    const gathering = { total: 1, forSale: 1_000_000, beyondNames: 1 };
    const walking = { total: 1_000_000, forSale: 1_000_000, beyondNames: 1_000_000 };
    const searches = [
      '',
      'fuel=Petrol&priceMax=25000000',
      'category=suv&kmMax=30000',
      'verified=true&yearMin=2020',
      // Words of the about text only; a name's with the about text's; a word of one name and of
      // other cars' engines (by relevance, those cars are walked to, sharing one score).
      'q=fine+condition',
      'q=porsche+condition&kmMax=30000',
      'q=condition&fuel=Petrol&priceMax=25000000',
      'q=turbo',
    ];
    // Four more cars with "twin-turbo" engines (the factory's) and names that "turbo" does not
    // resemble, at the factory's price and km: more ties than a page holds, with cars past them;
    // and one like the first without it (in its cell: a word's cars are marked among a cell's).
    const turbos = await Promise.all([
      ...['RS6 Avant', 'RS7 Sportback', 'RS4 Avant', 'RS3 Sportback'].map((model) =>
        createCar(t, otherSeller, { brand: 'Audi', model, categoryId: 'suv' }),
      ),
      createCar(t, otherSeller, { brand: 'Audi', model: 'RS6 Avant', categoryId: 'suv', engine: '4.0 L V8' }),
    ]);
    // Posted an hour apart, in the same order (the factory posts them within a second): the first
    // cars by relevance are then not the newest. Changed as SQL, they announce nothing: the columns
    // in memory read every car again.
    const postedApart = (sign: 1 | -1) =>
      t.db.execute(sql`update ${cars} set added_date = ${cars.addedDate} + ${sign} * make_interval(hours => r.rank::int)
        from (select id, dense_rank() over (order by added_date desc) as rank from ${cars}) r where ${cars.id} = r.id`);
    await postedApart(-1);
    t.context.carColumns.forget();
    const catalogue = await loadSearchCatalogue(t.db);
    try {
      for (const params of searches)
        for (const sort of [
          ...(params.includes('q=') ? (['relevance'] as const) : []),
          ...(['newest', 'price_asc', 'price_desc', 'km_asc', 'year_desc'] as const),
        ]) {
          const raw = Object.fromEntries(new URLSearchParams(params));
          const query = carSearchQuerySchema.parse({ ...raw, limit: '2' });
          const words = await resolveWords(t.db, query.q);
          type PageCounts = Parameters<typeof searchPage>[4];
          const pagesOf = async (countsOf: (cursor?: string) => PageCounts | Promise<PageCounts>) => {
            const pages = [];
            let cursor: string | undefined;
            do {
              const page = await searchPage(t.db, { ...query, cursor }, words, sort, await countsOf(cursor));
              pages.push(page);
              cursor = page.nextCursor ?? undefined;
            } while (cursor);
            return pages;
          };
          const walked = await pagesOf(() => walking);
          expect(walked.flatMap((page) => page.ids).length, `${params} ${sort}`).toBeGreaterThan(0);
          expect(await pagesOf(() => gathering), `${params} ${sort}`).toEqual(walked);
          // Counted in memory, as among a million cars for sale (a page reads by seq at most a
          // twentieth of them).
          const counted = {
            ...(await searchFacets(t.db, query, words, catalogue, t.context.carColumns)),
            forSale: 1_000_000,
          };
          const firstOf = async (cursor?: string) => {
            const first = await firstOfPage({ ...query, cursor }, words, sort, counted, t.context.carColumns);
            expect(first, `${params} ${sort}: the first cars past ${cursor}`).toBeDefined();
            return { ...walking, first };
          };
          expect(await pagesOf(firstOf), `${params} ${sort}, the first cars by seq`).toEqual(walked);
        }
    } finally {
      await postedApart(1);
      t.context.carColumns.forget();
      await t.db.delete(cars).where(
        inArray(
          cars.id,
          turbos.map((car) => car.id),
        ),
      );
    }
  });

  it('answers invalid parameters with 400 and a message per field', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['sort=cheapest', 'sort'],
      ['fuel=Gas', 'fuel.0'],
      ['yearMin=abc', 'yearMin'],
      ['yearMin=1990', 'yearMin'],
      ['yearMin=3000', 'yearMin'],
      ['priceMax=1e12', 'priceMax'],
      ['yearMin=2022&yearMax=2020', 'yearMax'],
      ['priceMin=500&priceMax=100', 'priceMax'],
      ['priceMin=-1', 'priceMin'],
      ['kmMax=1.5', 'kmMax'],
      ['verified=yes', 'verified'],
      [`q=${'x'.repeat(101)}`, 'q'],
      [Array.from({ length: 21 }, (_, i) => `category=c${i}`).join('&'), 'category'],
    ];
    for (const [params, field] of cases) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/search?${params}` });
      expect(res.statusCode, params).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), params).toContain(field);
    }
  });

  it('takes a cursor only as the server wrote it: other spellings of the same bytes are 400', async () => {
    const page = await search('sort=price_asc&limit=2');
    const spellings = sameBytesSpellings(page.nextCursor!);
    expect(spellings.length).toBeGreaterThan(0);
    for (const spelling of spellings) {
      const res = await as(t, buyer, {
        method: 'GET',
        url: `/api/cars/search?sort=price_asc&limit=2&cursor=${encodeURIComponent(spelling)}`,
      });
      expect(res.statusCode, spelling).toBe(400);
      expect(errorOf(res).fields).toEqual({ cursor: 'Invalid cursor' });
    }
    const next = await as(t, buyer, {
      method: 'GET',
      url: `/api/cars/search?sort=price_asc&limit=2&cursor=${page.nextCursor}`,
    });
    expect(next.statusCode).toBe(200);
  });

  it('refuses a forged cursor, or one from another order, with 400', async () => {
    const page = await search('sort=price_asc&limit=2');
    const forged = [
      'not-base64!',
      Buffer.from('"x"').toString('base64url'),
      Buffer.from(JSON.stringify(['price_asc', 'cheap', posted.f8!.id])).toString('base64url'),
      Buffer.from(JSON.stringify(['price_asc', 1, 'not-a-uuid'])).toString('base64url'),
      Buffer.from(JSON.stringify(['newest', '99999-01-01T00:00:00Z', posted.f8!.id])).toString('base64url'),
      Buffer.from(JSON.stringify(['price_asc', 2 ** 40, posted.f8!.id])).toString('base64url'),
    ];
    for (const cursor of [...forged, page.nextCursor!]) {
      const sort = cursor === page.nextCursor ? 'newest' : 'price_asc';
      const res = await as(t, buyer, {
        method: 'GET',
        url: `/api/cars/search?sort=${sort}&cursor=${cursor}`,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(errorOf(res).fields).toEqual({ cursor: 'Invalid cursor' });
    }
  });

  it('answers a search again from the cache with its ETag, privately, whatever the order of its parameters', async () => {
    const first = await as(t, buyer, {
      method: 'GET',
      url: '/api/cars/search?fuel=Petrol&fuel=Electric&sort=price_asc',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const reordered = await as(t, buyer, {
      method: 'GET',
      url: '/api/cars/search?sort=price_asc&fuel=Electric&fuel=Petrol',
      headers: { 'if-none-match': etag },
    });
    expect(reordered.statusCode).toBe(304);
    // Another buyer's search for the same is the same answer; without a session, none.
    const other = await signUpUser(t, 'Buyer');
    const again = await as(t, other, {
      method: 'GET',
      url: '/api/cars/search?fuel=Electric&fuel=Petrol&sort=price_asc',
    });
    expect(again.json()).toEqual(first.json());
    const signedOut = await as(t, undefined, {
      method: 'GET',
      url: '/api/cars/search?fuel=Petrol&fuel=Electric&sort=price_asc',
      headers: { 'if-none-match': etag },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('shows a car posted, edited, sold or deleted at once', async () => {
    // Posted through the API, as a seller does: the cached searches are emptied by its event.
    expect((await search('q=bugatti')).total).toBe(0);
    const photo = `search-${Date.now()}`;
    await t.db
      .insert(photos)
      .values({ key: photo, uploaderId: verifiedSeller.id, width: 1600, height: 1200 });
    const posted = await as(t, verifiedSeller, {
      method: 'POST',
      url: '/api/cars',
      payload: { ...carInput([photo]), brand: 'Bugatti', model: 'Chiron', categoryId: 'super-car' },
    });
    expect(posted.statusCode).toBe(201);
    const car = posted.json() as { id: string };
    expect((await search('q=bugatti')).total).toBe(1);
    // Another sort or page of a search shares its counts: they were emptied too.
    const sorted = await search('q=bugatti&sort=price_asc&limit=5');
    expect([sorted.total, sorted.items.map((item) => item.id)]).toEqual([1, [car.id]]);
    const suggested = async () =>
      (await as(t, buyer, { method: 'GET', url: '/api/cars/suggest?q=bugat' })).json().items;
    expect(await suggested()).toContainEqual({ label: 'Bugatti Chiron', brand: 'Bugatti', model: 'Chiron' });
    const edit = await as(t, verifiedSeller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { askingPrice: 10_000 },
    });
    expect(edit.statusCode).toBe(200);
    expect((await search('q=bugatti&priceMax=10000')).total).toBe(1);
    const sold = await as(t, verifiedSeller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: true },
    });
    expect(sold.statusCode).toBe(200);
    expect((await search('q=bugatti')).total).toBe(0);
    expect((await search('q=bugatti&sort=price_asc&limit=5')).total).toBe(0);
    expect(await suggested()).toEqual([]);
    await as(t, verifiedSeller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: false } });
    expect((await search('q=bugatti')).total).toBe(1);
    const deleted = await as(t, verifiedSeller, { method: 'DELETE', url: `/api/cars/${car.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await search('q=bugatti')).total).toBe(0);
    expect(await suggested()).toEqual([]);
  });
});

describe("a seller's page", () => {
  it("shows a seller's name, badge, member-since date and cars for sale, never the e-mail", async () => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/sellers/${verifiedSeller.id}` });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toEqual({
      id: verifiedSeller.id,
      name: 'Vera Verified',
      verified: true,
      memberSince: expect.any(String),
      carsForSale: 4,
    });
    expect(res.body).not.toContain(verifiedSeller.email);
    // The cars are the search's, with the seller as a filter; each car names its seller's id.
    const listed = await search(`seller=${verifiedSeller.id}`);
    expect(sortedNames(listed)).toEqual(['c5', 'f8', 'gt3', 'modelx']);
    expect(listed.items.every((car) => car.sellerId === verifiedSeller.id)).toBe(true);
  });

  it('answers 404 for a buyer, an unknown id, and without a session 401', async () => {
    for (const id of [buyer.id, 'nobody']) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/sellers/${id}` });
      expect(res.statusCode, id).toBe(404);
    }
    const signedOut = await as(t, undefined, { method: 'GET', url: `/api/sellers/${verifiedSeller.id}` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /api/cars/suggest', () => {
  const suggest = async (q: string) => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/cars/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return carSuggestionsSchema.parse(res.json()).items;
  };

  it('completes brands and models of cars for sale, the brand first', async () => {
    const porsche = await suggest('por');
    expect(porsche[0]).toEqual({ label: 'Porsche', brand: 'Porsche', model: null });
    expect(
      porsche
        .slice(1)
        .map((s) => s.model)
        .sort(),
    ).toEqual(['911 GT3', 'Macan', 'Taycan Turbo S']);
    // A word inside the name, a typo, an accent.
    expect((await suggest('tributo')).map((s) => s.label)).toEqual(['Ferrari F8 Tributo']);
    expect((await suggest('porshe'))[0]!.label).toBe('Porsche');
    // A typo in a word still being typed.
    expect((await suggest('porsh'))[0]!.label).toBe('Porsche');
    expect((await suggest('ferar')).map((s) => s.label)).toEqual(['Ferrari', 'Ferrari F8 Tributo']);
    expect((await suggest('lamborgini huracn')).map((s) => s.label)).toEqual(['Lamborghini Huracán EVO']);
    expect((await suggest('huracan')).map((s) => s.label)).toEqual(['Lamborghini Huracán EVO']);
    // Capitals and accents in what is typed, and text inside a word.
    expect((await suggest('HURACÁN')).map((s) => s.label)).toEqual(['Lamborghini Huracán EVO']);
    expect((await suggest('ribut')).map((s) => s.label)).toEqual(['Ferrari F8 Tributo']);
    // The sold Ferrari 296 is not offered.
    expect((await suggest('296')).length).toBe(0);
  });

  it('completes from one character, at most eight suggestions', async () => {
    const short = await suggest('t');
    expect(short.map((s) => s.label)).toEqual(['Tesla', 'Tesla Model X', 'Toyota', 'Toyota Land Cruiser']);
    expect((await suggest('e')).length).toBeLessThanOrEqual(8);
  });

  it('takes what is typed literally and refuses an empty or long text', async () => {
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('_')).toEqual([]);
    for (const q of ['', '%20', 'x'.repeat(101)]) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/suggest?q=${q}` });
      expect(res.statusCode, q).toBe(400);
    }
    const signedOut = await as(t, undefined, { method: 'GET', url: '/api/cars/suggest?q=por' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('price history', () => {
  it('keeps every asking price, oldest first, and dates the last drop', async () => {
    const car = await createCar(t, verifiedSeller, { askingPrice: 10_000_000, categoryId: 'classic' });
    const read = async () => {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${car.id}` });
      expect(res.statusCode).toBe(200);
      return carDetailSchema.parse(res.json());
    };
    const start = await read();
    expect(start.priceHistory.map((p) => p.askingPrice)).toEqual([10_000_000]);
    expect(start.priceHistory[0]!.changedAt).toBe(car.addedDate.toISOString());
    expect(start.priceDroppedAt).toBeNull();

    const edit = (payload: object) =>
      as(t, verifiedSeller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });
    expect((await edit({ askingPrice: 9_000_000 })).statusCode).toBe(200);
    const dropped = await read();
    expect(dropped.priceDroppedAt).not.toBeNull();
    // Other edits keep the history and the drop as they are.
    expect((await edit({ about: 'Fresh service.' })).statusCode).toBe(200);
    expect((await read()).priceHistory).toHaveLength(2);
    expect((await read()).priceDroppedAt).toBe(dropped.priceDroppedAt);

    expect((await edit({ askingPrice: 9_500_000 })).statusCode).toBe(200);
    const raised = await read();
    expect(raised.priceHistory.map((p) => p.askingPrice)).toEqual([10_000_000, 9_000_000, 9_500_000]);
    expect(raised.priceDroppedAt).toBeNull();
    const times = raised.priceHistory.map((p) => Date.parse(p.changedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Lists carry the drop date too (the card's badge).
    expect((await edit({ askingPrice: 8_000_000 })).statusCode).toBe(200);
    const listed = (await search('category=classic')).items.find((c) => c.id === car.id);
    expect(listed?.priceDroppedAt).not.toBeNull();
  });
});
