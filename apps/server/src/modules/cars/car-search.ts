/**
 * The car search (`GET /cars/search`), over the cars for sale only (the search box's suggestions:
 * catalogue/search-catalogue.ts).
 *
 * Text is matched word by word, each word of the search in lower case without accents: it matches a
 * car whose brand and model resemble it (pg_trgm's word similarity on `cars.name_key`, so that a
 * small typo still matches: "porshe", "lamborgini"), or one with a word that starts with it anywhere
 * in its engine or about text (full text on `cars.search_words`; a word of two letters, one that is
 * it). Each word must match. Every filter and sort order has an index (schema.ts), and pages
 * continue after an opaque cursor that holds the last car's sort key (keyset pagination), so every
 * car of a search is served exactly once while cars are added.
 *
 * The facet counts are disjunctive: a value's count applies every *other* active filter. One
 * statement computes them all (GROUPING SETS, each count with its own FILTER) over cells: the kept
 * counts of `car_counts` (migration 0004) or, by price or km, of `car_band_counts` (0005), a few
 * thousand or tens of thousands of cells instead of up to a million cars, and the cars counted one
 * by one only where the kept cells cannot answer (see CountSource).
 */
import {
  type CarSearchFacets,
  type CarSearchQuery,
  type FacetValue,
  FUELS,
  SEARCH_WORDS_MAX,
  type SearchSort,
} from '@redline/shared';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { CarColumns, Cell } from '../../catalogue/car-columns.ts';
import type { Kept } from '../../catalogue/catalogue-cache.ts';
import {
  CarNameIndex,
  carNamesStatement,
  type SearchCatalogue,
  type SearchCounts,
  type SearchWord,
} from '../../catalogue/search-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/pagination.ts';
import { carBandCounts, carCounts, carNames, cars } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { listCategories } from '../categories/index.ts';

/** One key per search, whatever the order of its parameters and repeated values (the cache's). */
export function searchKey(query: Partial<CarSearchQuery>): string {
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
/**
 * A word of the text is matched as a prefix from this many letters: "turbo" finds "twin-turbo" and
 * "engin" finds "engine". Shorter, it is matched whole ("v8", "gt"): two letters start words of most
 * texts ("co", "cr"), and would match them all.
 */
const PREFIX_LETTERS = 3;
/** The words of a text that `word` matches (`word` holds letters and digits only): see PREFIX_LETTERS. */
const textQuery = (word: string) =>
  [...word].length >= PREFIX_LETTERS
    ? sql`to_tsquery('simple'::regconfig, ${folded(word)} || ':*')`
    : sql`to_tsquery('simple'::regconfig, ${folded(word)})`;

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
        .select({
          nameKey: carNames.nameKey,
          similarity: sql<number>`word_similarity(${folded(word)}, ${carNames.nameKey})`,
        })
        .from(carNames)
        .where(and(gt(carNames.carsForSale, 0), sql`${folded(word)} <% ${carNames.nameKey}`));
      return { word, names: new Map(rows.map((row) => [row.nameKey, row.similarity])) };
    }),
  );
}

/** Whether a car matches one searched word through its engine or about text (textQuery). */
const hasWord = (word: string) => sql`${cars.searchWords} @@ ${textQuery(word)}`;

/** Whether a car matches one searched word: its name resembles it, or a word of its text starts with it. */
const matches = ({ word, names }: SearchWord) =>
  names.size ? sql`(${inArray(cars.nameKey, [...names.keys()])} or ${hasWord(word)})` : hasWord(word);

/**
 * The names that every word resembles, each with its relevance: the cars of those names match the
 * text whatever else they hold, and a search's counts can take them from `car_counts`.
 */
function namesOfEveryWord(words: SearchWord[]): Map<string, number> {
  if (!words.length) return new Map();
  const [first, ...rest] = words;
  const names = new Map<string, number>();
  for (const name of first!.names.keys()) {
    if (rest.every((w) => w.names.has(name)))
      names.set(
        name,
        words.reduce((sum, w) => sum + scoreOfName(w.names.get(name)!), 0),
      );
  }
  return names;
}

/**
 * A word's relevance, in thousandths (integers, so that a cursor holds them exactly): twice its
 * similarity to the name when the name resembles it (from 1,000, since the similarity is at least
 * 0.5), else 1,000 when a word of the text starts with it.
 */
const scoreOfName = (similarity: number) => Math.round(2000 * similarity);
const WORD_SCORE = 1000;

