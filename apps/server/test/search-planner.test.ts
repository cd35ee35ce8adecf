/**
 * Every query shape of the search, the suggestions and a car's page finds its rows through an index:
 * on 20,000 generated cars (a tenth sold), EXPLAIN of each shape must not hold a sequential scan of
 * `cars`. A new filter or sort without its index fails here, long before a million cars would show it.
 */
import type { CarSearchQuery, SearchSort } from '@redline/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { cars } from '../src/db/schema.ts';
import { listCategories } from '../src/modules/categories/index.ts';
import { CarColumns, setsStatement } from '../src/modules/search/car-columns.ts';
import { carNamesStatement, loadSearchCatalogue } from '../src/modules/search/search-catalogue.ts';
import { carCellsStatement, searchFacets } from '../src/modules/search/search-counts.ts';
import { firstOfPage, pageStatement } from '../src/modules/search/search-pages.ts';
import { pageReading, resolveWords, textSet } from '../src/modules/search/search-planner.ts';
import { typedTerm } from '../src/modules/search/search-terms.ts';
import { readCatalogueNames } from '../src/modules/vehicles/index.ts';
import { ensureCategory } from './factories.ts';
import { it as base } from './fixtures.ts';
import { signUpUser, type TestApp } from './helpers.ts';

const CARS = 20_000;
const INSERT_BATCH = 2_500;
const CATEGORIES = ['super-car', 'suv', 'electric', 'classic', 'sedan', 'pickup', 'van'];
const MODELS =
  'Aventador Cayenne Roadster Tributo Explorer Berlingo Corolla Spider Huracan Macan Taycan Octavia Mustang Supra Ranger Transit Quattro Modena Urus Panamera Boxster Camry Yaris Fabia Kodiaq Focus Fiesta Sorento Outback Impreza'.split(
    ' ',
  );

/**
 * `seller` is the first of the twenty sellers (verified, as every other one); `someCar`, a car of
 * the 20,000 that the cursors start after.
 */
const it = base
  .extend('actors', { scope: 'file' }, { seller: { isVerified: true } })
  .extend('someCar', { scope: 'file' }, async ({ t }) => {
    const [row] = await t.db
      .select({ id: cars.id, addedDate: cars.addedDate, askingPrice: cars.askingPrice })
      .from(cars)
      .limit(1);
    return row!;
  });

it.beforeAll(async ({ t, seller }) => {
  const sellers = [seller];
  for (let i = 1; i < 20; i++) sellers.push(await signUpUser(t, 'Seller', { isVerified: i % 2 === 0 }));
  for (const id of CATEGORIES) await ensureCategory(t, id);
  const brands = [
    'Porsche',
    'Ferrari',
    'Lamborghini',
    'Tesla',
    'Toyota',
    'Citroën',
    'BMW',
    'Audi',
    'Ford',
    'Škoda',
  ];
  // In batches: each statement stays well within the pool's 10 s read timeout on a loaded machine
  // (the cars' statement triggers and indexes make one insert of them all take seconds).
  for (let from = 1; from <= CARS; from += INSERT_BATCH) {
    await t.db.execute(sql`
    insert into ${cars} (year, brand, model, category_id, engine, fuel, about, asking_price, original_price,
      top_speed, km_driven, seller_id, photos, added_date, sold_at)
    select 1999 + (i % 27),
      (${sql.raw(`array[${brands.map((b) => `'${b}'`).join(',')}]`)})[1 + i % 10],
      (${sql.raw(`array[${MODELS.map((m) => `'${m}'`).join(',')}]`)})[1 + i % ${sql.raw(String(MODELS.length))}] || ' ' || (i % 7),
      (${sql.raw(`array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`)})[1 + i % 7],
      (1 + i % 6) || '.0 L engine number ' || (i % 13),
      (array['Petrol', 'Diesel', 'Electric', 'Hybrid'])[1 + i % 4],
      'Generated car ' || i || ', one owner, full history, winter tyres and a roof box.',
      100000 + (i * 7919) % 50000000, 200000 + (i * 7919) % 50000000, 150 + i % 200, (i * 104729) % 400000,
      (${sql.raw(`array[${sellers.map((s) => `'${s.id}'`).join(',')}]`)})[1 + i % 20],
      array['generated-' || i], now() - (i || ' minutes')::interval,
      case when i % 10 = 0 then now() end
    from generate_series(${from}::int, ${from + INSERT_BATCH - 1}::int) as i`);
  }
  await t.db.execute(sql`vacuum analyze ${cars}`);
}, 120_000);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** With `analyze`: the rows the node gave, over all its loops. */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  /** With `analyze`: the rows read and then refused by a condition the index could not test. */
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

