/**
 * The car search (`GET /cars/search`) and the search box's suggestions (`GET /cars/suggest`), over
 * the cars for sale only.
 *
 * Text is matched word by word, each word of the search in lower case without accents: it matches a
 * car whose brand and model resemble it (pg_trgm's word similarity on `cars.name_key`, so that a
 * small typo still matches: "porshe", "lamborgini"), or one with a word that starts with it anywhere
 * in its brand, model, engine or about text (full text on `cars.search_words`). Each word must match. Every filter and sort order has an
 * index (schema.ts, migration 0003), and pages continue after an opaque cursor that holds the last
 * car's sort key (keyset pagination), so every car of a search is served exactly once while cars
 * are added.
 *
 * The facet counts are disjunctive: a value's count applies every *other* active filter. One scan of
 * the cars the text matches computes them all (GROUPING SETS, each count with its own FILTER).
 */
import {
  type CarSearchFacets,
  type CarSearchQuery,
  type CarSuggestions,
  type FacetValue,
  FUELS,
  SEARCH_WORDS_MAX,
  type SearchSort,
  SUGGESTIONS_MAX,
} from '@redline/shared';
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/pagination.ts';
import { carNames, cars, users } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { listCategories } from '../categories/index.ts';

/** One key per search, whatever the order of its parameters and repeated values (the cache's). */
export function searchKey(query: CarSearchQuery): string {
  const canonical = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? [...new Set(value)].sort() : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify(canonical);
}

/**
 * The searched words: runs of letters and digits 0-9, at least two characters, each once. Nothing
 * else reaches a text-search query (ADR 19).
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q.split(/[^\p{L}0-9]+/u).filter((word) => word.length >= 2);
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, SEARCH_WORDS_MAX);
}

const folded = (word: string) => sql`redline_fold(${word})`;
/** The words that start with `word` (a prefix query; `word` holds letters and digits only). */
const startingWith = (word: string) => sql`to_tsquery('simple'::regconfig, ${folded(word)} || ':*')`;

/** A searched word, with the names of cars for sale (`car_names.name_key`) that resemble it. */
export interface SearchWord {
  word: string;
  names: string[];
}

/**
 * The searched words of `q`, each with the names that resemble it, found among the few thousand rows
 * of `car_names` (one query per word, together): the cars are then found by their name's b-tree.
 * Asked inside the search's statement, the planner could not see how many cars those names have,
 * and read the million cars rather than the few thousand Lamborghinis (measured: ADR 19).
 */
export async function resolveWords(db: Db, q: string | undefined): Promise<SearchWord[]> {
  return Promise.all(
    searchWords(q).map(async (word) => {
      const rows = await db
        .select({ nameKey: carNames.nameKey })
        .from(carNames)
        .where(and(gt(carNames.carsForSale, 0), sql`${folded(word)} <% ${carNames.nameKey}`));
      return { word, names: rows.map((row) => row.nameKey) };
    }),
  );
}

/** Whether a car matches one searched word: its name resembles it, or one of its words starts with it. */
const matches = ({ word, names }: SearchWord) =>
  names.length
    ? sql`(${inArray(cars.nameKey, names)} or ${cars.searchWords} @@ ${startingWith(word)})`
    : sql`${cars.searchWords} @@ ${startingWith(word)}`;

/** How well the words match a car: how much its name resembles each, twice, and one for a word it has. */
function relevance(searched: SearchWord[]): SQL<number> {
  if (!searched.length) return sql<number>`0`;
  const parts = searched.map(
    ({ word }) =>
      sql`2 * word_similarity(${folded(word)}, ${cars.nameKey}) + (${cars.searchWords} @@ ${startingWith(word)})::int`,
  );
  // An integer, so that a cursor holds it exactly.
  return sql<number>`round(1000 * (${sql.join(parts, sql` + `)}))::int`;
}

type FilterName = 'category' | 'brand' | 'fuel' | 'year' | 'price' | 'km' | 'verified';