/** How well the words match a car: the sum of each word's relevance, its names' part measured once per name. */
function relevance(words: SearchWord[]): SQL<number> {
  if (!words.length) return sql<number>`0`;
  const parts = words.map(({ word, names }) => {
    const byWord = sql`${WORD_SCORE} * (${hasWord(word)})::int`;
    if (!names.size) return byWord;
    const cases = [...names].map(([name, similarity]) => sql`when ${name} then ${scoreOfName(similarity)}`);
    return sql`case ${cars.nameKey} ${sql.join(cases, sql` `)} else ${byWord} end`;
  });
  return sql<number>`(${sql.join(parts, sql` + `)})::int`;
}

type FilterName = 'category' | 'brand' | 'fuel' | 'year' | 'price' | 'verified';

/** The columns a search's filters read: a car's, or a kept cell's of `car_counts` (see facetsStatement). */
interface FilterColumns {
  categoryId: SQL;
  brandKey: SQL;
  fuel: SQL;
  year: SQL;
  sellerVerified: SQL;
  /** A car's price (cells have none: see facetsStatement). */
  price?: SQL;
}

/** The filter columns of a table, or of a subquery, that has them all by the cars' names. */
const columnsOf = (source: Record<Exclude<keyof FilterColumns, 'price'>, SQLWrapper>): FilterColumns => ({
  categoryId: sql`${source.categoryId}`,
  brandKey: sql`${source.brandKey}`,
  fuel: sql`${source.fuel}`,
  year: sql`${source.year}`,
  sellerVerified: sql`${source.sellerVerified}`,
});
const carColumns: FilterColumns = { ...columnsOf(cars), price: sql`${cars.askingPrice}` };
const keptColumns = columnsOf(carCounts);

/** `column` is one of `values` (no condition without values). */
const oneOf = (column: SQL, values: SQL[] | undefined) =>
  values?.length ? sql`${column} in (${sql.join(values, sql`, `)})` : undefined;

/**
 * Each facet filter of a search as a condition on `columns`: `allBut(name)`, every one of them but
 * `name` (all without it), as one condition, and `only(name)`.
 */
function filtersOf(query: CarSearchQuery, columns: FilterColumns) {
  const filters: Partial<Record<FilterName, SQL>> = {
    category: oneOf(
      columns.categoryId,
      query.category?.map((id) => sql`${id}`),
    ),
    brand: oneOf(columns.brandKey, query.brand?.map(folded)),
    fuel: oneOf(
      columns.fuel,
      query.fuel?.map((fuel) => sql`${fuel}`),
    ),
    year: and(
      query.yearMin === undefined ? undefined : sql`${columns.year} >= ${query.yearMin}`,
      query.yearMax === undefined ? undefined : sql`${columns.year} <= ${query.yearMax}`,
    ),
    price: columns.price
      ? and(
          query.priceMin === undefined ? undefined : sql`${columns.price} >= ${query.priceMin}`,
          query.priceMax === undefined ? undefined : sql`${columns.price} <= ${query.priceMax}`,
        )
      : undefined,
    verified: query.verified ? sql`${columns.sellerVerified}` : undefined,
  };
  const allBut = (except?: FilterName): SQL => {
    const others = Object.entries(filters)
      .filter(([name, condition]) => name !== except && condition !== undefined)
      .map(([, condition]) => condition as SQL);
    return others.length ? (and(...others) as SQL) : sql`true`;
  };
  /** One filter's condition (true without it). */
  const only = (name: FilterName): SQL => filters[name] ?? sql`true`;
  /**
   * That at most one filter fails (none with fewer than two filters): a cell or car that fails two
   * is in no count or bound, since each of them leaves out one filter at most.
   */
  const failsAtMostOne = (): SQL | undefined => {
    const conditions = Object.values(filters).filter((condition) => condition !== undefined);
    if (conditions.length < 2) return undefined;
    return sql`(${sql.join(
      conditions.map((condition) => sql`(not (${condition}))::int`),
      sql` + `,
    )}) <= 1`;
  };
  return { allBut, only, failsAtMostOne };
}

/** What every car of a search must meet besides the facet filters: for sale, its seller, its km, its text. */
function carConditions(query: CarSearchQuery, words: SearchWord[]): SQL {
  return and(
    isNull(cars.soldAt),
    query.seller === undefined ? undefined : eq(cars.sellerId, query.seller),
    query.kmMax === undefined ? undefined : sql`${cars.kmDriven} <= ${query.kmMax}`,
    ...words.map(matches),
  ) as SQL;
}

/**
 * The cars that match a search's text through a word of their engine or about text, and not by
 * their name alone (a name of `names`): what the kept counts of those names leave to count. Each
 * must have one of the words, said once more so that the planner reads those words' GIN entries.
 */
const beyondNames = (words: SearchWord[], names: Map<string, number>) =>
  and(notInArray(cars.nameKey, [...names.keys()]), or(...words.map(({ word }) => hasWord(word)))) as SQL;

// Sort orders and their cursors.

