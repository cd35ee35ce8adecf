/**
 * Every query shape of the search, the suggestions and a car's page finds its rows through an index:
 * on 20,000 generated cars (a tenth sold), EXPLAIN of each shape must not hold a sequential scan of
 * `cars`. A new filter or sort without its index fails here, long before a million cars would show it.
 */
import type { CarSearchQuery, SearchSort } from '@redline/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarColumns, setStatement } from '../src/catalogue/car-columns.ts';
import { carNamesStatement } from '../src/catalogue/search-catalogue.ts';
import { cars } from '../src/db/schema.ts';
import {
  cellsInMemory,
  facetsStatement,
  gathers,
  loadSearchCatalogue,
  pageStatement,
  resolveWords,
  searchFacets,
  textSet,
} from '../src/modules/cars/car-search.ts';
import { ensureCategory } from './factories.ts';
import { createTestApp, signUpUser, type TestApp } from './helpers.ts';

const CARS = 20_000;
const CATEGORIES = ['super-car', 'suv', 'electric', 'classic', 'sedan', 'pickup', 'van'];
const MODELS =
  'Aventador Cayenne Roadster Tributo Explorer Berlingo Corolla Spider Huracan Macan Taycan Octavia Mustang Supra Ranger Transit Quattro Modena Urus Panamera Boxster Camry Yaris Fabia Kodiaq Focus Fiesta Sorento Outback Impreza'.split(
    ' ',
  );
let t: TestApp;
let sellerId: string;
let someCar: { id: string; addedDate: Date; askingPrice: number };

