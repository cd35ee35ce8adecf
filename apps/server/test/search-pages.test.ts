/**
 * The search's pages (search-pages.ts): every car of a search served exactly once in every order,
 * even while cars are added; the same pages and cursors however a page is read (its order's index
 * walked, the few cars matched gathered, or the first cars found in memory read by seq); cursors
 * taken only as the server wrote them.
 */
import { type CarSearchQuery, carSearchQuerySchema, type SearchSort } from '@redline/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { cars } from '../src/db/schema.ts';
import { listCategories } from '../src/modules/categories/index.ts';
import {
  loadSearchCatalogue,
  type SearchCatalogue,
  type SearchWord,
} from '../src/modules/search/search-catalogue.ts';
import { searchFacets } from '../src/modules/search/search-counts.ts';
import { firstOfPage, searchPage } from '../src/modules/search/search-pages.ts';
import { resolveWords } from '../src/modules/search/search-planner.ts';
import { readCatalogueNames } from '../src/modules/vehicles/index.ts';
import { createCar } from './factories.ts';
import { as, errorOf, sameBytesSpellings, type TestApp } from './helpers.ts';
import { CATALOGUE, it, UNSOLD } from './search-fixture.ts';

/**
 * Every car posted an hour apart (`sign` -1), or back (1), in the same order (the factory posts them
 * within a second). Changed as SQL, they announce nothing: the columns in memory read every car again.
 */
async function postedApart(t: TestApp, sign: 1 | -1) {
  await t.db.execute(sql`update ${cars} set added_date = ${cars.addedDate} + ${sign} * make_interval(hours => r.rank::int)
    from (select id, dense_rank() over (order by added_date desc) as rank from ${cars}) r where ${cars.id} = r.id`);
  t.context.search.columns.forget();
}

/** The search's catalogue as the app shows it. */
const catalogueOf = (t: TestApp) =>
  loadSearchCatalogue(
    t.db,
    () => listCategories(t.db),
    () => readCatalogueNames(t.db),
  );

/**
 * A search's counts in memory, as among a million cars for sale (a page reads by seq at most a
 * twentieth of them).
 */
async function countedAmongAMillion(
  t: TestApp,
  query: CarSearchQuery,
  words: SearchWord[],
  catalogue: SearchCatalogue,
) {
  return {
    ...(await searchFacets(t.db, query, words, catalogue, t.context.search.columns)),
    forSale: 1_000_000,
  };
}

type PageCounts = Parameters<typeof searchPage>[4];
type CountsOf = (cursor?: string) => PageCounts | Promise<PageCounts>;

/** Every page of a search in `sort`, each read as its counts (`countsOf` its cursor) tell. */
async function everyPage(
  t: TestApp,
  query: CarSearchQuery,
  words: SearchWord[],
  sort: SearchSort,
  countsOf: CountsOf,
) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await searchPage(t.db, { ...query, cursor }, words, sort, await countsOf(cursor));
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

/** Counts that make a page walk its order's index, testing its words on each car. */
const walking = { total: 1_000_000, forSale: 1_000_000, beyondNames: 1_000_000 };