type KeyKind = 'int' | 'time' | 'id';
interface SortOrder {
  direction: 'asc' | 'desc';
  /** Each key: its column, the name the page's rows give it, its kind and its value in a row. */
  keys: { column: SQL; name: string; kind: KeyKind; of: (row: PageRow) => unknown }[];
}
interface PageRow {
  id: string;
  addedDate: Date;
  askingPrice: number;
  kmDriven: number;
  year: number;
  score: number;
}

const byId = { column: sql`${cars.id}`, name: 'id', kind: 'id' as const, of: (row: PageRow) => row.id };
const byAdded = {
  column: sql`${cars.addedDate}`,
  name: 'added_date',
  kind: 'time' as const,
  of: (row: PageRow) => row.addedDate.toISOString(),
};
const byInt = (column: SQL, name: string, of: (row: PageRow) => number) => ({
  column,
  name,
  kind: 'int' as const,
  of,
});

function sortOrder(sort: SearchSort, score: SQL<number>): SortOrder {
  switch (sort) {
    case 'relevance':
      return { direction: 'desc', keys: [byInt(score, 'score', (r) => r.score), byAdded, byId] };
    case 'newest':
      return { direction: 'desc', keys: [byAdded, byId] };
    case 'price_asc':
      return {
        direction: 'asc',
        keys: [byInt(sql`${cars.askingPrice}`, 'asking_price', (r) => r.askingPrice), byId],
      };
    case 'price_desc':
      return {
        direction: 'desc',
        keys: [byInt(sql`${cars.askingPrice}`, 'asking_price', (r) => r.askingPrice), byId],
      };
    case 'km_asc':
      return { direction: 'asc', keys: [byInt(sql`${cars.kmDriven}`, 'km_driven', (r) => r.kmDriven), byId] };
    case 'year_desc':
      return { direction: 'desc', keys: [byInt(sql`${cars.year}`, 'year', (r) => r.year), byId] };
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
 * Of `names`, those with a car that meets the search's category, brand, fuel, year and verified
 * filters (from the kept counts): a relevance page reads no name that has none, which would read
 * every car of the name to learn it.
 */
async function namesWithCars(db: Db, query: CarSearchQuery, names: Map<string, number>) {
  if (!names.size) return names;
  const rows = await namesWithCarsStatement(db, query, names);
  return new Map(rows.map(({ nameKey }) => [nameKey, names.get(nameKey)!]));
}

/** The names of `names` with a car under the search's category, brand, fuel, year and verified filters. */
function namesWithCarsStatement(db: Db, query: CarSearchQuery, names: Map<string, number>) {
  return db
    .selectDistinct({ nameKey: carCounts.nameKey })
    .from(carCounts)
    .where(
      and(
        inArray(carCounts.nameKey, [...names.keys()]),
        gt(carCounts.carsForSale, 0),
        filtersOf(query, keptColumns).allBut(),
      ),
    );
}

/** The columns of a kept cell's key in `car_counts`, or a car's: the first of cars_unsold_facets_idx. */
const cellKey = (source: typeof cars | typeof carCounts) =>
  sql`${source.nameKey}, ${source.categoryId}, ${source.fuel}, ${source.year}, ${source.sellerVerified}`;

/** The keys of the kept cells with a car under the search's category, brand, fuel, year and verified filters. */
const cellsWithCars = (query: CarSearchQuery) =>
  sql`select ${cellKey(carCounts)} from ${carCounts} where ${and(gt(carCounts.carsForSale, 0), filtersOf(query, keptColumns).allBut())}`;

/**
 * Whether a page should gather every car of its search and sort them, rather than walk its order's
 * index until a page's worth of them turns up. The walk reads about `forSale / total` cars for each
 * one it keeps (a search that matches none of a million cars read them all: 3–4 s, ADR 21); the
 * gathering reads the `total` cars once, from the kept cells that have cars under its filters.
 */
export const gathers = (pageSize: number, total: number, forSale: number) =>
  total * total <= pageSize * forSale;

/**
 * The statement of a page: its cars in order (ids and sort keys), one more than asked to learn
 * whether another page follows; and the sort order it follows. `gather`: the statement gathers
 * every car of the search from the kept cells that have cars under its filters, then sorts them
 * (see `gathers`).
 */
export function pageStatement(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
  sort: SearchSort,
  names = namesOfEveryWord(words),
  gather = false,
) {
  const score = relevance(words);
  const order = sortOrder(sort, score);
  const values = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined;
  const where = and(carConditions(query, words), filtersOf(query, carColumns).allBut()) as SQL;
  /** After the cursor's values in the order of `keys` (the sort's, or its last ones). */
  const after = (keys: SQL[], from: unknown[]) => {
    const row = sql.join(keys, sql`, `);
    const params = sql.join(
      from.map((value) => sql`${value}`),
      sql`, `,
    );
    return order.direction === 'desc' ? sql`(${row}) < (${params})` : sql`(${row}) > (${params})`;
  };
  const direction = order.direction === 'desc' ? desc : asc;
  const select = (scored: SQL) =>
    db
      .select({
        id: cars.id,
        addedDate: cars.addedDate,
        askingPrice: cars.askingPrice,
        kmDriven: cars.kmDriven,
        year: cars.year,
        score: sql<number>`${scored}`.as('score'),
      })
      .from(cars);
  const limit = query.limit + 1;
  const keys = order.keys.map((key) => key.column);
  if (gather) {
    // A LIMIT that keeps every car keeps the gathering a subquery of its own, planned for all its
    // cars rather than for the first few in the order, which would walk the order's index (the
    // usual OFFSET 0 is one Drizzle leaves out).
    const gathered = select(score)
      .where(and(where, sql`(${cellKey(cars)}) in (${cellsWithCars(query)})`, values && after(keys, values)))
      .limit(INT_LIMIT - 1)
      .as('gathered');
    const statement = db
      .select()
      .from(gathered)
      .orderBy(...order.keys.map((key) => direction(sql.identifier(key.name))))
      .limit(limit);
    return { statement, order };
  }
  if (sort !== 'relevance' || !words.length) {
    const statement = select(sql`0`)
      .where(and(where, values && after(keys, values)))
      .orderBy(...keys.map((key) => direction(key)))
      .limit(limit);
    return { statement, order };
  }
  // By relevance. The cars of a name that every word resembles share one score, and so do all the
  // cars when no word resembles a name: such cars come newest first from an index, a page's worth
  // each (cars_unsold_name_idx per name). Any other car matched is scored one by one. The best of
  // them all make the page.
  const [afterScore, ...afterKeys] = values ?? [];
  /** The cars that meet `condition`, all scored `shared`, newest first after the cursor (none when it is past them). */
  const sharing = (shared: number, condition: SQL | undefined) =>
    values !== undefined && shared > (afterScore as number)
      ? undefined
      : select(sql`${shared}::int`)
          .where(
            and(
              where,
              condition,
              values && shared === afterScore ? after(keys.slice(1), afterKeys) : undefined,
            ),
          )
          .orderBy(desc(cars.addedDate), desc(cars.id))
          .limit(limit);
  const beyond = words.every((word) => !word.names.size)
    ? sharing(WORD_SCORE * words.length, undefined)
    : select(score)
        .where(and(where, names.size ? beyondNames(words, names) : undefined, values && after(keys, values)))
        .orderBy(...keys.map((key) => desc(key)))
        .limit(limit);
  const [first, second, ...others] = [
    beyond,
    ...[...names].map(([name, nameScore]) => sharing(nameScore, eq(cars.nameKey, name))),
  ].filter((branch) => branch !== undefined);
  // With no branch left, the cursor is past every car: the first one answers none.
  const statement = second
    ? unionAll(first!, second, ...others)
        .orderBy(desc(sql`score`), desc(sql`added_date`), desc(sql`id`))
        .limit(limit)
    : (first ?? select(sql`0`).where(sql`false`));
  return { statement, order };
}

/**
 * A page of the search: its cars' ids in order, and the cursor of the next page (null on the last).
 * `counts`: how many cars the search matches and how many are for sale, when known: the page of a
 * search that matches none reads nothing, one without text that matches few gathers them (see
 * `gathers`).
 */
export async function searchPage(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
  sort: SearchSort,
  counts?: { total: number; forSale: number },
) {
  // Text is read by its own indexes (a name's, the words'), whatever the cells: a search with words
  // walks, which reads its names' cars and the words' matches only.
  const gather =
    !words.length && counts !== undefined && gathers(query.limit + 1, counts.total, counts.forSale);
  const names =
    sort === 'relevance' && !gather && counts?.total !== 0
      ? await namesWithCars(db, query, namesOfEveryWord(words))
      : undefined;
  // Made before the search that matches nothing answers: it checks the cursor (a 400 when forged).
  const { statement, order } = pageStatement(db, query, words, sort, names, gather);
  if (counts?.total === 0) return { ids: [], nextCursor: null };
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

/**
 * What a search's counts add up: `cells`, the kept cells of `car_counts` (a search with no price, km
 * or seller); `bands`, those of `car_band_counts` (by price or km, no seller); or `cars`, one by one
 * (a seller's cars, or text that resembles no name). With text, the cells are those of the names
 * every word resembles, and the cars the text matches beyond them are counted one by one.
 */
export type CountSource = 'cells' | 'bands' | 'cars';

export function countSource(
  query: CarSearchQuery,
  names: Map<string, number>,
  words: SearchWord[],
): CountSource {
  if (query.seller !== undefined || (words.length > 0 && !names.size)) return 'cars';
  const ranged = query.priceMin !== undefined || query.priceMax !== undefined || query.kmMax !== undefined;
  return ranged ? 'bands' : 'cells';
}

/**
 * A cell of facetsStatement: the filter columns of `key` (a kept table's, or the cars' grouped), its
 * cars for sale and their price bounds from `counts`.
 */
const cellOf = (
  key: Record<'categoryId' | 'brandKey' | 'fuel' | 'year' | 'sellerVerified', SQLWrapper>,
  counts: Record<'carsForSale' | 'priceMin' | 'priceMax', SQLWrapper>,
) => ({
  categoryId: sql<string>`${key.categoryId}`.as('category_id'),
  brandKey: sql<string>`${key.brandKey}`.as('brand_key'),
  fuel: sql<string>`${key.fuel}`.as('fuel'),
  year: sql<number>`${key.year}`.as('year'),
  sellerVerified: sql<boolean>`${key.sellerVerified}`.as('seller_verified'),
  carsForSale: sql<number>`(${counts.carsForSale})::int`.as('cars_for_sale'),
  priceMin: sql<number | null>`${counts.priceMin}`.as('price_min'),
  priceMax: sql<number | null>`${counts.priceMax}`.as('price_max'),
});

/**
 * The cells of the search's names (every name without text) from one of the kept tables, each with
 * its cars for sale, in the shape of every cell of facetsStatement.
 */
function keptCellsOf(
  db: Db,
  query: CarSearchQuery,
  table: typeof carCounts | typeof carBandCounts,
  names: Map<string, number> | undefined,
  condition?: SQL,
  counts: Parameters<typeof cellOf>[1] = table,
) {
  return db
    .select(cellOf(table, counts))
    .from(table)
    .where(and(keptCellsRead(query, table, names), condition));
}

/** The kept cells a search reads: with cars, of its names (when it has words), failing at most one of its filters. */
const keptCellsRead = (
  query: CarSearchQuery,
  table: typeof carCounts | typeof carBandCounts,
  names: Map<string, number> | undefined,
) =>
  and(
    gt(table.carsForSale, 0),
    names ? inArray(table.nameKey, [...names.keys()]) : undefined,
    filtersOf(query, columnsOf(table)).failsAtMostOne(),
  );

/**
 * How a search's price and km ranges meet a kept cell, by its price bounds and km bounds: they hold
 * it whole (`kmWhole` and `priceWhole`), leave all its prices out (`priceNone`: its prices still
 * bound the price facet), leave it out by km (not `kmSome`), or cut it.
 */
function rangesOver(query: CarSearchQuery, cell: typeof carCounts | typeof carBandCounts) {
  const { priceMin: low, priceMax: high, kmMax } = query;
  const kmWhole = kmMax === undefined ? sql`true` : sql`${cell.kmTop} <= ${kmMax}`;
  const kmSome = kmMax === undefined ? sql`true` : sql`${cell.kmAbove} < ${kmMax}`;
  const priceWhole =
    and(
      low === undefined ? undefined : sql`${cell.priceMin} >= ${low}`,
      high === undefined ? undefined : sql`${cell.priceMax} <= ${high}`,
    ) ?? sql`true`;
  const priceNone =
    or(
      low === undefined ? undefined : sql`${cell.priceMax} < ${low}`,
      high === undefined ? undefined : sql`${cell.priceMin} > ${high}`,
    ) ?? sql`false`;
  const decided = sql`(${kmWhole} and (${priceWhole} or ${priceNone}))`;
  /** A decided cell's count and price bounds: its kept count when the price range holds it whole, else none. */
  const keptCounts = {
    carsForSale: sql`case when ${priceWhole} then ${cell.carsForSale} else 0 end`,
    priceMin: cell.priceMin,
    priceMax: cell.priceMax,
  };
  return { kmSome, decided, keptCounts };
}

/**
 * The cells of a search by price or km. A plain cell (`car_counts`) the ranges hold whole or leave
 * out answers from its kept count and bounds (rangesOver); one beyond the km range is left out;
 * only the cells the ranges cut are read band by band (`car_band_counts`): each band cell the
 * same way, and a band cell the ranges cut counts its own cars, found from cars_unsold_facets_idx
 * by the cell's key.
 */
function bandCells(db: Db, query: CarSearchQuery, names: Map<string, number> | undefined) {
  const band = carBandCounts;
  const plain = rangesOver(query, carCounts);
  const banded = rangesOver(query, band);
  const decidedPlain = keptCellsOf(db, query, carCounts, names, plain.decided, plain.keptCounts);
  /** The plain cells the ranges cut: only their band cells are read. */
  const cutPlain = and(keptCellsRead(query, carCounts, names), plain.kmSome, sql`not ${plain.decided}`);
  const samePlainCell = and(
    eq(carCounts.nameKey, band.nameKey),
    eq(carCounts.categoryId, band.categoryId),
    eq(carCounts.fuel, band.fuel),
    eq(carCounts.year, band.year),
    eq(carCounts.sellerVerified, band.sellerVerified),
  );
  const decidedBands = db
    .select(cellOf(band, banded.keptCounts))
    .from(band)
    .innerJoin(carCounts, samePlainCell)
    .where(and(cutPlain, keptCellsRead(query, band, names), banded.decided));

  const price = filtersOf(query, carColumns).only('price');
  const { kmMax } = query;
  const cut = db
    .select({
      carsForSale: sql<number>`(count(*) filter (where ${price}))::int`.as('cut_cars'),
      priceMin: sql<number | null>`min(${cars.askingPrice})`.as('cut_price_min'),
      priceMax: sql<number | null>`max(${cars.askingPrice})`.as('cut_price_max'),
    })
    .from(cars)
    .where(
      and(
        isNull(cars.soldAt),
        eq(cars.nameKey, band.nameKey),
        eq(cars.categoryId, band.categoryId),
        eq(cars.fuel, band.fuel),
        eq(cars.year, band.year),
        eq(cars.sellerVerified, band.sellerVerified),
        eq(cars.priceBand, band.priceBand),
        eq(cars.kmBand, band.kmBand),
        kmMax === undefined ? undefined : sql`${cars.kmDriven} <= ${kmMax}`,
      ),
    )
    .as('cut');
  const cutBands = db
    .select(cellOf(band, cut))
    .from(band)
    .innerJoin(carCounts, samePlainCell)
    .crossJoinLateral(cut)
    .where(and(cutPlain, keptCellsRead(query, band, names), banded.kmSome, sql`not ${banded.decided}`));
  return [decidedPlain, decidedBands, cutBands] as const;
}

/** The cars of one cell that a search's text matches, counted in memory (cellsInMemory). */
export interface CountedCell extends Cell {
  /** Those in the price range. */
  carsForSale: number;
  priceMin: number;
  priceMax: number;
}

/** Cells counted in memory, as rows of the facets statement (each array one column). */
function countedCells(db: Db, counted: CountedCell[]) {
  const column = <K extends keyof CountedCell>(key: K, type: string) =>
    sql`${sql.param(counted.map((cell) => cell[key]))}::${sql.raw(type)}[]`;
  const memory = sql`unnest(${sql.join(
    [
      column('categoryId', 'text'),
      column('brandKey', 'text'),
      column('fuel', 'text'),
      column('year', 'int'),
      column('sellerVerified', 'boolean'),
      column('carsForSale', 'int'),
      column('priceMin', 'int'),
      column('priceMax', 'int'),
    ],
    sql`, `,
  )}) as memory(category_id, brand_key, fuel, year, seller_verified, cars_for_sale, price_min, price_max)`;
  const of = (name: string) => sql`memory.${sql.identifier(name)}`;
  return db
    .select(
      cellOf(
        {
          categoryId: of('category_id'),
          brandKey: of('brand_key'),
          fuel: of('fuel'),
          year: of('year'),
          sellerVerified: of('seller_verified'),
        },
        { carsForSale: of('cars_for_sale'), priceMin: of('price_min'), priceMax: of('price_max') },
      ),
    )
    .from(memory);
}

/** The kept set of the cars whose text has `word` (textQuery), by its key among the columns' sets. */
export const textSet = (word: string) => ({ key: `text:${word}`, condition: hasWord(word) });

/**
 * The cars that a search's text matches, from the columns in memory (catalogue/car-columns.ts),
 * grouped into cells as the facets statement groups the cars it counts one by one: for sale, within
 * the km limit, each word matching a car by its name (a name it resembles) or its text (its kept set).
 * `beyond`: the names whose cars the kept counts hold, left out, and only the cars with one of the
 * words in their text counted. Not for a seller's cars (the database counts those: few).
 */
export async function cellsInMemory(
  columns: CarColumns,
  query: CarSearchQuery,
  words: SearchWord[],
  beyond?: Map<string, number>,
): Promise<CountedCell[]> {
  const { columns: c, sets } = await columns.view(words.map(({ word }) => textSet(word)));
  // Per cell, once: which words its name matches, and whether it is left out.
  const byName = words.map(({ names }) =>
    Uint8Array.from(c.cells, (cell) => (names.has(cell.nameKey) ? 1 : 0)),
  );
  const left = beyond && Uint8Array.from(c.cells, (cell) => (beyond.has(cell.nameKey) ? 1 : 0));
  const cars = new Int32Array(c.cells.length);
  const inRange = new Int32Array(c.cells.length);
  const low = new Int32Array(c.cells.length).fill(INT_MAX);
  const high = new Int32Array(c.cells.length).fill(INT_MIN);
  const { kmMax, priceMin = INT_MIN, priceMax = INT_MAX } = query;
  const visit = (seq: number) => {
    if (!c.live[seq] || (kmMax !== undefined && c.km[seq]! > kmMax)) return;
    const cell = c.cell[seq]!;
    let inText = false;
    for (let i = 0; i < words.length; i++) {
      const text = sets[i]!.has(seq);
      if (!text && !byName[i]![cell]) return;
      inText ||= text;
    }
    if (left && (left[cell] || !inText)) return;
    const price = c.price[seq]!;
    cars[cell]! += 1;
    if (price >= priceMin && price <= priceMax) inRange[cell]! += 1;
    if (price < low[cell]!) low[cell] = price;
    if (price > high[cell]!) high[cell] = price;
  };
  // A word that no name resembles matches by its text only: its set holds every car to visit. Beyond
  // the names, a car has one of the words in its text: each is visited from the first set it is in.
  const textOnly = words.findIndex(({ names }) => !names.size);
  if (textOnly >= 0) sets[textOnly]!.forEach(visit);
  else if (left)
    sets.forEach((set, i) => {
      set.forEach((seq) => {
        for (let j = 0; j < i; j++) if (sets[j]!.has(seq)) return;
        visit(seq);
      });
    });
  else for (let seq = 0; seq < c.size; seq++) visit(seq);
  return c.cells.flatMap((cell, i) =>
    cars[i] ? [{ ...cell, carsForSale: inRange[i]!, priceMin: low[i]!, priceMax: high[i]! }] : [],
  );
}

const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);

/**
 * The statement of a search's total and facets: one aggregation over cells, each a kept cell (its
 * cars counted together) or the cars of one cell counted by the statement (see CountSource).
 */
export function facetsStatement(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
  source?: CountSource,
  counted?: CountedCell[],
) {
  const names = namesOfEveryWord(words);
  const countedFrom = source ?? countSource(query, names, words);
  const namesSearched = words.length ? names : undefined;
  // The cars, grouped into cells of their own: the price range (not a facet's filter for the
  // counts) counts inside them, and their price bounds leave it out, as the price facet does.
  const price = filtersOf(query, carColumns).only('price');
  const carCells = counted
    ? countedCells(db, counted)
    : db
        .select(
          cellOf(cars, {
            carsForSale: sql`count(*) filter (where ${price})`,
            priceMin: sql`min(${cars.askingPrice})`,
            priceMax: sql`max(${cars.askingPrice})`,
          }),
        )
        .from(cars)
        .where(
          and(carConditions(query, words), countedFrom === 'cars' ? undefined : beyondNames(words, names)),
        )
        .groupBy(cars.categoryId, cars.brandKey, cars.fuel, cars.year, cars.sellerVerified);
  const kept =
    countedFrom === 'cells'
      ? [keptCellsOf(db, query, carCounts, namesSearched)]
      : bandCells(db, query, namesSearched);
  // One selection (cellOf) from several tables: Drizzle's types would have a union's parts share one table.
  const parts = countedFrom === 'cars' ? [carCells] : words.length ? [...kept, carCells] : kept;
  const [first, second, ...others] = parts as unknown as (typeof carCells)[];
  const cells = (second ? unionAll(first!, second, ...others) : first!).as('cells');
  // No price filter on cells: each counts its cars in the price range already.
  const { allBut } = filtersOf(query, columnsOf(cells));
  /** The cells with a car under `filter` and the price range (the years facet applies the range). */
  const withCars = (filter: SQL) => sql`${filter} and ${cells.carsForSale} > 0`;
  const count = (filter: SQL) =>
    sql<number>`(coalesce(sum(${cells.carsForSale}) filter (where ${filter}), 0))::int`;
  const bound = (fn: 'min' | 'max', column: SQL, filter: SQL) =>
    sql<number | null>`${sql.raw(fn)}(${column}) filter (where ${filter})`;
  const named = query.brand ?? [];
  // The brands the search names, folded as the database folds them (to find them among the counts).
  const namedBrands = named.length ? sql`array[${sql.join(named.map(folded), sql`, `)}]` : sql`'{}'::text[]`;
  return db
    .select({
      grouped: {
        category: sql<number>`grouping(${cells.categoryId})`,
        brand: sql<number>`grouping(${cells.brandKey})`,
        fuel: sql<number>`grouping(${cells.fuel})`,
      },
      value: { category: cells.categoryId, brand: cells.brandKey, fuel: cells.fuel },
      count: {
        category: count(allBut('category')),
        brand: count(allBut('brand')),
        fuel: count(allBut('fuel')),
      },
      total: count(allBut()),
      yearMin: bound('min', sql`${cells.year}`, withCars(allBut('year'))),
      yearMax: bound('max', sql`${cells.year}`, withCars(allBut('year'))),
      priceMin: bound('min', sql`${cells.priceMin}`, allBut('price')),
      priceMax: bound('max', sql`${cells.priceMax}`, allBut('price')),
      namedBrands: sql<string[]>`${namedBrands}`,
    })
    .from(cells)
    .groupBy(sql`grouping sets ((${cells.categoryId}), (${cells.brandKey}), (${cells.fuel}), ())`);
}

/** The search's catalogue, read from the database (the app keeps it: `context.searchCatalogue`). */
export async function loadSearchCatalogue(db: Db): Promise<SearchCatalogue> {
  const [names, categories] = await Promise.all([carNamesStatement(db), listCategories(db)]);
  return { names: new CarNameIndex(names), categories };
}

/** The total and the facets of a search (counted from `source`: the search's own by default). */
export async function searchFacets(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
  catalogue: SearchCatalogue,
  source?: CountSource,
  counted?: CountedCell[],
): Promise<{ total: number; forSale: number; facets: CarSearchFacets }> {
  const rows = await facetsStatement(db, query, words, source, counted);
  const overall = rows.find((row) => row.grouped.category && row.grouped.brand && row.grouped.fuel);
  /** Each value of one facet with its count. */
  const countsOf = (facet: Facet) =>
    new Map(
      rows
        .filter((row) => !row.grouped[facet] && row.value[facet] !== null)
        .map((row) => [row.value[facet] as string, row.count[facet]]),
    );
  const categoryCounts = countsOf('category');
  const fuelCounts = countsOf('fuel');
  // Brands are as sellers typed them: one value per spelling folded (lower case, no accents); those
  // with cars, and those the search names.
  const brand: FacetValue[] = [...countsOf('brand')]
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, label: catalogue.names.brandLabel(value) ?? value, count }));
  (overall?.namedBrands ?? []).forEach((value, i) => {
    if (!brand.some((b) => b.value === value)) brand.push({ value, label: query.brand![i]!, count: 0 });
  });
  brand.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));

  return {
    total: overall?.total ?? 0,
    forSale: catalogue.names.forSale,
    facets: {
      category: catalogue.categories.map(({ id, name }) => ({
        value: id,
        label: name,
        count: categoryCounts.get(id) ?? 0,
      })),
      brand,
      fuel: FUELS.map((fuel) => ({ value: fuel, label: fuel, count: fuelCounts.get(fuel) ?? 0 })),
      year: { min: overall?.yearMin ?? null, max: overall?.yearMax ?? null },
      price: { min: overall?.priceMin ?? null, max: overall?.priceMax ?? null },
    },
  };
}

