/**
 * The search's planner: what a search (`GET /cars/search`, over the cars for sale only) asks, in SQL
 * and in the terms of the columns in memory, and how its page is read, from its counts.
 *
 * Text is matched word by word, each word of the search in lower case without accents: it matches a
 * car whose brand and model resemble it (pg_trgm's word similarity on `cars.name_key`, so that a
 * small typo still matches: "porshe", "lamborgini"), or one with a word that starts with it anywhere
 * in its engine or about text (full text on `cars.search_words`; a word of two letters, one that is
 * it). Each word must match. Every filter and sort order has an index (schema.ts), and pages
 * continue after an opaque cursor that holds the last car's sort key (keyset pagination), so every
 * car of a search is served exactly once while cars are added.
 */
import {
  type CarSearchFilters,
  type CarSearchQuery,
  classicYearMax,
  facetOfWord,
  type SearchSort,
} from '@redline/shared';
import { and, eq, gt, inArray, isNull, notInArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decodeCursorJson, encodeCursorJson, isUuid } from '../../db/pagination.ts';
import { carCounts, carNames, cars } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { gapKeySql } from './car-deals.ts';
import { facetColumn, specConditions } from './car-specs.ts';
import { foldText, type SearchCatalogue, type SearchCounts, type SearchWord } from './search-catalogue.ts';
import { narrows, placeCondition, placeFilterOf } from './search-places.ts';
import { searchTerms } from './search-terms.ts';

/** One key per search, whatever the order of its parameters and repeated values (the cache's). */
export function searchKey(query: Partial<CarSearchQuery>): string {
  const canonical = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? [...new Set(value)].sort() : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify(canonical);
}

export const folded = (word: string) => sql`redline_fold(${word})`;
/**
 * A word of the text is matched as a prefix from this many letters: "turbo" finds "twin-turbo" and
 * "engin" finds "engine". Shorter, it is matched whole ("v8", "gt"): two letters start words of most
 * texts ("co", "cr"), and would match them all.
 */
const PREFIX_LETTERS = 3;
/**
 * The words of a text that a searched word matches (its `word` holds letters and digits only): see
 * PREFIX_LETTERS; a word matched `whole` (a model number: ADR 45) never as the start of another.
 */
const textQuery = ({ word, whole }: Pick<SearchWord, 'word' | 'whole'>) =>
  !whole && [...word].length >= PREFIX_LETTERS
    ? sql`to_tsquery('simple'::regconfig, ${folded(word)} || ':*')`
    : sql`to_tsquery('simple'::regconfig, ${folded(word)})`;

/**
 * The searched words of `q` (search-terms.ts), each with the names it matches: those of the
 * catalogue's entries it names and, for a model number, those that hold it (in memory, from
 * `catalogue`), and for any other word those that resemble it, found among the few thousand rows of
 * `car_names` (one query per word, together; those asked before, kept with the catalogue, read
 * none): the cars are then found by their name's b-tree. Asked inside the search's statement, the
 * planner could not see how many cars those names have, and read the million cars rather than the
 * few thousand Lamborghinis (measured: ADR 19).
 */
export async function resolveWords(
  db: Db,
  q: string | undefined,
  catalogue: Pick<SearchCatalogue, 'names' | 'vehicles' | 'words'>,
): Promise<SearchWord[]> {
  const resemble = async (word: string) => {
    const rows = await db
      .select({
        nameKey: carNames.nameKey,
        similarity: sql<number>`word_similarity(${folded(word)}, ${carNames.nameKey})`,
      })
      .from(carNames)
      .where(and(gt(carNames.carsForSale, 0), sql`${folded(word)} <% ${carNames.nameKey}`));
    return new Map(rows.map((row) => [row.nameKey, row.similarity]));
  };
  return Promise.all(
    searchTerms(q, catalogue.names, catalogue.vehicles).map(async ({ word, whole, entries }) => {
      const names = new Map<string, number>();
      if (!whole)
        for (const [name, similarity] of await catalogue.words.get(word, () => resemble(word)))
          names.set(name, similarity);
      const exact = [
        ...catalogue.names.namesOf(entries),
        ...(whole ? catalogue.names.namesNumbered(word) : []),
      ];
      for (const name of exact) names.set(name, 1);
      return { word, whole, names };
    }),
  );
}

/** That a car has the facet value a searched word names ("diesel", "wagon": facetOfWord), if it names one. */
function hasValue(word: string): SQL | undefined {
  const named = facetOfWord(word);
  return named && sql`${facetColumn(named.facet)} = ${named.value}`;
}

/** Whether a word names a facet value: it ranks the cars with the value first, each car scored (relevance). */
export const namesValues = (words: SearchWord[]) => words.some(({ word }) => facetOfWord(word));

/**
 * Whether a car matches one searched word through its engine or about text (textQuery), or has the
 * facet value that the word names (hasValue: a diesel car matches "diesel" whatever its text says).
 * `walked`: tested on each car that a walk of the page's order meets, in a form that the words' GIN
 * index cannot answer and whose share of the cars the planner does not estimate (it takes half), so
 * that it walks the order's index instead of reading every car of a common word from its GIN
 * entries and sorting them: its estimate of a prefix's cars is far too low (26,000 of 131,000 for
 * "round": a page of 0.8 s instead of 0.6 ms). Only when the counts say that the walk meets a
 * page's worth soon (pageReading).
 */