/** The search's conditions: what every car must meet, and each filter's own condition. */
function conditionsOf(query: CarSearchQuery, words: SearchWord[]) {
  const base = and(
    isNull(cars.soldAt),
    query.seller === undefined ? undefined : eq(cars.sellerId, query.seller),
    ...words.map(matches),
  ) as SQL;
  const range = (column: SQL, min?: number, max?: number) =>
    min === undefined && max === undefined
      ? undefined
      : and(
          min === undefined ? undefined : sql`${column} >= ${min}`,
          max === undefined ? undefined : sql`${column} <= ${max}`,
        );
  const filters: Partial<Record<FilterName, SQL>> = {
    category: query.category?.length ? inArray(cars.categoryId, query.category) : undefined,
    brand: query.brand?.length
      ? sql`${cars.brandKey} in (${sql.join(query.brand.map(folded), sql`, `)})`
      : undefined,
    fuel: query.fuel?.length ? inArray(cars.fuel, query.fuel) : undefined,
    year: range(sql`${cars.year}`, query.yearMin, query.yearMax),
    price: range(sql`${cars.askingPrice}`, query.priceMin, query.priceMax),
    km: range(sql`${cars.kmDriven}`, undefined, query.kmMax),
    verified: query.verified
      ? sql`exists (select 1 from ${users} where ${users.id} = ${cars.sellerId} and ${users.isVerified})`
      : undefined,
  };
  /** Every filter but `except` (all of them without it), as one condition. */
  const allBut = (except?: FilterName): SQL => {
    const others = Object.entries(filters)
      .filter(([name, condition]) => name !== except && condition !== undefined)
      .map(([, condition]) => condition as SQL);
    return others.length ? (and(...others) as SQL) : sql`true`;
  };
  return { base, allBut };
}

// Sort orders and their cursors.

type KeyKind = 'int' | 'time' | 'id';
interface SortOrder {
  direction: 'asc' | 'desc';
  keys: { column: SQL; kind: KeyKind; of: (row: PageRow) => unknown }[];
}
interface PageRow {
  id: string;
  addedDate: Date;
  askingPrice: number;
  kmDriven: number;
  year: number;
  score: number;
}

const byId = { column: sql`${cars.id}`, kind: 'id' as const, of: (row: PageRow) => row.id };
const byAdded = {
  column: sql`${cars.addedDate}`,
  kind: 'time' as const,
  of: (row: PageRow) => row.addedDate.toISOString(),
};
const byInt = (column: SQL, of: (row: PageRow) => number) => ({
  column,
  kind: 'int' as const,
  of,
});

function sortOrder(sort: SearchSort, score: SQL<number>): SortOrder {
  switch (sort) {
    case 'relevance':
      return { direction: 'desc', keys: [byInt(score, (r) => r.score), byAdded, byId] };
    case 'newest':
      return { direction: 'desc', keys: [byAdded, byId] };
    case 'price_asc':
      return { direction: 'asc', keys: [byInt(sql`${cars.askingPrice}`, (r) => r.askingPrice), byId] };
    case 'price_desc':
      return { direction: 'desc', keys: [byInt(sql`${cars.askingPrice}`, (r) => r.askingPrice), byId] };
    case 'km_asc':
      return { direction: 'asc', keys: [byInt(sql`${cars.kmDriven}`, (r) => r.kmDriven), byId] };
    case 'year_desc':
      return { direction: 'desc', keys: [byInt(sql`${cars.year}`, (r) => r.year), byId] };
  }
}

const INT_LIMIT = 2 ** 31;

function encodeCursor(sort: SearchSort, values: unknown[]): string {
  return Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');
}