/**
 * A search's counts: its words, then its total and facets; the cars its text matches counted from
 * the columns in memory (cellsInMemory), unless they are a seller's.
 */
async function countSearch(
  db: Db,
  query: CarSearchQuery,
  catalogue: SearchCatalogue,
  columns: CarColumns,
): Promise<SearchCounts> {
  const words = await resolveWords(db, query.q);
  const names = namesOfEveryWord(words);
  const counted =
    words.length && query.seller === undefined
      ? await cellsInMemory(
          columns,
          query,
          words,
          countSource(query, names, words) === 'cars' ? undefined : names,
        )
      : undefined;
  return { words, ...(await searchFacets(db, query, words, catalogue, undefined, counted)) };
}

/** One key per search's counts: every parameter but its sort and its page. */
const countsKey = ({ sort, cursor, limit, ...counted }: CarSearchQuery) => searchKey(counted);

/**
 * A search: its page's car ids in order, the next page's cursor, the total and the facets. The
 * counts are kept in `kept` (the app's: `context.searchCounts`) until the catalogue changes, so that
 * a search's next pages and its other sorts count nothing. Relevance needs words to weigh: without
 * them the newest come first, whatever the sort asked.
 */
export async function searchIds(
  db: Db,
  query: CarSearchQuery,
  search: { catalogue: SearchCatalogue; counts: Kept<SearchCounts>; columns: CarColumns },
) {
  const { words, total, forSale, facets } = await search.counts.get(countsKey(query), () =>
    countSearch(db, query, search.catalogue, search.columns),
  );
  const hasWords = words.length > 0;
  const sort =
    !hasWords && query.sort === 'relevance' ? 'newest' : (query.sort ?? (hasWords ? 'relevance' : 'newest'));
  // The counts first: the page of a search that matches no car, or few, is read differently.
  const page = await searchPage(db, query, words, sort, { total, forSale });
  return { ids: page.ids, nextCursor: page.nextCursor, total, facets };
}
