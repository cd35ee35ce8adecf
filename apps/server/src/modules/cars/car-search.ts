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
 * statement computes them all (GROUPING SETS, each count with its own FILTER) over cells, a few
 * thousand instead of up to a million cars: the cars of each cell counted in memory
 * (catalogue/car-columns.ts, ADR 25), or, for a seller's few cars, by the statement.
 */
import {
  type CarSearchFilters,
  type CarSearchQuery,
  type FacetValue,
  FUELS,
  type SearchSort,
  searchWords,
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
import {
  addedSecond,
  bitsIn,
  type CarColumns,
  type Cell,
  type CellMembers,
  type Columns,
  hasBit,
  INT_MAX,
  INT_MIN,
  type OrderedCell,
} from '../../catalogue/car-columns.ts';
import { Kept } from '../../catalogue/catalogue-cache.ts';
import {
  CarNameIndex,
  carNamesStatement,
  type SearchCatalogue,
  type SearchCounts,
  type SearchWord,
  WORDS_KEPT,
} from '../../catalogue/search-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { decodeCursorJson, encodeCursorJson, isUuid } from '../../db/pagination.ts';
import { carCounts, carNames, cars } from '../../db/schema.ts';
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
 * of `car_names` (one query per word, together; `kept`: the catalogue's, those asked before read
 * none): the cars are then found by their name's b-tree. Asked inside the search's statement, the
 * planner could not see how many cars those names have, and read the million cars rather than the
 * few thousand Lamborghinis (measured: ADR 19).
 */
export async function resolveWords(
  db: Db,
  q: string | undefined,
  kept?: Kept<SearchWord>,
): Promise<SearchWord[]> {
  const resolve = async (word: string) => {
    const rows = await db
      .select({
        nameKey: carNames.nameKey,
        similarity: sql<number>`word_similarity(${folded(word)}, ${carNames.nameKey})`,
      })
      .from(carNames)
      .where(and(gt(carNames.carsForSale, 0), sql`${folded(word)} <% ${carNames.nameKey}`));
    return { word, names: new Map(rows.map((row) => [row.nameKey, row.similarity])) };
  };
  return Promise.all(
    searchWords(q).map((word) => (kept ? kept.get(word, () => resolve(word)) : resolve(word))),
  );
}

/**
 * Whether a car matches one searched word through its engine or about text (textQuery). `walked`:
 * tested on each car that a walk of the page's order meets, in a form that the words' GIN index
 * cannot answer and whose share of the cars the planner does not estimate (it takes half), so that
 * it walks the order's index instead of reading every car of a common word from its GIN entries and
 * sorting them: its estimate of a prefix's cars is far too low (26,000 of 131,000 for "round": a
 * page of 0.8 s instead of 0.6 ms). Only when the counts say that the walk meets a page's worth
 * soon (pageReading).
 */
const hasWord = (word: string, walked = false) =>
  walked
    ? sql`coalesce(${cars.searchWords} @@ ${textQuery(word)}, false)`
    : sql`${cars.searchWords} @@ ${textQuery(word)}`;

/** Whether a car matches one searched word: its name resembles it, or a word of its text starts with it. */
const matches = ({ word, names }: SearchWord, walked = false) =>
  names.size
    ? sql`(${inArray(cars.nameKey, [...names.keys()])} or ${hasWord(word, walked)})`
    : hasWord(word, walked);

/**
 * The names that every word resembles, each with its relevance: the cars of those names match the
 * text whatever else they hold: a search counts their cells whole (cellsInMemory), and a relevance
 * page reads them newest first, one score per name.
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

/**
 * How well the words match a car: the sum of each word's relevance, its names' part measured once
 * per name. `matched`: of a car known to match every word (a page read by seq), whose relevance
 * its name alone tells: a word that does not resemble its name is in its text.
 */
function relevance(words: SearchWord[], matched = false): SQL<number> {
  if (!words.length) return sql<number>`0`;
  const parts = words.map(({ word, names }) => {
    const byWord = matched ? sql`${WORD_SCORE}::int` : sql`${WORD_SCORE} * (${hasWord(word)})::int`;
    if (!names.size) return byWord;
    const cases = [...names].map(([name, similarity]) => sql`when ${name} then ${scoreOfName(similarity)}`);
    return sql`case ${cars.nameKey} ${sql.join(cases, sql` `)} else ${byWord} end`;
  });
  return sql<number>`(${sql.join(parts, sql` + `)})::int`;
}

type FilterName = 'category' | 'brand' | 'fuel' | 'year' | 'price' | 'verified';

/** The columns a search's filters read: a car's, or a kept cell's of `car_counts` (see cellsWithCars). */
interface FilterColumns {
  categoryId: SQL;
  brandKey: SQL;
  fuel: SQL;
  year: SQL;
  sellerVerified: SQL;
  /** A car's price (kept cells have none). */
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
function carConditions(query: CarSearchQuery, words: SearchWord[], walked = false): SQL {
  return and(
    isNull(cars.soldAt),
    query.seller === undefined ? undefined : eq(cars.sellerId, query.seller),
    query.kmMax === undefined ? undefined : sql`${cars.kmDriven} <= ${query.kmMax}`,
    ...words.map((word) => matches(word, walked)),
  ) as SQL;
}

/**
 * The cars that match a search's text through a word of their engine or about text, and not by
 * their name alone (a name of `names`): the cars a relevance page scores one by one. Each
 * must have one of the words, said once more so that the planner reads those words' GIN entries.
 */
const beyondNames = (words: SearchWord[], names: Map<string, number>) =>
  and(notInArray(cars.nameKey, [...names.keys()]), or(...words.map(({ word }) => hasWord(word)))) as SQL;

/**
 * Whether the cars beyond the names that every word resembles all share one score: when no word
 * resembles a name that not every word resembles, each such car matches every word by its text.
 */
const beyondShareOneScore = (words: SearchWord[]) => {
  const every = namesOfEveryWord(words);
  return words.every(({ names }) => [...names.keys()].every((name) => every.has(name)));
};

/**
 * Which of these searches the car of `carId` is among (for sale, and every filter and word met, as
 * the search page would find it): one statement, one column per search, read on the car's row
 * alone. A word that several of them search for is looked up once.
 */
export async function searchesFinding(
  db: Db,
  carId: string,
  searches: readonly CarSearchFilters[],
): Promise<boolean[]> {
  if (searches.length === 0) return [];
  const kept = new Kept<SearchWord>();
  const columns = await Promise.all(
    searches.map(async (filters) => {
      const query: CarSearchQuery = {
        ...filters,
        q: filters.q,
        verified: filters.verified ?? false,
        limit: 1,
      };
      const words = await resolveWords(db, query.q, kept);
      return sql<boolean>`coalesce(${and(carConditions(query, words), filtersOf(query, carColumns).allBut())}, false)`;
    }),
  );
  const [row] = await db
    .select(Object.fromEntries(columns.map((column, at) => [`s${at}`, column])))
    .from(cars)
    .where(eq(cars.id, carId));
  return columns.map((_, at) => row?.[`s${at}`] === true);
}

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
  return encodeCursorJson([sort, ...values]);
}

/** The key values a cursor holds, checked against the sort order: a forged cursor gets a 400, never a 500. */
function decodeCursor(cursor: string, sort: SearchSort, order: SortOrder): unknown[] {
  const invalid = () => badRequest('The page cursor is invalid.', { cursor: 'Invalid cursor' });
  let parsed: unknown;
  try {
    parsed = decodeCursorJson(cursor);
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

/** How a page reads its cars (searchPage chooses, from the search's counts). */
export interface PageReading {
  /** The names every word resembles that have a car the search matches (all of them when unknown). */
  names?: Map<string, number>;
  /**
   * The page gathers every car of the search from the kept cells that have cars under its filters,
   * then sorts them (see `gathers`).
   */
  gather?: boolean;
  /**
   * The cars that the text matches beyond its names are many: the page walks its order's index and
   * tests the words on each car it meets (hasWord), rather than reading them all from the words'
   * GIN entries. By relevance, only when those cars share one score (beyondShareOneScore).
   */
  walkText?: boolean;
  /**
   * Whether a relevance page reads the cars that the text matches beyond its names (false when the
   * counts say there is none: reading them would find none, from every car of a common word).
   */
  beyondNames?: boolean;
  /**
   * The seqs of the cars that come first in the page's order past its cursor, found in memory
   * (firstInOrder): the page reads those cars alone, by their seq, from an index that holds all it
   * reads of them (cars_unsold_seq_idx), rather than a walk of its order's index past cars that
   * fail the search, or every car of its words from their GIN entries, or of its cells, to sort them.
   */
  seqs?: Int32Array;
}

/**
 * A page reads at most this many cars by their seqs (PageReading), and at most READ_BY_SEQ_SHARE of
 * the cars for sale: as many probes of an index. Beyond that share, reading every car is cheaper
 * than probing for each, and the planner does (a sequential scan).
 */
const READ_BY_SEQ = 5_000;
const READ_BY_SEQ_SHARE = 1 / 20;

/**
 * The statement of a page: its cars in order (ids and sort keys), one more than asked to learn
 * whether another page follows; and the sort order it follows.
 */
export function pageStatement(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
  sort: SearchSort,
  {
    names = namesOfEveryWord(words),
    gather = false,
    walkText = false,
    beyondNames: readsBeyond = true,
    seqs,
  }: PageReading = {},
) {
  const score = relevance(words, seqs !== undefined);
  const order = sortOrder(sort, score);
  const values = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined;
  const walked = walkText && (sort !== 'relevance' || beyondShareOneScore(words));
  /** What every car of the page meets but the text, and the text (each word matched). */
  const filtered = and(carConditions(query, []), filtersOf(query, carColumns).allBut()) as SQL;
  const textMatched = and(...words.map((word) => matches(word, walked)));
  const where = and(filtered, textMatched) as SQL;
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
  /**
   * The page of every car that meets `condition`, gathered then sorted. A LIMIT that keeps every
   * car keeps the gathering a subquery of its own, planned for all its cars rather than for the
   * first few in the order, which would walk the order's index (the usual OFFSET 0 is one Drizzle
   * leaves out).
   */
  const gathered = (condition: SQL | undefined) => {
    const all = select(score)
      .where(and(condition, values && after(keys, values)))
      .limit(INT_LIMIT - 1)
      .as('gathered');
    return db
      .select()
      .from(all)
      .orderBy(...order.keys.map((key) => direction(sql.identifier(key.name))))
      .limit(limit);
  };
  // The columns in memory found these cars with the filters and the words: said again, they would
  // read the table.
  if (seqs)
    return {
      statement: gathered(and(isNull(cars.soldAt), sql`${cars.seq} = any(${`{${seqs.join(',')}}`}::int[])`)),
      order,
    };
  if (gather)
    return { statement: gathered(and(where, sql`(${cellKey(cars)}) in (${cellsWithCars(query)})`)), order };
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
  /**
   * The cars that meet `condition` (with the filters), all scored `shared`, newest first after the
   * cursor (none when it is past them).
   */
  const sharing = (shared: number, condition: SQL | undefined) =>
    values !== undefined && shared > (afterScore as number)
      ? undefined
      : select(sql`${shared}::int`)
          .where(
            and(
              filtered,
              condition,
              values && shared === afterScore ? after(keys.slice(1), afterKeys) : undefined,
            ),
          )
          .orderBy(desc(cars.addedDate), desc(cars.id))
          .limit(limit);
  const beyond = !readsBeyond
    ? undefined
    : words.every((word) => !word.names.size)
      ? sharing(WORD_SCORE * words.length, textMatched)
      : walked
        ? sharing(WORD_SCORE * words.length, and(textMatched, notInArray(cars.nameKey, [...names.keys()])))
        : select(score)
            .where(
              and(where, names.size ? beyondNames(words, names) : undefined, values && after(keys, values)),
            )
            .orderBy(...keys.map((key) => desc(key)))
            .limit(limit);
  const [first, second, ...others] = [
    beyond,
    // A name that every word resembles matches the text whole: its cars are read by the name's
    // index alone. The words' conditions said again there made the planner expect a few cars of the
    // name, and read them all from a bitmap of the words' GIN entries and sort them (40–130 ms a
    // name, against 0.2 ms).
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
 * What a page knows of its search's counts (SearchCounts), when they are known; `first`: the seqs
 * of the cars that come first in its order past its cursor, found in memory (firstOfPage).
 */
type PageCounts = Pick<SearchCounts, 'total' | 'forSale'> &
  Partial<Pick<SearchCounts, 'names' | 'beyondNames'>> & { first?: Int32Array };

/** How a page of the search reads its cars, from its counts (see searchPage). */
export function pageReading(
  query: CarSearchQuery,
  words: SearchWord[],
  sort: SearchSort,
  counts: PageCounts | undefined,
): PageReading {
  if (counts === undefined) return {};
  const many = (cars: number | undefined) =>
    cars !== undefined && !gathers(query.limit + 1, cars, counts.forSale);
  const withCars = counts.names;
  return {
    names: withCars && new Map([...namesOfEveryWord(words)].filter(([name]) => withCars.has(name))),
    // Text is read by its own indexes (a name's, the words'), whatever the cells: a search with words
    // walks, which reads its names' cars and the words' matches only.
    gather: !words.length && !many(counts.total),
    walkText: words.length > 0 && many(sort === 'relevance' ? counts.beyondNames : counts.total),
    beyondNames: counts.beyondNames !== 0,
    seqs: counts.first,
  };
}

/**
 * A page of the search: its cars' ids in order, and the cursor of the next page (null on the last).
 * `counts`: how many cars the search matches and how many are for sale, when known: the page of a
 * search that matches none reads nothing, one without text that matches few gathers them (see
 * `gathers`), one whose text matches many cars beyond its names walks its order's index testing
 * the words (see PageReading); and, when known, the names with a car it matches: a relevance page
 * walks no other name's cars (which it would read to the last to learn that none matches).
 */
export async function searchPage(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
  sort: SearchSort,
  counts?: PageCounts,
) {
  // Made before the search that matches nothing answers: it checks the cursor (a 400 when forged).
  const { statement, order } = pageStatement(db, query, words, sort, pageReading(query, words, sort, counts));
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

/** The kept set of the cars whose text has `word` (textQuery), by its key among the columns' sets. */
export const textSet = (word: string) => ({ key: `text:${word}`, condition: hasWord(word) });

/** A search's km limit and price range, INT_MAX and INT_MIN where it has none: read once per count. */
interface Bounds {
  kmMax: number;
  priceMin: number;
  priceMax: number;
}

const boundsOf = ({ kmMax = INT_MAX, priceMin = INT_MIN, priceMax = INT_MAX }: CarSearchQuery): Bounds => ({
  kmMax,
  priceMin,
  priceMax,
});

/**
 * The cars a search matches in each of `cells` (by its index there): those within its km limit,
 * those of them in its price range, and the least and the greatest price of them all (the price
 * range left out, as the price facet leaves it). Typed arrays, so that a count makes no object per cell.
 */
class Tally {
  readonly cells: readonly Cell[];
  readonly cars: Int32Array;
  readonly inRange: Int32Array;
  readonly low: Int32Array;
  readonly high: Int32Array;

  constructor(cells: readonly Cell[]) {
    this.cells = cells;
    this.cars = new Int32Array(cells.length);
    this.inRange = new Int32Array(cells.length);
    this.low = new Int32Array(cells.length).fill(INT_MAX);
    this.high = new Int32Array(cells.length).fill(INT_MIN);
  }

  /** The cells counted by a statement (carCellsStatement), one row each. */
  static of(rows: (Cell & { cars: number; carsForSale: number; priceMin: number; priceMax: number })[]) {
    const tally = new Tally(rows);
    rows.forEach((row, i) => {
      tally.cars[i] = row.cars;
      tally.inRange[i] = row.carsForSale;
      tally.low[i] = row.priceMin;
      tally.high[i] = row.priceMax;
    });
    return tally;
  }

  /** One car of `cell` at `price`, within the km limit; `inRange`: in the price range. */
  add(cell: number, price: number, inRange: boolean) {
    this.cars[cell]! += 1;
    if (inRange) this.inRange[cell]! += 1;
    if (price < this.low[cell]!) this.low[cell] = price;
    if (price > this.high[cell]!) this.high[cell] = price;
  }

  /**
   * Every car of a cell, from its cars ordered: those within the km limit by a binary search, with
   * their price bounds; those in the price range by two. Only when both cut the cell are the cars
   * of the smaller part walked, one by one.
   */
  addOrdered(cell: number, ordered: OrderedCell, { kmMax, priceMin, priceMax }: Bounds) {
    const { price, kmByPrice, km, priceByKm, lowestUpTo, highestUpTo } = ordered;
    const count = price.length;
    // A bound that no car reaches needs no search (most searches have one bound or none).
    const withinKm = kmMax === INT_MAX ? count : firstAbove(km, kmMax);
    if (withinKm === 0) return;
    const from = priceMin === INT_MIN ? 0 : firstAbove(price, priceMin - 1);
    const to = priceMax === INT_MAX ? count : firstAbove(price, priceMax);
    let inRange = 0;
    if (withinKm === count) inRange = to - from;
    else if (to - from === count) inRange = withinKm;
    else if (withinKm < to - from) {
      for (let i = 0; i < withinKm; i++)
        if (priceByKm[i]! >= priceMin && priceByKm[i]! <= priceMax) inRange++;
    } else for (let i = from; i < to; i++) if (kmByPrice[i]! <= kmMax) inRange++;
    this.cars[cell]! += withinKm;
    this.inRange[cell]! += inRange;
    this.low[cell] = Math.min(this.low[cell]!, lowestUpTo[withinKm - 1]!);
    this.high[cell] = Math.max(this.high[cell]!, highestUpTo[withinKm - 1]!);
  }

  /**
   * The cars of a cell that are in a set (`members`), as addOrdered counts a cell's: those within
   * the km limit and those in the price range by binary searches and a count of the members' bits
   * between them, walking the smaller part only when both cut the cell.
   */
  addMembers(cell: number, members: CellMembers, { kmMax, priceMin, priceMax }: Bounds) {
    const { ordered, bits, byPrice, byKm, size } = members;
    if (size === 0) return;
    const { price, kmByPrice, km, priceByKm } = ordered;
    const count = price.length;
    const withinKm = kmMax === INT_MAX ? count : firstAbove(km, kmMax);
    const cars = withinKm === count ? size : bitsIn(bits, byKm, byKm + withinKm);
    if (cars === 0) return;
    const from = priceMin === INT_MIN ? 0 : firstAbove(price, priceMin - 1);
    const to = priceMax === INT_MAX ? count : firstAbove(price, priceMax);
    let inRange = 0;
    if (withinKm === count) inRange = bitsIn(bits, byPrice + from, byPrice + to);
    else if (to - from === count) inRange = cars;
    else if (withinKm < to - from) {
      for (let i = 0; i < withinKm; i++)
        if (hasBit(bits, byKm + i) && priceByKm[i]! >= priceMin && priceByKm[i]! <= priceMax) inRange++;
    } else for (let i = from; i < to; i++) if (hasBit(bits, byPrice + i) && kmByPrice[i]! <= kmMax) inRange++;
    // The least and the greatest price of the members within the km limit (there is one).
    let low = 0;
    while (!hasBit(bits, byPrice + low) || kmByPrice[low]! > kmMax) low++;
    let high = count - 1;
    while (!hasBit(bits, byPrice + high) || kmByPrice[high]! > kmMax) high--;
    this.cars[cell]! += cars;
    this.inRange[cell]! += inRange;
    this.low[cell] = Math.min(this.low[cell]!, price[low]!);
    this.high[cell] = Math.max(this.high[cell]!, price[high]!);
  }
}

/** The index of the first of the ordered `values` above `value` (their length when none is). */
function firstAbove(values: Int32Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A 1 for each of `cells` that passes `test`. */
function cellsWhere(cells: readonly Cell[], test: (cell: Cell) => boolean): Uint8Array {
  const passed = new Uint8Array(cells.length);
  for (let i = 0; i < cells.length; i++) if (test(cells[i]!)) passed[i] = 1;
  return passed;
}

/**
 * A word in this share of the cars or more is counted cell by cell, its set's members marked among
 * each cell's cars ordered (cellsInMemory): marking them reads every car of the cells counted once,
 * a visit to each car of the set reads those cars each time.
 */
const ORDERED_SET_SHARE = 1 / 16;

/**
 * What a search (not a seller's) matches among the columns in memory (catalogue/car-columns.ts),
 * for its counts (cellsInMemory) and its pages' first cars (firstInOrder): for sale, within the km
 * limit, each word matching a car by its name (a name it resembles) or its text (its kept set). A
 * cell whose name every word resembles (`whole`: every cell without text) matches whole under the
 * facet filters; the cars beyond those names match one by one (`beyond`).
 */
async function matchingIn(
  columns: CarColumns,
  query: CarSearchQuery,
  words: SearchWord[],
  names: ReadonlyMap<string, number>,
  brandKeys: string[],
) {
  const { columns: c, sets } = await columns.view(words.map(({ word }) => textSet(word)));
  const fails = failedFilters(query, brandKeys);
  const whole = cellsWhere(c.cells, (cell) => !words.length || names.has(cell.nameKey));
  const bounds = boundsOf(query);
  // Per cell, once: which words its name matches.
  const byName = words.map(({ names }) => cellsWhere(c.cells, (cell) => names.has(cell.nameKey)));
  /**
   * The cars for sale within the km limit that every word matches, beyond the cells counted whole
   * (a car that every word matches by name is in such a cell), in a cell that `counted` holds: how
   * many cars a visit reads, and the visit. Every car that a word matches is in its set or in a
   * cell of a name it resembles: the cars of the word with the fewest of them are visited (a car
   * of both, once).
   */
  const beyond = (counted: Uint8Array) => {
    const candidates = byName.map((named, i) => {
      const cells: number[] = [];
      let cars = sets[i]!.size;
      named.forEach((isNamed, cell) => {
        if (!isNamed || whole[cell] || !counted[cell]) return;
        cells.push(cell);
        cars += c.ordered(cell).seqByPrice.length;
      });
      return { set: sets[i]!, cells, cars };
    });
    const fewest = candidates.reduce((a, b) => (b.cars < a.cars ? b : a));
    const forEach = (visit: (seq: number, cell: number) => void) => {
      const each = (seq: number) => {
        if (!c.live[seq] || c.km[seq]! > bounds.kmMax) return;
        const cell = c.cell[seq]!;
        if (whole[cell] || !counted[cell]) return;
        for (let i = 0; i < words.length; i++) if (!sets[i]!.has(seq) && !byName[i]![cell]) return;
        visit(seq, cell);
      };
      fewest.set.forEach(each);
      for (const cell of fewest.cells)
        for (const seq of c.ordered(cell).seqByPrice) if (!fewest.set.has(seq)) each(seq);
    };
    return { cars: fewest.cars, forEach };
  };
  /** A 1 for each cell that passes every facet filter. */
  const passing = () => cellsWhere(c.cells, (cell) => fails(cell) === 0);
  /**
   * One word, in many cars: its cars beyond the cells matched whole (whose names it resembles),
   * cell by cell, its set's members marked among each cell's cars ordered (kept) rather than
   * visited one by one (a third of the cars or more: 20-40 ms).
   */
  const members =
    sets.length === 1 && sets[0]!.size >= ORDERED_SET_SHARE * c.size ? c.membersIn(sets[0]!) : undefined;
  return { columns: c, fails, whole, bounds, beyond, passing, members, hasText: words.length > 0 };
}

type Matching = Awaited<ReturnType<typeof matchingIn>>;

/**
 * The cars that a search matches (matchingIn), counted and grouped into cells as carCellsStatement
 * groups the cars it counts one by one (but for the cells that count nowhere). A cell counted whole
 * is counted from its cars ordered; the cars beyond, one by one.
 */
function cellsInMemory(matching: Matching): Tally {
  const { columns: c, fails, whole, bounds, beyond, members, hasText } = matching;
  // A cell that fails two of the facet filters or more counts nowhere: neither in the total nor in
  // any facet (each leaves out its own filter only).
  const counts = cellsWhere(c.cells, (cell) => {
    const failed = fails(cell);
    return (failed & (failed - 1)) === 0;
  });
  const { priceMin, priceMax } = bounds;
  const tally = new Tally(c.cells);
  for (let i = 0; i < c.cells.length; i++)
    if (whole[i] && counts[i]) tally.addOrdered(i, c.ordered(i), bounds);
  if (!hasText) return tally;
  if (members) {
    for (let i = 0; i < c.cells.length; i++)
      if (!whole[i] && counts[i]) tally.addMembers(i, members(i), bounds);
  } else
    beyond(counts).forEach((seq, cell) => {
      const price = c.price[seq]!;
      tally.add(cell, price, price >= priceMin && price <= priceMax);
    });
  return tally;
}

/**
 * A visit to more cars than this beyond the cells matched whole costs more than a page read by
 * its order's indexes saves (firstInOrder): a common word, whose cars a walk meets soon.
 */
const FIRST_VISITS_MAX = 20_000;

/** Above any added second (Columns.added: below 2^31): a relevance and a second make one key. */
const SECONDS = 2 ** 32;

/**
 * A sort's order as one number per car that ascends in the page's order (firstInOrder), from the
 * columns in memory: each sort's keys but the id, which decides between cars of one number in the
 * statement. A car's is `sign` times its value in the cell's order `by` (OrderedCell), plus its
 * cell's `offset`; `cursor` gives a cursor's. Relevance: the cell's score (a car that every word
 * matches scores by its name alone: relevance(words, true)) before the second added. By year, every
 * car of a cell ties (`by` none): a page keeps every car of its last year.
 */
function memoryOrder(sort: SearchSort, c: Columns, words: SearchWord[]) {
  const none = () => 0;
  switch (sort) {
    case 'price_asc':
    case 'price_desc': {
      const sign = sort === 'price_desc' ? -1 : 1;
      return {
        by: 'price',
        sign,
        offset: none,
        cursor: ([price]: unknown[]) => sign * (price as number),
      } as const;
    }
    case 'km_asc':
      return { by: 'km', sign: 1, offset: none, cursor: ([km]: unknown[]) => km as number } as const;
    case 'newest':
      return {
        by: 'added',
        sign: -1,
        offset: none,
        cursor: ([added]: unknown[]) => -addedSecond(added as string),
      } as const;
    case 'relevance': {
      const scores = c.cells.map(({ nameKey }) =>
        words.reduce((sum, { names }) => {
          const similarity = names.get(nameKey);
          return sum + (similarity === undefined ? WORD_SCORE : scoreOfName(similarity));
        }, 0),
      );
      return {
        by: 'added',
        sign: -1,
        offset: (cell: number) => -scores[cell]! * SECONDS,
        cursor: ([score, added]: unknown[]) => -(score as number) * SECONDS - addedSecond(added as string),
      } as const;
    }
    case 'year_desc':
      return {
        by: 'none',
        sign: 1,
        offset: (cell: number) => -c.cells[cell]!.year,
        cursor: ([year]: unknown[]) => -(year as number),
      } as const;
  }
}

/**
 * The seqs of the cars a search matches (matchingIn) that come first in `sort` past a cursor's key
 * values (`after`; none: from the order's start): every car at the cursor's key, the first `count`
 * past it and every car tied with the last of those (memoryOrder), at most `most` (undefined
 * beyond, or when the cars beyond the search's names are too many to visit). Each cell's cars are
 * read in the order, from the cursor's key, while they can be among the first (a threshold lowered
 * to the page's last key as candidates come in). The page reads those cars alone, by seq and
 * sorted, whatever their ids: not its order's index walked past every car that fails the search
 * (a brand whose cars lie far from the order's start), nor every car of the search gathered or
 * read by seq to sort them (ADR 28).
 */
function firstInOrder(
  matching: Matching,
  words: SearchWord[],
  sort: SearchSort,
  after: unknown[] | undefined,
  count: number,
  most: number,
): Int32Array | undefined {
  const { columns: c, whole, bounds, beyond, passing, members, hasText } = matching;
  const { kmMax, priceMin, priceMax } = bounds;
  const order = memoryOrder(sort, c, words);
  const passes = passing();
  const visits = hasText && !members ? beyond(passes) : undefined;
  if (visits && visits.cars > FIRST_VISITS_MAX) return undefined;
  const start = after === undefined ? -Infinity : order.cursor(after);
  let threshold = Infinity;
  const seqs: number[] = [];
  const keys: number[] = [];
  /** The candidates past `start`, and how many of them call for the threshold to be lowered. */
  let past = 0;
  let lowerAt = 2 * count;
  /** The threshold lowered to the count-th key past `start`, and the candidates above it dropped. */
  const lower = () => {
    const passed = keys.filter((key) => key > start).sort((a, b) => a - b);
    if (passed.length >= count) threshold = passed[count - 1]!;
    let kept = 0;
    past = 0;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i]! > threshold) continue;
      seqs[kept] = seqs[i]!;
      keys[kept++] = keys[i]!;
      if (keys[i]! > start) past++;
    }
    seqs.length = kept;
    keys.length = kept;
    lowerAt = Math.max(2 * count, 2 * past);
  };
  /** A car within the search's price range and km limit, if it can still be among the first. */
  const take = (seq: number, key: number) => {
    if (key < start || key > threshold) return;
    if (c.price[seq]! < priceMin || c.price[seq]! > priceMax || c.km[seq]! > kmMax) return;
    seqs.push(seq);
    keys.push(key);
    if (key > start && ++past >= lowerAt) lower();
  };
  const { by, sign } = order;
  /** A car's value in the order's column (none by year). */
  const column = by === 'price' ? c.price : by === 'km' ? c.km : by === 'added' ? c.added : undefined;
  const keyOf = (seq: number, offset: number) => (column ? sign * column[seq]! : 0) + offset;
  const ranged =
    by !== 'price' && by !== 'km' && (kmMax !== INT_MAX || priceMin !== INT_MIN || priceMax !== INT_MAX);
  // The cells matched whole, and those whose cars a common word's members are marked among.
  for (let i = 0; i < c.cells.length; i++) {
    if (!passes[i] || !(whole[i] || members)) continue;
    const ordered = c.ordered(i);
    const marked = whole[i] ? undefined : members!(i);
    if (marked?.size === 0) continue;
    const offset = order.offset(i);
    // Each order's members' bits: from `marks` in `marked.bits` (none: every car).
    const [values, seqOf, marks] =
      by === 'km'
        ? [ordered.km, ordered.seqByKm, marked?.byKm]
        : by === 'added'
          ? [ordered.added, ordered.seqByAdded, marked?.byAdded]
          : [ordered.price, ordered.seqByPrice, marked?.byPrice];
    // From the cursor's key (or, by price, the range's end that comes first) to the range's other end.
    const from = by === 'price' ? Math.max(start, sign > 0 ? priceMin : -priceMax) : start;
    const to = by === 'price' ? (sign > 0 ? priceMax : -priceMin) : by === 'km' ? kmMax : Infinity;
    const first = sign > 0 ? firstAbove(values, from - offset - 1) : firstAbove(values, offset - from) - 1;
    // By a time, the cars walked in the order up to the threshold's key (all: none yet); by a year,
    // every car. When the km limit or the price range leaves fewer of the cell's cars, those are
    // read instead, each: walked, the cell's cars would mostly fail them.
    const walked = by === 'added' ? first - firstAbove(values, offset - threshold - 1) + 1 : Infinity;
    const withinKm = ranged ? firstAbove(ordered.km, kmMax) : ordered.km.length;
    const [fromPrice, toPrice] = ranged
      ? [firstAbove(ordered.price, priceMin - 1), firstAbove(ordered.price, priceMax)]
      : [0, ordered.price.length];
    if (by === 'none' || (by === 'added' && Math.min(withinKm, toPrice - fromPrice) < walked)) {
      const [partOf, fromPart, toPart, partMarks] =
        withinKm <= toPrice - fromPrice
          ? [ordered.seqByKm, 0, withinKm, marked?.byKm]
          : [ordered.seqByPrice, fromPrice, toPrice, marked?.byPrice];
      for (let at = fromPart; at < toPart; at++)
        if (partMarks === undefined || hasBit(marked!.bits, partMarks + at))
          take(partOf[at]!, keyOf(partOf[at]!, offset));
    } else
      for (let at = first; at >= 0 && at < values.length; at += sign) {
        const key = sign * values[at]! + offset;
        if (key > threshold || key > to) break;
        if (marks === undefined || hasBit(marked!.bits, marks + at)) take(seqOf[at]!, key);
      }
    if (seqs.length > most) return undefined;
  }
  visits?.forEach((seq, cell) => {
    take(seq, keyOf(seq, order.offset(cell)));
  });
  lower();
  return seqs.length > most ? undefined : Int32Array.from(seqs);
}

/**
 * The cars a search matches grouped into cells by the statement, each with its cars for sale in the
 * price range and their price bounds: a seller's cars (few), which the columns in memory do not
 * know, and the tests' count of every car one by one.
 */
export function carCellsStatement(db: Db, query: CarSearchQuery, words: SearchWord[]) {
  // The price range (not a facet's filter for the counts) counts inside the cells, and their price
  // bounds leave it out, as the price facet does.
  const price = filtersOf(query, carColumns).only('price');
  return db
    .select({
      nameKey: sql<string>`${cars.nameKey}`,
      categoryId: cars.categoryId,
      brandKey: sql<string>`${cars.brandKey}`,
      fuel: sql<string>`${cars.fuel}`,
      year: cars.year,
      sellerVerified: cars.sellerVerified,
      cars: sql<number>`count(*)::int`,
      carsForSale: sql<number>`(count(*) filter (where ${price}))::int`,
      priceMin: sql<number>`min(${cars.askingPrice})`,
      priceMax: sql<number>`max(${cars.askingPrice})`,
    })
    .from(cars)
    .where(carConditions(query, words))
    .groupBy(cars.nameKey, cars.categoryId, cars.brandKey, cars.fuel, cars.year, cars.sellerVerified);
}

/**
 * The brands a search names, folded as the database folds the cars' (`brand_key`), in their order;
 * those asked before from `kept` (the catalogue's).
 */
function foldedBrands(db: Db, brands: string[] | undefined, kept: Kept<string>): Promise<string[]> {
  return Promise.all(
    (brands ?? []).map((brand) =>
      kept.get(brand, async () => {
        const result = await db.execute(sql`select ${folded(brand)} as "key"`);
        // Both drivers answer a plain statement with its rows as objects named by the statement.
        return (result as unknown as { rows: { key: string }[] }).rows[0]!.key;
      }),
    ),
  );
}

/** The facet filters a cell fails, one bit each (failedFilters). */
const CATEGORY = 1;
const BRAND = 2;
const FUEL = 4;
const YEAR = 8;
const VERIFIED = 16;

/** The facet filters of a search (its brands folded: `brandKeys`) that a cell fails, one bit each. */
function failedFilters(query: CarSearchQuery, brandKeys: string[]) {
  const { category, fuel, yearMin, yearMax, verified } = query;
  return (cell: Cell) =>
    (category?.length && !category.includes(cell.categoryId) ? CATEGORY : 0) |
    (brandKeys.length && !brandKeys.includes(cell.brandKey) ? BRAND : 0) |
    (fuel?.length && !fuel.includes(cell.fuel as (typeof FUELS)[number]) ? FUEL : 0) |
    ((yearMin !== undefined && cell.year < yearMin) || (yearMax !== undefined && cell.year > yearMax)
      ? YEAR
      : 0) |
    (verified && !cell.sellerVerified ? VERIFIED : 0);
}

/**
 * The total and the facets of the cells of a search. Each facet's counts apply every other filter
 * (disjunctive): a value's count is the total that adding it would give. The price range is not
 * applied here: each cell counts its cars in it already.
 */
function facetsOfCells(
  tally: Tally,
  query: CarSearchQuery,
  brandKeys: string[],
  namesOfEvery: ReadonlyMap<string, number>,
) {
  const fails = failedFilters(query, brandKeys);
  const counts = {
    category: new Map<string, number>(),
    brand: new Map<string, number>(),
    fuel: new Map<string, number>(),
  };
  const add = (map: Map<string, number>, value: string, count: number) =>
    map.set(value, (map.get(value) ?? 0) + count);
  let total = 0;
  /** The names with a car that the search matches. */
  const names = new Set<string>();
  /** The cars it matches beyond the names that every word resembles. */
  let beyondNames = 0;
  const years = { min: null as number | null, max: null as number | null };
  const prices = { min: null as number | null, max: null as number | null };
  const widen = (range: typeof years, low: number, high: number) => {
    if (range.min === null || low < range.min) range.min = low;
    if (range.max === null || high > range.max) range.max = high;
  };
  tally.cells.forEach((cell, i) => {
    if (tally.cars[i] === 0) return;
    const failed = fails(cell);
    const inRange = tally.inRange[i]!;
    // Each facet's counts leave its own filter out: a cell that fails only that filter counts there.
    if ((failed & ~CATEGORY) === 0) add(counts.category, cell.categoryId, inRange);
    if ((failed & ~BRAND) === 0) add(counts.brand, cell.brandKey, inRange);
    if ((failed & ~FUEL) === 0) add(counts.fuel, cell.fuel, inRange);
    if ((failed & ~YEAR) === 0 && inRange > 0) widen(years, cell.year, cell.year);
    if (failed === 0) {
      total += inRange;
      widen(prices, tally.low[i]!, tally.high[i]!);
      if (inRange > 0) names.add(cell.nameKey);
      if (!namesOfEvery.has(cell.nameKey)) beyondNames += inRange;
    }
  });
  return { counts, total, years, prices, names, beyondNames };
}

/** The search's catalogue, read from the database (the app keeps it: `context.searchCatalogue`). */
export async function loadSearchCatalogue(db: Db): Promise<SearchCatalogue> {
  const [names, categories] = await Promise.all([carNamesStatement(db), listCategories(db)]);
  return {
    names: new CarNameIndex(names),
    categories,
    words: new Kept(WORDS_KEPT),
    brandKeys: new Kept(),
  };
}

/**
 * The total and the facets of a search: counted in `columns` (cellsInMemory), or without them, or
 * for a seller's cars, which the columns do not know, from its cars grouped by the statement
 * (carCellsStatement: the tests' count of every car one by one).
 */
export async function searchFacets(
  db: Db,
  query: CarSearchQuery,
  words: SearchWord[],
  catalogue: SearchCatalogue,
  columns?: CarColumns,
): Promise<Omit<SearchCounts, 'words'>> {
  const brandKeys = await foldedBrands(db, query.brand, catalogue.brandKeys);
  const namesOfEvery = namesOfEveryWord(words);
  const tally =
    columns && query.seller === undefined
      ? cellsInMemory(await matchingIn(columns, query, words, namesOfEvery, brandKeys))
      : Tally.of(await carCellsStatement(db, query, words));
  const { counts, total, years, prices, names, beyondNames } = facetsOfCells(
    tally,
    query,
    brandKeys,
    namesOfEvery,
  );
  // Brands are as sellers typed them: one value per spelling folded (lower case, no accents); those
  // with cars, and those the search names.
  const brand: FacetValue[] = [...counts.brand]
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, label: catalogue.names.brandLabel(value) ?? value, count }));
  brandKeys.forEach((value, i) => {
    if (!brand.some((b) => b.value === value)) brand.push({ value, label: query.brand![i]!, count: 0 });
  });
  brand.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));

  return {
    total,
    forSale: catalogue.names.forSale,
    brandKeys,
    names,
    beyondNames,
    facets: {
      category: catalogue.categories.map(({ id, name }) => ({
        value: id,
        label: name,
        count: counts.category.get(id) ?? 0,
      })),
      brand,
      fuel: FUELS.map((fuel) => ({ value: fuel, label: fuel, count: counts.fuel.get(fuel) ?? 0 })),
      year: years,
      price: prices,
    },
  };
}