/** The key values a cursor holds, checked against the sort order: a forged cursor gets a 400, never a 500. */
function decodeCursor(cursor: string, sort: SearchSort, order: SortOrder): unknown[] {
  const invalid = () => badRequest('The page cursor is invalid.', { cursor: 'Invalid cursor' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort || parsed.length !== order.keys.length + 1)
    throw invalid();
  const values = parsed.slice(1);
  order.keys.forEach((key, i) => {
    const value = values[i];
    const valid =
      key.kind === 'int'
        ? Number.isInteger(value) && Math.abs(value as number) < INT_LIMIT
        : key.kind === 'id'
          ? typeof value === 'string' && isUuid(value)
          : typeof value === 'string' && isStorableTime(value);
    if (!valid) throw invalid();
  });
  return values;
}

/** A time PostgreSQL can store: JavaScript dates reach years it cannot. */
function isStorableTime(value: string) {
  const year = new Date(value).getUTCFullYear();
  return !Number.isNaN(year) && year >= 1 && year <= 9999;
}

/**
 * The statement of a page: its cars in order (ids and sort keys), one more than asked to learn
 * whether another page follows; and the sort order it follows.
 */
export function pageStatement(db: Db, query: CarSearchQuery, words: SearchWord[], sort: SearchSort) {
  const score = relevance(words);
  const order = sortOrder(sort, score);
  const { base, allBut } = conditionsOf(query, words);
  let after: SQL | undefined;
  if (query.cursor) {
    const values = decodeCursor(query.cursor, sort, order);
    const keys = sql.join(
      order.keys.map((key) => sql`${key.column}`),
      sql`, `,
    );
    const params = sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
    after = order.direction === 'desc' ? sql`(${keys}) < (${params})` : sql`(${keys}) > (${params})`;
  }
  const direction = order.direction === 'desc' ? desc : asc;
  const statement = db
    .select({
      id: cars.id,
      addedDate: cars.addedDate,
      askingPrice: cars.askingPrice,
      kmDriven: cars.kmDriven,
      year: cars.year,
      score: sort === 'relevance' ? score : sql<number>`0`,
    })
    .from(cars)
    .where(and(base, allBut(), after))
    .orderBy(...order.keys.map((key) => direction(key.column)))
    .limit(query.limit + 1);
  return { statement, order };
}

/** A page of the search: its cars' ids in order, and the cursor of the next page (null on the last). */
export async function searchPage(db: Db, query: CarSearchQuery, words: SearchWord[], sort: SearchSort) {
  const { statement, order } = pageStatement(db, query, words, sort);
  const rows = await statement;
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(
          sort,
          order.keys.map((key) => key.of(last)),
        )
      : null;
  return { ids: items.map((row) => row.id), nextCursor };
}

type Facet = 'category' | 'brand' | 'fuel';

/** The statement of a search's total and facets: one scan of the cars its text matches. */
export function facetsStatement(db: Db, query: CarSearchQuery, words: SearchWord[]) {
  const { base, allBut } = conditionsOf(query, words);
  const count = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;
  const bound = (fn: 'min' | 'max', column: SQL, filter: SQL) =>
    sql<number | null>`${sql.raw(fn)}(${column}) filter (where ${filter})`;
  const named = query.brand ?? [];
  // The brands the search names, folded as the database folds them (to find them among the counts).
  const namedBrands = named.length ? sql`array[${sql.join(named.map(folded), sql`, `)}]` : sql`'{}'::text[]`;
  return db
    .select({
      grouped: {
        category: sql<number>`grouping(${cars.categoryId})`,
        brand: sql<number>`grouping(${cars.brandKey})`,
        fuel: sql<number>`grouping(${cars.fuel})`,
      },
      value: { category: cars.categoryId, brand: cars.brandKey, fuel: cars.fuel },
      count: {
        category: count(allBut('category')),
        brand: count(allBut('brand')),
        fuel: count(allBut('fuel')),
      },
      // A hashable aggregate (an ordered-set one such as mode() would sort every car three times):
      // the spelling that sorts first byte by byte, capitals before lower case.
      brandLabel: sql<string>`min(${cars.brand} collate "C")`,
      total: count(allBut()),
      yearMin: bound('min', sql`${cars.year}`, allBut('year')),
      yearMax: bound('max', sql`${cars.year}`, allBut('year')),
      priceMin: bound('min', sql`${cars.askingPrice}`, allBut('price')),
      priceMax: bound('max', sql`${cars.askingPrice}`, allBut('price')),
      namedBrands: sql<string[]>`${namedBrands}`,
    })
    .from(cars)
    .where(base)
    .groupBy(sql`grouping sets ((${cars.categoryId}), (${cars.brandKey}), (${cars.fuel}), ())`);
}

/** The total and the facets of a search. */
export async function searchFacets(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
): Promise<{ total: number; facets: CarSearchFacets }> {
  const named = query.brand ?? [];
  const [rows, categoryRows] = await Promise.all([facetsStatement(db, query, words), listCategories(db)]);
  const overall = rows.find((row) => row.grouped.category && row.grouped.brand && row.grouped.fuel);
  /** Each value of one facet with its count (and, for brands, the most common spelling). */
  const countsOf = (facet: Facet) =>
    new Map(
      rows
        .filter((row) => !row.grouped[facet] && row.value[facet] !== null)
        .map((row) => [row.value[facet] as string, { count: row.count[facet], label: row.brandLabel }]),
    );
  const categoryCounts = countsOf('category');
  const fuelCounts = countsOf('fuel');
  // Brands are as sellers typed them: one value per spelling folded (lower case, no accents),
  // labelled with its most common spelling; those with cars, and those the search names.
  const brand: FacetValue[] = [...countsOf('brand')]
    .filter(([, { count }]) => count > 0)
    .map(([value, { count, label }]) => ({ value, label, count }));
  (overall?.namedBrands ?? []).forEach((value, i) => {
    if (!brand.some((b) => b.value === value)) brand.push({ value, label: named[i]!, count: 0 });
  });
  brand.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));

  return {
    total: overall?.total ?? 0,
    facets: {
      category: categoryRows.map(({ id, name }) => ({
        value: id,
        label: name,
        count: categoryCounts.get(id)?.count ?? 0,
      })),
      brand,
      fuel: FUELS.map((fuel) => ({ value: fuel, label: fuel, count: fuelCounts.get(fuel)?.count ?? 0 })),
      year: { min: overall?.yearMin ?? null, max: overall?.yearMax ?? null },
      price: { min: overall?.priceMin ?? null, max: overall?.priceMax ?? null },
    },
  };
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern built from what someone typed. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Up to SUGGESTIONS_MAX brand and model names of cars for sale that complete `q` (from `car_names`,
 * which the database keeps): names that start with it first, then those with a word that does, then
 * those it resembles (a typo), the most offered first. A brand that matches comes before its models.
 */