describe('the pages of GET /api/cars/search', () => {
  it('pages through every car exactly once in every order, even while cars are added', async ({
    t,
    otherSeller,
    posted,
    search,
    names,
    allPages,
  }) => {
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

  it('serves the same pages whether it walks the order of an index, gathers the few cars matched and sorts them, or reads them by seq', async ({
    t,
    otherSeller,
  }) => {
    // A page reads by seq the cars that come first past its cursor, found in memory (firstOfPage;
    // many cars share the factory's price, km and year: ties across pages). Without them, a search
    // that matches few cars gathers them (`gathers`: a seller's), and one that matches many walks
    // its order's index, testing its words on each car (pageReading). All must give the same pages
    // and cursors.
    const gathering = { total: 1, forSale: 1_000_000, beyondNames: 1 };
    const searches = [
      '',
      'fuel=Petrol&priceMax=25000000',
      'category=suv&kmMax=30000',
      'verified=true&yearMin=2020',
      // Specification filters: their few cars found from their bitsets (firstPassing).
      'body=Coupe',
      'transmission=Dual-clutch&priceMax=25000000',
      'seatsMin=4&kmMax=30000',
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
    // The first cars by relevance are then not the newest.
    await postedApart(t, -1);
    const catalogue = await catalogueOf(t);
    try {
      for (const params of searches)
        for (const sort of [
          ...(params.includes('q=') ? (['relevance'] as const) : []),
          ...(['newest', 'price_asc', 'price_desc', 'km_asc', 'year_desc'] as const),
        ]) {
          const raw = Object.fromEntries(new URLSearchParams(params));
          const query = carSearchQuerySchema.parse({ ...raw, limit: '2' });
          const words = await resolveWords(t.db, query.q, catalogue);
          const pagesOf = (countsOf: CountsOf) => everyPage(t, query, words, sort, countsOf);
          const walked = await pagesOf(() => walking);
          expect(walked.flatMap((page) => page.ids).length, `${params} ${sort}`).toBeGreaterThan(0);
          expect(await pagesOf(() => gathering), `${params} ${sort}`).toEqual(walked);
          const counted = await countedAmongAMillion(t, query, words, catalogue);
          const firstOf = async (cursor?: string) => {
            const first = await firstOfPage(
              { ...query, cursor },
              words,
              sort,
              counted,
              t.context.search.columns,
            );
            expect(first, `${params} ${sort}: the first cars past ${cursor}`).toBeDefined();
            return { ...walking, first };
          };
          expect(await pagesOf(firstOf), `${params} ${sort}, the first cars by seq`).toEqual(walked);
        }
    } finally {
      await postedApart(t, 1);
      await t.db.delete(cars).where(
        inArray(
          cars.id,
          turbos.map((car) => car.id),
        ),
      );
    }
  });

  it('ranks first the cars with every value that the words name, found in memory, on the same pages as when every car is scored', async ({
    t,
    otherSeller,
  }) => {
    // Manual red coupes with twin-turbo engines (the factory's) and names no word resembles; a
    // Taycan Turbo S coupe ("turbo" resembles its name: it scores by its name and its values); a
    // wagon whose text says "coupe" (matched, without the value: below them all).
    const coupe = { bodyStyle: 'Coupe', transmission: 'Manual', exteriorColour: 'Red' } as const;
    const added = await Promise.all([
      ...['RS6 Avant', 'RS7 Sportback', 'RS4 Avant', 'RS3 Sportback'].map((model) =>
        createCar(t, otherSeller, { brand: 'Audi', model, categoryId: 'suv', ...coupe }),
      ),
      createCar(t, otherSeller, {
        brand: 'Porsche',
        model: 'Taycan Turbo S',
        categoryId: 'electric',
        ...coupe,
      }),
      createCar(t, otherSeller, {
        brand: 'Audi',
        model: 'RS6 Avant',
        categoryId: 'suv',
        bodyStyle: 'Wagon',
        about: 'As fast as a coupe, with room for the dog.',
      }),
    ]);
    await postedApart(t, -1);
    const catalogue = await catalogueOf(t);
    try {
      // Each search, and whether its first page is found in memory: not when no car can hold every
      // value named (two of one facet, a filter without it, a value no car holds).
      const searches = {
        'q=coupe': true,
        'q=coupe+manual': true,
        'q=turbo+coupe': true,
        'q=red+coupe&fuel=Petrol': true,
        'q=manual+automatic': false,
        'q=coupe&body=Sedan&body=Wagon': false,
        'q=diesel': false,
      };
      for (const [params, firstInMemory] of Object.entries(searches)) {
        const raw = Object.fromEntries(new URLSearchParams(params));
        const query = carSearchQuerySchema.parse({ ...raw, limit: '2' });
        const words = await resolveWords(t.db, query.q, catalogue);
        const scored = await everyPage(t, query, words, 'relevance', () => walking);
        const counted = await countedAmongAMillion(t, query, words, catalogue);
        const found: boolean[] = [];
        const inMemory = await everyPage(t, query, words, 'relevance', async (cursor) => {
          const first = await firstOfPage(
            { ...query, cursor },
            words,
            'relevance',
            counted,
            t.context.search.columns,
          );
          found.push(first !== undefined);
          return { ...walking, first };
        });
        expect(inMemory, params).toEqual(scored);
        expect(found[0], params).toBe(firstInMemory);
      }
      // The order: the cars with both values first, the Taycan by its name among them.
      const turboCoupes = await everyPage(
        t,
        carSearchQuerySchema.parse({ q: 'turbo coupe', limit: '50' }),
        await resolveWords(t.db, 'turbo coupe', catalogue),
        'relevance',
        () => walking,
      );
      const ids = turboCoupes.flatMap((page) => page.ids);
      expect(ids[0]).toBe(added[4]!.id);
      expect(ids.at(-1)).toBe(added[5]!.id);
    } finally {
      await postedApart(t, 1);
      await t.db.delete(cars).where(
        inArray(
          cars.id,
          added.map((car) => car.id),
        ),
      );
    }
  });

  it('takes a cursor only as the server wrote it: other spellings of the same bytes are 400', async ({
    t,
    buyer,
    search,
  }) => {
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

  it('refuses a forged cursor, or one from another order, with 400', async ({ t, buyer, posted, search }) => {
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
});