/**
 * A search's counts: its words, then its total and facets, counted in memory (cellsInMemory); a
 * seller's cars, which are few, by the statement (searchFacets).
 */
async function countSearch(
  db: Db,
  query: CarSearchQuery,
  catalogue: SearchCatalogue,
  columns: CarColumns,
): Promise<SearchCounts> {
  const words = await resolveWords(db, query.q, catalogue.words);
  return { words, ...(await searchFacets(db, query, words, catalogue, columns)) };
}

/**
 * The cars that come first in a page's order past its cursor, found in memory (firstInOrder), for a
 * search the columns count (not a seller's); but by year only when it matches few (its cars of one
 * year all tie: READ_BY_SEQ at most), and not for one without text or a facet filter that matches
 * many (READ_BY_SEQ_SHARE of the cars for sale or more): every car within its ranges matches it,
 * and a walk of its order's index meets them soon.
 */
export async function firstOfPage(
  query: CarSearchQuery,
  words: SearchWord[],
  sort: SearchSort,
  counts: Omit<SearchCounts, 'words' | 'facets'>,
  columns: CarColumns,
): Promise<Int32Array | undefined> {
  if (query.seller !== undefined || counts.total === 0) return undefined;
  const { category, brand, fuel, yearMin, yearMax, verified } = query;
  const filtered =
    category?.length || brand?.length || fuel?.length || yearMin !== undefined || yearMax !== undefined;
  if (sort === 'year_desc' && counts.total > READ_BY_SEQ) return undefined;
  if (!(words.length || filtered || verified) && counts.total >= READ_BY_SEQ_SHARE * counts.forSale)
    return undefined;
  const after = query.cursor ? decodeCursor(query.cursor, sort, sortOrder(sort, sql`0`)) : undefined;
  const matching = await matchingIn(columns, query, words, namesOfEveryWord(words), counts.brandKeys);
  const most = Math.min(READ_BY_SEQ, READ_BY_SEQ_SHARE * counts.forSale);
  return firstInOrder(matching, words, sort, after, query.limit + 1, most);
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
  const { words, facets, ...counts } = await search.counts.get(countsKey(query), () =>
    countSearch(db, query, search.catalogue, search.columns),
  );
  const hasWords = words.length > 0;
  const sort =
    !hasWords && query.sort === 'relevance' ? 'newest' : (query.sort ?? (hasWords ? 'relevance' : 'newest'));
  // The counts first: the page of a search that matches no car, or few, is read differently.
  const first = await firstOfPage(query, words, sort, counts, search.columns);
  const page = await searchPage(db, query, words, sort, { ...counts, first });
  return { ids: page.ids, nextCursor: page.nextCursor, total: counts.total, facets };
}