const hasWord = (word: Pick<SearchWord, 'word' | 'whole'>, walked = false) => {
  const value = hasValue(word.word);
  const text = sql`${cars.searchWords} @@ ${textQuery(word)}`;
  const either = value ? sql`(${text} or ${value})` : text;
  return walked ? sql`coalesce(${either}, false)` : either;
};

/** Whether a car matches one searched word: its name resembles it, or a word of its text starts with it. */
export const matches = (word: SearchWord, walked = false) =>
  word.names.size
    ? sql`(${inArray(cars.nameKey, [...word.names.keys()])} or ${hasWord(word, walked)})`
    : hasWord(word, walked);

/**
 * The names that every word resembles, each with its relevance: the cars of those names match the
 * text whatever else they hold: a search counts their cells whole (cellsInMemory), and a relevance
 * page reads them newest first, one score per name.
 */
export function namesOfEveryWord(words: SearchWord[]): Map<string, number> {
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
export const scoreOfName = (similarity: number) => Math.round(2000 * similarity);
export const WORD_SCORE = 1000;

/**
 * How well the words match a car: the sum of each word's relevance, its names' part measured once
 * per name, and WORD_SCORE more for each facet value a word names that the car has (hasValue: the
 * diesels first for "diesel"). `matched`: of a car known to match every word (a page read by seq),
 * whose relevance its name alone tells: a word that does not resemble its name is in its text.
 */
export function relevance(words: SearchWord[], matched = false): SQL<number> {
  if (!words.length) return sql<number>`0`;
  const parts = words.map((word) => {
    const { names } = word;
    const byWord = matched ? sql`${WORD_SCORE}::int` : sql`${WORD_SCORE} * (${hasWord(word)})::int`;
    if (!names.size) return byWord;
    const cases = [...names].map(([name, similarity]) => sql`when ${name} then ${scoreOfName(similarity)}`);
    return sql`case ${cars.nameKey} ${sql.join(cases, sql` `)} else ${byWord} end`;
  });
  for (const { word } of words) {
    const value = hasValue(word);
    if (value) parts.push(sql`${WORD_SCORE} * coalesce(${value}, false)::int`);
  }
  return sql<number>`(${sql.join(parts, sql` + `)})::int`;
}

type FilterName = 'category' | 'brand' | 'fuel' | 'year' | 'price' | 'verified' | 'specs';

/** The years a search keeps: its own range, up to the latest classic's year with `classic` (ADR 44). */
export function yearsOf({ yearMin, yearMax, classic }: CarSearchQuery) {
  const latestClassic = classic ? classicYearMax() : undefined;
  return {
    min: yearMin,
    max:
      latestClassic === undefined || (yearMax !== undefined && yearMax < latestClassic)
        ? yearMax
        : latestClassic,
  };
}

/** The columns a search's filters read: a car's, or a kept cell's of `car_counts` (see cellsWithCars). */
interface FilterColumns {
  categoryId: SQL;
  brandKey: SQL;
  fuel: SQL;
  year: SQL;
  sellerVerified: SQL;
  /** A car's price, which says that its specifications are there too (kept cells have neither). */
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
export const carColumns: FilterColumns = { ...columnsOf(cars), price: sql`${cars.askingPrice}` };
export const keptColumns = columnsOf(carCounts);

/** `column` is one of `values` (no condition without values). */
const oneOf = (column: SQL, values: SQL[] | undefined) =>
  values?.length ? sql`${column} in (${sql.join(values, sql`, `)})` : undefined;

/**
 * Each facet filter of a search as a condition on `columns`: `allBut(name)`, every one of them but
 * `name` (all without it), as one condition, and `only(name)`.
 */
export function filtersOf(query: CarSearchQuery, columns: FilterColumns) {
  const years = yearsOf(query);
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
      years.min === undefined ? undefined : sql`${columns.year} >= ${years.min}`,
      years.max === undefined ? undefined : sql`${columns.year} <= ${years.max}`,
    ),
    price: columns.price
      ? and(
          query.priceMin === undefined ? undefined : sql`${columns.price} >= ${query.priceMin}`,
          query.priceMax === undefined ? undefined : sql`${columns.price} <= ${query.priceMax}`,
        )
      : undefined,
    verified: query.verified ? sql`${columns.sellerVerified}` : undefined,
    specs: columns.price ? and(...specConditions(query)) : undefined,
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

/** What every car of a search must meet besides the facet filters: for sale, its seller, its km, its place, its text. */
export function carConditions(query: CarSearchQuery, words: SearchWord[], walked = false): SQL {
  return and(
    isNull(cars.soldAt),
    query.seller === undefined ? undefined : eq(cars.sellerId, query.seller),
    query.kmMax === undefined ? undefined : sql`${cars.kmDriven} <= ${query.kmMax}`,
    placeCondition(placeFilterOf(query)),
    ...words.map((word) => matches(word, walked)),
  ) as SQL;
}

/**
 * The cars that match a search's text through a word of their engine or about text, and not by
 * their name alone (a name of `names`): the cars a relevance page scores one by one. Each
 * must have one of the words, said once more so that the planner reads those words' GIN entries.
 */
export const beyondNames = (words: SearchWord[], names: Map<string, number>) =>
  and(notInArray(cars.nameKey, [...names.keys()]), or(...words.map((word) => hasWord(word)))) as SQL;

/**
 * Whether the cars beyond the names that every word resembles all share one score: when no word
 * resembles a name that not every word resembles, each such car matches every word by its text.
 */
export const beyondShareOneScore = (words: SearchWord[]) => {
  const every = namesOfEveryWord(words);
  return words.every(({ names }) => [...names.keys()].every((name) => every.has(name)));
};

/**
 * Which of these searches each car of `carIds` is among (for sale, and every filter and word met, as
 * the search page would find it, `catalogue` the search's), in the order of `carIds`: one statement,
 * one column per search, read on the cars' rows alone. A word that several of them search for is
 * looked up once. A deal rating is read from the cars' market values in the database, not from the
 * columns in memory: what a committed refit stored, whether or not this instance has reloaded them.
 */
export async function searchesFinding(
  db: Db,
  carIds: readonly string[],
  searches: readonly CarSearchFilters[],
  catalogue: SearchCatalogue,
): Promise<boolean[][]> {
  if (searches.length === 0 || carIds.length === 0) return carIds.map(() => []);
  const columns = await Promise.all(
    searches.map(async (filters) => {
      const query: CarSearchQuery = {
        ...filters,
        q: filters.q,
        // A brand finds every spelling of its make, as the search's counts do.
        brand: filters.brand && [
          ...new Set(filters.brand.flatMap((brand) => catalogue.names.spellingsOf(foldText(brand)))),
        ],
        verified: filters.verified ?? false,
        classic: filters.classic ?? false,
        delivery: filters.delivery ?? false,
        limit: 1,
      };
      const words = await resolveWords(db, query.q, catalogue);
      return sql<boolean>`coalesce(${and(carConditions(query, words), filtersOf(query, carColumns).allBut())}, false)`;
    }),
  );
  const rows = await db
    .select({ id: cars.id, ...Object.fromEntries(columns.map((column, at) => [`s${at}`, column])) })
    .from(cars)
    .where(inArray(cars.id, [...carIds]));
  const byId = new Map<string, Record<string, unknown>>(rows.map((row) => [row.id, row]));
  return carIds.map((id) => {
    const row = byId.get(id);
    return columns.map((_, at) => row?.[`s${at}`] === true);
  });
}

// Sort orders and their cursors.

type KeyKind = 'int' | 'time' | 'id';
export interface SortOrder {
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
  /** Its distance from the search's place in whole metres (distanceKeySql), by distance only. */
  distance: number;
  /** Its key by best deal (car-deals.ts's gapKeySql), by best deal only. */
  gap: number;
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

/** A sort's order; `distance`: the key of the order by distance (distanceKeySql of the search's place). */
export function sortOrder(sort: SearchSort, score: SQL<number>, distance: SQL<number> = sql`0`): SortOrder {
  switch (sort) {
    case 'best_deal':
      return { direction: 'asc', keys: [byInt(gapKeySql, 'gap', (r) => r.gap), byId] };
    case 'distance':
      return { direction: 'asc', keys: [byInt(distance, 'distance', (r) => r.distance), byId] };
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

export const INT_LIMIT = 2 ** 31;

export function encodeCursor(sort: SearchSort, values: unknown[]): string {
  return encodeCursorJson([sort, ...values]);
}

/** The key values a cursor holds, checked against the sort order: a forged cursor gets a 400, never a 500. */
export function decodeCursor(cursor: string, sort: SearchSort, order: SortOrder): unknown[] {
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
export const READ_BY_SEQ = 5_000;
export const READ_BY_SEQ_SHARE = 1 / 20;

/**
 * What a page knows of its search's counts (SearchCounts), when they are known; `first`: the seqs
 * of the cars that come first in its order past its cursor, found in memory (firstOfPage).
 */
export type PageCounts = Pick<SearchCounts, 'total' | 'forSale'> &
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
    // Not under a specification filter or a place: the kept cells cannot tell which of their cars pass it.
    gather:
      !words.length && !many(counts.total) && !specConditions(query).length && !narrows(placeFilterOf(query)),
    walkText: words.length > 0 && many(sort === 'relevance' ? counts.beyondNames : counts.total),
    beyondNames: counts.beyondNames !== 0,
    seqs: counts.first,
  };
}

/** The kept set of the cars whose text has a searched word (textQuery), by its key among the columns' sets. */
export const textSet = (word: Pick<SearchWord, 'word' | 'whole'>) => ({
  key: `text${word.whole ? '=' : ':'}${word.word}`,
  condition: hasWord(word),
});