beforeAll(async () => {
  t = await createTestApp();
  const sellers = [];
  for (let i = 0; i < 20; i++) sellers.push(await signUpUser(t, 'Seller', { isVerified: i % 2 === 0 }));
  sellerId = sellers[0]!.id;
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
    from generate_series(1, ${CARS}) as i`);
  await t.db.execute(sql`vacuum analyze ${cars}`);
  const [row] = await t.db
    .select({ id: cars.id, addedDate: cars.addedDate, askingPrice: cars.askingPrice })
    .from(cars)
    .limit(1);
  someCar = row!;
}, 120_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

async function planOf(statement: SQLWrapper): Promise<PlanNode[]> {
  const result = (await t.db.execute(sql`explain (format json) ${statement}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  const cell = result.rows[0]!['QUERY PLAN'];
  const [{ Plan }] = typeof cell === 'string' ? JSON.parse(cell) : cell;
  return nodesOf(Plan);
}

const carScans = (nodes: PlanNode[]) => nodes.filter((node) => node['Relation Name'] === 'cars');

async function expectIndexed(label: string, statement: SQLWrapper) {
  const scans = carScans(await planOf(statement));
  expect(scans.length, `${label}: no scan of cars at all`).toBeGreaterThan(0);
  expect(
    scans.filter((node) => node['Node Type'] === 'Seq Scan').map(() => label),
    `${label}: ${scans.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(', ')}`,
  ).toEqual([]);
}

const query = (params: Partial<CarSearchQuery>): CarSearchQuery => ({
  limit: 12,
  q: undefined,
  verified: false,
  ...params,
});
const cursorOf = (sort: SearchSort, values: unknown[]) =>
  Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');

describe('the search on 20,000 cars', () => {
  it('has an index for every page: each sort, each filter, text, and after a cursor', async () => {
    const shapes: [string, CarSearchQuery, SearchSort][] = [
      ['newest, no filter', query({}), 'newest'],
      ['price ascending', query({}), 'price_asc'],
      ['price descending', query({}), 'price_desc'],
      ['km ascending', query({}), 'km_asc'],
      ['year descending', query({}), 'year_desc'],
      ['a category', query({ category: ['suv'] }), 'newest'],
      ['two brands', query({ brand: ['Porsche', 'tesla'] }), 'newest'],
      ['a fuel', query({ fuel: ['Electric'] }), 'price_asc'],
      ['years and price', query({ yearMin: 2015, yearMax: 2020, priceMax: 10_000_000 }), 'newest'],
      ['km and verified', query({ kmMax: 50_000, verified: true }), 'km_asc'],
      ['a seller', query({ seller: 'x' }), 'newest'],
      [
        'few: a category, a fuel and a year',
        query({ category: ['van'], fuel: ['Hybrid'], yearMin: 2024 }),
        'newest',
      ],
      ['few: a brand under a price', query({ brand: ['Škoda'], priceMax: 400_000 }), 'price_desc'],
      ['few: a brand and km', query({ brand: ['Audi'], kmMax: 20_000, verified: true }), 'km_asc'],
      ['typo text and two filters', query({ q: 'porshe', category: ['suv'], fuel: ['Petrol'] }), 'relevance'],
      ['text sorted by price', query({ q: 'ferrari model', priceMin: 1_000_000 }), 'price_desc'],
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
        'after a cursor, relevance',
        query({
          q: 'tesla',
          cursor: cursorOf('relevance', [500, someCar.addedDate.toISOString(), someCar.id]),
        }),
        'relevance',
      ],
    ];
    let gathered = 0;
    for (const [label, params, sort] of shapes) {
      const words = await resolveWords(t.db, params.q);
      await expectIndexed(label, pageStatement(t.db, params, words, sort).statement);
      // A search that matches few cars gathers them (searchPage): by an index too.
      const { total, forSale } = await searchFacets(t.db, params, words, await loadSearchCatalogue(t.db));
      if (!gathers(params.limit + 1, total, forSale)) continue;
      gathered++;
      await expectIndexed(
        `${label}, gathered`,
        pageStatement(t.db, params, words, sort, undefined, true).statement,
      );
    }
    expect(gathered).toBeGreaterThanOrEqual(3);
  });

  it('counts the facets of a search without text, price, km or seller from the kept counts alone', async () => {
    const shapes: [string, CarSearchQuery][] = [
      ['no filter', query({})],
      ['a category and a fuel', query({ category: ['suv'], fuel: ['Hybrid', 'Electric'] })],
      ['a brand, verified sellers', query({ brand: ['Citroen'], verified: true })],
      ['years', query({ yearMin: 2010, yearMax: 2020 })],
    ];
    for (const [label, params] of shapes) {
      const nodes = await planOf(facetsStatement(t.db, params, []));
      const tables = new Set(nodes.map((node) => node['Relation Name']).filter(Boolean));
      expect(tables, `facets, ${label}`).toEqual(new Set(['car_counts']));
    }
  });

  it('counts the facets of a search by price or km from the band counts, and the cars of a cut cell by its key', async () => {
    const shapes: [string, CarSearchQuery][] = [
      ['a round price up to', query({ priceMax: 5_000_000 })],
      ['any price up to', query({ priceMax: 4_523_100 })],
      ['a price range', query({ priceMin: 1_000_000, priceMax: 5_000_000 })],
      ['km and verified sellers', query({ kmMax: 55_000, verified: true })],
      ['price, km and a fuel', query({ priceMax: 3_333_300, kmMax: 120_000, fuel: ['Diesel'] })],
    ];
    for (const [label, params] of shapes) {
      const nodes = await planOf(facetsStatement(t.db, params, []));
      const tables = new Set(nodes.map((node) => node['Relation Name']).filter(Boolean));
      expect(tables, `facets, ${label}`).toEqual(new Set(['car_counts', 'car_band_counts', 'cars']));
      const scans = carScans(nodes).map((node) => `${node['Node Type']} ${node['Index Name']}`);
      expect(new Set(scans), `facets, ${label}`).toEqual(new Set(['Index Only Scan cars_unsold_facets_idx']));
    }
  });

  it('has an index for the facets of a search by seller, and for those of text counted one by one', async () => {
    const shapes: [string, CarSearchQuery][] = [
      ['text and a price', query({ q: 'porsche', priceMax: 4_523_100 })],
      ['text', query({ q: 'lamborgini' })],
      ['text and a category', query({ q: 'tyres', category: ['suv'] })],
      ['a seller', query({ seller: sellerId })],
    ];
    for (const [label, params] of shapes) {
      const words = await resolveWords(t.db, params.q);
      await expectIndexed(`facets, ${label}`, facetsStatement(t.db, params, words));
    }
  });

  it('counts the cars of a search by text in memory: its facets read the kept counts, and a rare word its index', async () => {
    const columns = new CarColumns(t.db);
    const shapes: [string, CarSearchQuery][] = [
      // Every generated Porsche is sold (a tenth of the cars, one brand in ten).
      ['a name', query({ q: 'ferrari' })],
      ['text and a category', query({ q: 'tyres', category: ['suv'] })],
      ['a name, a word and a price', query({ q: 'ferrari winter', priceMax: 4_523_100 })],
    ];
    for (const [label, params] of shapes) {
      const words = await resolveWords(t.db, params.q);
      const counted = await cellsInMemory(columns, params, words);
      expect(counted.length, label).toBeGreaterThan(0);
      const scans = carScans(await planOf(facetsStatement(t.db, params, words, undefined, counted)));
      // A price range's cut band cells count their cars from the facets index only.
      expect(
        scans.map((node) => `${node['Node Type']} ${node['Index Name']}`),
        `facets, ${label}`,
      ).toEqual(scans.map(() => 'Index Only Scan cars_unsold_facets_idx'));
    }
    // The cars of a word are read once per instance: by its index when it is rare (a word in most
    // cars is read from the table, as any plan would).
    await expectIndexed('the cars of a rare word', setStatement(t.db, textSet('roadst').condition));
  });

  it('suggests from the names the database keeps, never reading the cars', async () => {
    const nodes = await planOf(carNamesStatement(t.db));
    const tables = nodes.map((node) => node['Relation Name']).filter(Boolean);
    expect(tables).toEqual(['car_names']);
  });
});