async function planOf(db: Pick<Db, 'execute'>, statement: SQLWrapper, analyze = false): Promise<PlanNode[]> {
  const options = analyze ? sql`(analyze, format json)` : sql`(format json)`;
  const result = (await db.execute(sql`explain ${options} ${statement}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  const cell = result.rows[0]!['QUERY PLAN'];
  const [{ Plan }] = typeof cell === 'string' ? JSON.parse(cell) : cell;
  return nodesOf(Plan);
}

const carScans = (nodes: PlanNode[]) => nodes.filter((node) => node['Relation Name'] === 'cars');

/**
 * The scans of cars of `statement` planned with every other way to read cars made dearer than any
 * index-only scan: an index-only scan names an index that holds all the statement reads of a car.
 * (Which plan is cheapest at 20,000 cars says little of one at 1,000,000.)
 */
const indexOnlyScans = (t: TestApp, statement: SQLWrapper) =>
  t.db.transaction(async (tx) => {
    for (const method of ['seqscan', 'bitmapscan', 'indexscan'])
      await tx.execute(sql.raw(`set local enable_${method} = off`));
    const scans = carScans(await planOf(tx, statement));
    return scans.map((node) => `${node['Node Type']} ${node['Index Name']}`);
  });

async function expectIndexed(t: TestApp, label: string, statement: SQLWrapper): Promise<PlanNode[]> {
  const scans = carScans(await planOf(t.db, statement));
  expect(scans.length, `${label}: no scan of cars at all`).toBeGreaterThan(0);
  expect(
    scans.filter((node) => node['Node Type'] === 'Seq Scan').map(() => label),
    `${label}: ${scans.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(', ')}`,
  ).toEqual([]);
  return scans;
}

const query = (params: Partial<CarSearchQuery>): CarSearchQuery => ({
  limit: 12,
  q: undefined,
  verified: false,
  classic: false,
  delivery: false,
  ...params,
});
const cursorOf = (sort: SearchSort, values: unknown[]) =>
  Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');

describe('the search on 20,000 cars', () => {
  it('has an index for every page: each sort, each filter, text, and after a cursor', async ({
    t,
    someCar,
  }) => {
    const shapes: [string, CarSearchQuery, SearchSort][] = [
      ['newest, no filter', query({}), 'newest'],
      ['price ascending', query({}), 'price_asc'],
      ['price descending', query({}), 'price_desc'],
      ['km ascending', query({}), 'km_asc'],
      ['year descending', query({}), 'year_desc'],
      ['a category', query({ category: ['suv'] }), 'newest'],
      ['two brands', query({ brand: ['Porsche', 'tesla'] }), 'newest'],
      ['a fuel', query({ fuel: ['Electric'] }), 'price_asc'],
      ['a brand by price, descending', query({ brand: ['Toyota'] }), 'price_desc'],
      ['years and price', query({ yearMin: 2015, yearMax: 2020, priceMax: 10_000_000 }), 'newest'],
      ['km and verified', query({ kmMax: 50_000, verified: true }), 'km_asc'],
      ['a seller', query({ seller: 'x' }), 'newest'],
      [
        'few: a category, a fuel and a year',
        query({ category: ['van'], fuel: ['Hybrid'], yearMin: 2024 }),
        'newest',
      ],
      ['few: a brand under a price', query({ brand: ['Škoda'], priceMax: 400_000 }), 'price_desc'],
      ['few: a brand and km', query({ brand: ['Ford'], kmMax: 20_000, verified: true }), 'km_asc'],
      // (Every Porsche is sold: a tenth of the cars, one brand in ten.)
      ['typo text and two filters', query({ q: 'ferari', category: ['suv'], fuel: ['Diesel'] }), 'relevance'],
      ['text sorted by price', query({ q: 'ferrari model', priceMin: 1_000_000 }), 'price_desc'],
      // Words of every car's text.
      ['a common word', query({ q: 'history', fuel: ['Diesel'] }), 'relevance'],
      ['common words sorted by price', query({ q: 'owner tyres', verified: true }), 'price_asc'],
      // A common word whose filters leave few of its cars: read by their seqs (counted in memory).
      [
        'a common word, filters leaving few',
        query({ q: 'history', category: ['van'], fuel: ['Hybrid'] }),
        'relevance',
      ],
      [
        'common words and filters leaving few',
        query({ q: 'owner tyres', brand: ['Ford'], kmMax: 50_000 }),
        'newest',
      ],
      [
        'a common word, filters leaving few, after a cursor',
        query({
          q: 'history',
          brand: ['Ford'],
          cursor: cursorOf('relevance', [1000, someCar.addedDate.toISOString(), someCar.id]),
        }),
        'relevance',
      ],
      [
        'after a cursor, newest',
        query({ cursor: cursorOf('newest', [someCar.addedDate.toISOString(), someCar.id]) }),
        'newest',
      ],
      [
        'after a cursor, price',
        query({ fuel: ['Diesel'], cursor: cursorOf('price_asc', [someCar.askingPrice, someCar.id]) }),
        'price_asc',
      ],
      [
        'after a cursor, relevance, among the cars of names',
        query({
          q: 'tesla',
          cursor: cursorOf('relevance', [2000, someCar.addedDate.toISOString(), someCar.id]),
        }),
        'relevance',
      ],
      [
        'after a cursor, relevance, beyond the names',
        query({
          q: 'tesla roof',
          cursor: cursorOf('relevance', [1500, someCar.addedDate.toISOString(), someCar.id]),
        }),
        'relevance',
      ],
    ];
    const readings = { gathered: 0, walked: 0, namesOnly: 0, bySeq: 0 };
    const catalogue = await loadSearchCatalogue(
      t.db,
      () => listCategories(t.db),
      () => readCatalogueNames(t.db),
    );
    const columns = new CarColumns(t.db);
    for (const [label, params, sort] of shapes) {
      const words = await resolveWords(t.db, params.q, catalogue);
      await expectIndexed(t, label, pageStatement(t.db, params, words, sort).statement);
      // As a search reads it, from its counts (searchPage): a search that matches few cars gathers
      // them, one whose text matches many walks the order's index testing the words: by an index too.
      const counts = await searchFacets(t.db, params, words, catalogue);
      // A search that matches no car reads no page (searchPage).
      if (counts.total === 0) continue;
      const reading = pageReading(params, words, sort, counts);
      if (reading.gather) readings.gathered++;
      if (reading.walkText) readings.walked++;
      const scans = await expectIndexed(
        t,
        `${label}, ${JSON.stringify(reading)}`,
        pageStatement(t.db, params, words, sort, reading).statement,
      );
      // A page that gathers its cars can read them from the cells' index alone, not from the table
      // (migration 0011: most of the time of a gathering at 1,000,000 cars).
      if (reading.gather)
        expect(
          await indexOnlyScans(t, pageStatement(t.db, params, words, sort, reading).statement),
          label,
        ).toEqual(['Index Only Scan cars_unsold_facets_idx']);
      // Counted in memory (not a seller's), the page reads the cars that come first past its cursor,
      // found there (firstOfPage), by their seqs, from the seqs' index alone (migration 0012), neither
      // the words' GIN entries nor the table.
      const counted = await searchFacets(t.db, params, words, catalogue, columns);
      const first = await firstOfPage(params, words, sort, counted, columns);
      const inMemory = pageReading(params, words, sort, { ...counted, first });
      if (inMemory.seqs) {
        readings.bySeq++;
        const bySeq = pageStatement(t.db, params, words, sort, inMemory).statement;
        await expectIndexed(t, `${label}, by seq`, bySeq);
        expect(await indexOnlyScans(t, bySeq), `${label}, by seq`).toEqual([
          'Index Only Scan cars_unsold_seq_idx',
        ]);
        // The same page as the statements that find the cars again (a common word's cars among
        // each cell's marked, the words' and the filters' conditions tested).
        const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
        expect(ids(await bySeq), `${label}, by seq`).toEqual(
          ids(await pageStatement(t.db, params, words, sort, reading).statement),
        );
      }
      // Every car the text matches is a car of a name it resembles: the page reads a page's worth of
      // each name's cars from their index, newest first, or only those that pass the filters from
      // the cells' index alone, and nothing of the words' index (every car of a common word), nor
      // every car of a name to sort them.
      if (reading.beyondNames === false) {
        readings.namesOnly++;
        expect(
          scans.filter((node) => node['Index Name'] === 'cars_unsold_words_idx').map(() => label),
        ).toEqual([]);
        const read = carScans(
          await planOf(t.db, pageStatement(t.db, params, words, sort, reading).statement, true),
        );
        const readsPassing = (node: PlanNode) =>
          node['Node Type'] === 'Index Only Scan' && !node['Rows Removed by Filter'];
        expect(
          read
            .filter((node) => node['Actual Rows']! * node['Actual Loops']! > params.limit + 1)
            .filter((node) => !readsPassing(node))
            .map((node) => `${node['Node Type']} ${node['Index Name']}: ${node['Actual Rows']} rows`),
          `${label}: scans that read more than a page's worth of cars, some failing the filters`,
        ).toEqual([]);
      }
    }
    expect(readings.gathered).toBeGreaterThanOrEqual(3);
    expect(readings.walked).toBeGreaterThanOrEqual(2);
    expect(readings.namesOnly).toBeGreaterThanOrEqual(2);
    expect(readings.bySeq).toBeGreaterThanOrEqual(10);
  });

  it("counts a seller's cars by an index, and reads the cars of a rare word by its index", async ({
    t,
    seller,
  }) => {
    // Every other search is counted in memory (cellsInMemory): no statement.
    await expectIndexed(t, 'facets, a seller', carCellsStatement(t.db, query({ seller: seller.id }), []));
    // The cars of a word are read once per instance: by its index when it is rare (a word in most
    // cars is read from the table, as any plan would).
    await expectIndexed(
      t,
      'the cars of a rare word',
      setsStatement(t.db, [textSet(typedTerm('roadst')).condition]),
    );
  });

  it('suggests from the names the database keeps, never reading the cars', async ({ t }) => {
    const nodes = await planOf(t.db, carNamesStatement(t.db));
    const tables = nodes.map((node) => node['Relation Name']).filter(Boolean);
    expect(tables).toEqual(['car_names']);
  });
});