export function suggestStatement(db: Db, q: string) {
  const text = folded(q);
  const startsWith = sql`${folded(escapeLike(q))} || '%'`;
  const wordStartsWith = sql`'% ' || ${folded(escapeLike(q))} || '%'`;
  // Under three characters a word has no trigram of its own: names that start with them only (a
  // b-tree range); from three on, the trigram index finds the text anywhere, or a name it resembles.
  const match =
    [...q].length < 3
      ? sql`${carNames.nameKey} like ${startsWith}`
      : sql`(${carNames.nameKey} like '%' || ${folded(escapeLike(q))} || '%' or ${text} <% ${carNames.nameKey})`;
  return db
    .select({
      brandKey: carNames.brandKey,
      brand: carNames.brand,
      model: carNames.model,
      brandMatches: sql<boolean>`(${carNames.brandKey} like ${startsWith} or ${text} <% ${carNames.brandKey})`,
    })
    .from(carNames)
    .where(and(gt(carNames.carsForSale, 0), match))
    .orderBy(
      desc(sql`${carNames.nameKey} like ${startsWith}`),
      desc(sql`${carNames.nameKey} like ${wordStartsWith}`),
      desc(sql`word_similarity(${text}, ${carNames.nameKey})`),
      desc(carNames.carsForSale),
      asc(carNames.nameKey),
    )
    .limit(SUGGESTIONS_MAX);
}

/** The suggestions for `q`: a matching brand before its models, at most SUGGESTIONS_MAX. */
export async function suggestNames(db: Db, q: string): Promise<CarSuggestions> {
  const rows = await suggestStatement(db, q);
  const items: CarSuggestions['items'] = [];
  const brandsShown = new Set<string>();
  for (const row of rows) {
    if (row.brandMatches && !brandsShown.has(row.brandKey)) {
      brandsShown.add(row.brandKey);
      items.push({ label: row.brand, brand: row.brand, model: null });
    }
    items.push({ label: `${row.brand} ${row.model}`, brand: row.brand, model: row.model });
  }
  return { items: items.slice(0, SUGGESTIONS_MAX) };
}
