/**
 * The search's page reader: a page of car ids in the sort's keyset order past the cursor, read as
 * the counts tell (search-planner.ts, `pageReading`): the cars that come first in that order, found
 * in the columns in memory and read by seq (ADR 28); otherwise gathered and sorted when few cars
 * match (ADR 21), or the order's index walked, testing the words (ADR 26).
 */
import { type CarSearchQuery, type FacetWord, facetOfWord, type SearchSort } from '@redline/shared';
import { and, asc, desc, eq, gt, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { carCounts, cars } from '../../db/schema.ts';
import { addedSecond, type CarColumns, type Columns, hasBit, INT_MAX, INT_MIN } from './car-columns.ts';
import { gapKeySql } from './car-deals.ts';
import { hasSpecValue, SPECS, specConditions } from './car-specs.ts';
import type { SearchCounts, SearchWord } from './search-catalogue.ts';
import { firstAbove, type Matching, matchingIn } from './search-counts.ts';
import { distanceKeySql, metres, NO_PLACE_KEY, narrows, placeFilterOf } from './search-places.ts';
import {
  beyondNames,
  beyondShareOneScore,
  carColumns,
  carConditions,
  decodeCursor,
  encodeCursor,
  filtersOf,
  INT_LIMIT,
  keptColumns,
  matches,
  namesOfEveryWord,
  namesValues,
  type PageCounts,
  type PageReading,
  pageReading,
  READ_BY_SEQ,
  READ_BY_SEQ_SHARE,
  relevance,
  scoreOfName,
  sortOrder,
  WORD_SCORE,
  yearsOf,
} from './search-planner.ts';

/** The columns of a kept cell's key in `car_counts`, or a car's: the first of cars_unsold_facets_idx. */
const cellKey = (source: typeof cars | typeof carCounts) =>
  sql`${source.nameKey}, ${source.categoryId}, ${source.fuel}, ${source.year}, ${source.sellerVerified}`;

/** The keys of the kept cells with a car under the search's category, brand, fuel, year and verified filters. */
const cellsWithCars = (query: CarSearchQuery) =>
  sql`select ${cellKey(carCounts)} from ${carCounts} where ${and(gt(carCounts.carsForSale, 0), filtersOf(query, keptColumns).allBut())}`;

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
  const from = placeFilterOf(query)?.from;
  const distance = sort === 'distance' && from ? distanceKeySql(from) : sql<number>`0`;
  const order = sortOrder(sort, score, distance);
  // Read by best deal only: it reads each car's market value.
  const gap = sort === 'best_deal' ? gapKeySql : sql<number>`0`;
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
        distance: sql<number>`${distance}`.as('distance'),
        gap: sql<number>`${gap}`.as('gap'),
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
  // By relevance, a word naming a facet value: each car scores by its value, so no branch shares one score.
  if (namesValues(words)) {
    const statement = select(score)
      .where(and(where, values && after(keys, values)))
      .orderBy(...keys.map((key) => desc(key)))
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

/**
 * A visit to more cars than this beyond the cells matched whole costs more than a page read by
 * its order's indexes saves (firstInOrder): a common word, whose cars a walk meets soon.
 */
const FIRST_VISITS_MAX = 20_000;
/**
 * As FIRST_VISITS_MAX, when the cars visited are those of a search's place (ADR 51): its counts
 * visited them already, a few tens of nanoseconds each, while the statement would test the
 * distance on each car its walk meets, and the kept cells, which know no place, cannot gather them.
 */
const PLACE_VISITS_MAX = 250_000;

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
function memoryOrder(sort: Exclude<SearchSort, 'distance'>, c: Columns, words: SearchWord[]) {
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
    case 'best_deal':
      return { by: 'gap', sign: 1, offset: none, cursor: ([gap]: unknown[]) => gap as number } as const;
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

/** A car's key in an order (memoryOrder): its value in the order's column (none by year) and its cell's offset. */
function keyIn({ by, sign }: ReturnType<typeof memoryOrder>, c: Columns) {
  const column =
    by === 'price'
      ? c.price
      : by === 'km'
        ? c.km
        : by === 'added'
          ? c.added
          : by === 'gap'
            ? c.gap
            : undefined;
  return (seq: number, offset: number) => (column ? sign * column[seq]! : 0) + offset;
}

/**
 * As firstInOrder, for a search without text whose specification filters leave few cars (at most
 * `most`): every car that passes them, found from their bitsets (specFilter's `passingAll`) and
 * tested against its cell's filters and the bounds, then sorted; rather than each cell's order walked
 * past the cars that fail them (every car of every cell, for values that few cars hold together).
 */
function firstPassing(
  matching: Matching,
  sort: Exclude<SearchSort, 'distance'>,
  after: unknown[] | undefined,
  count: number,
): Int32Array {
  const { columns: c, bounds, spec, placed } = matching;
  const passes = matching.passing();
  const order = memoryOrder(sort, c, []);
  const keyOf = keyIn(order, c);
  const start = after === undefined ? -Infinity : order.cursor(after);
  const found: { seq: number; key: number }[] = [];
  const bits = spec.passingAll(c.specs, c.size);
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]! | 0;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      const seq = 32 * w + 31 - Math.clz32(lowest);
      const cell = c.cell[seq]!;
      if (!c.live[seq] || !passes[cell] || c.km[seq]! > bounds.kmMax) continue;
      if (c.price[seq]! < bounds.priceMin || c.price[seq]! > bounds.priceMax) continue;
      if (placed && !placed.has(seq)) continue;
      const key = keyOf(seq, order.offset(cell));
      if (key >= start) found.push({ seq, key });
    }
  }
  const past = found
    .map(({ key }) => key)
    .filter((key) => key > start)
    .sort((a, b) => a - b);
  const last = past.length >= count ? past[count - 1]! : Infinity;
  return Int32Array.from(
    found.filter(({ key }) => key <= last),
    ({ seq }) => seq,
  );
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
  sort: Exclude<SearchSort, 'distance'>,
  after: unknown[] | undefined,
  count: number,
  most: number,
): Int32Array | undefined {
  const { columns: c, whole, bounds, beyond, passing, members, hasText, spec } = matching;
  const { kmMax, priceMin, priceMax } = bounds;
  const order = memoryOrder(sort, c, words);
  const passes = passing();
  const visits = hasText && !members ? beyond(passes) : undefined;
  if (visits && visits.cars > (matching.placed ? PLACE_VISITS_MAX : FIRST_VISITS_MAX)) return undefined;
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
  /** A car within the search's price range, km limit and specifications, if it can still be among the first. */
  const take = (seq: number, key: number) => {
    if (key < start || key > threshold) return;
    if (c.price[seq]! < priceMin || c.price[seq]! > priceMax || c.km[seq]! > kmMax) return;
    if (spec.fails(c.specs, seq * SPECS) !== 0) return;
    seqs.push(seq);
    keys.push(key);
    if (key > start && ++past >= lowerAt) lower();
  };
  const { by, sign } = order;
  const keyOf = keyIn(order, c);
  const ranged =
    by !== 'price' && by !== 'km' && (kmMax !== INT_MAX || priceMin !== INT_MIN || priceMax !== INT_MAX);
  // The cells matched whole, and those whose cars a common word's members are marked among.
  for (let i = 0; i < c.cells.length; i++) {
    if (!passes[i] || !(whole[i] || members)) continue;
    const ordered = c.ordered(i);
    const marked = whole[i] ? undefined : members!(i);
    if (marked?.size === 0) continue;
    const offset = order.offset(i);
    // Each order's members' bits: from `marks` in `marked.bits` (none: every car; none are marked
    // by best deal, whose cars are then read by km or price as by year).
    const [values, seqOf, marks] =
      by === 'km'
        ? [ordered.km, ordered.seqByKm, marked?.byKm]
        : by === 'added'
          ? [ordered.added, ordered.seqByAdded, marked?.byAdded]
          : by === 'gap'
            ? [ordered.gap, ordered.seqByGap, undefined]
            : [ordered.price, ordered.seqByPrice, marked?.byPrice];
    // From the cursor's key (or, by price, the range's end that comes first) to the range's other end.
    const from = by === 'price' ? Math.max(start, sign > 0 ? priceMin : -priceMax) : start;
    const to = by === 'price' ? (sign > 0 ? priceMax : -priceMin) : by === 'km' ? kmMax : Infinity;
    const first = sign > 0 ? firstAbove(values, from - offset - 1) : firstAbove(values, offset - from) - 1;
    // By a time or a deal, the cars walked in the order up to the threshold's key (all: none yet);
    // by a year, every car. When the km limit or the price range leaves fewer of the cell's cars,
    // those are read instead, each: walked, the cell's cars would mostly fail them.
    const walked =
      by === 'added'
        ? first - firstAbove(values, offset - threshold - 1) + 1
        : by === 'gap'
          ? firstAbove(values, threshold - offset) - first
          : Infinity;
    const withinKm = ranged ? firstAbove(ordered.km, kmMax) : ordered.km.length;
    const [fromPrice, toPrice] = ranged
      ? [firstAbove(ordered.price, priceMin - 1), firstAbove(ordered.price, priceMax)]
      : [0, ordered.price.length];
    if (
      by === 'none' ||
      (by === 'gap' && marked) ||
      ((by === 'added' || by === 'gap') && Math.min(withinKm, toPrice - fromPrice) < walked)
    ) {
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
 * As firstInOrder, by distance from the search's place (ADR 51): the points of the cars' places
 * nearest first (within the radius, if any), each point's cars tested against the search; the cars
 * without a place last (when no radius or delivery leaves them out), each car's key its distance in
 * whole metres (the statement's: distanceKeySql). Undefined beyond `most` cars.
 */
function firstByDistance(
  matching: Matching,
  after: unknown[] | undefined,
  count: number,
  most: number,
): Int32Array | undefined {
  const { columns: c, bounds, spec, place, distances, placed, matchesSets } = matching;
  const passes = matching.passing();
  const start = after === undefined ? Number.NEGATIVE_INFINITY : (after[0] as number);
  const seqs: number[] = [];
  /** The cars taken past the cursor's key, and the key of the count-th of them (then every car tied with it). */
  let past = 0;
  let last = Number.POSITIVE_INFINITY;
  const take = (seq: number, key: number) => {
    const cell = c.cell[seq]!;
    if (!passes[cell] || !matchesSets(seq, cell)) return;
    if (c.price[seq]! < bounds.priceMin || c.price[seq]! > bounds.priceMax || c.km[seq]! > bounds.kmMax)
      return;
    if (spec.fails(c.specs, seq * SPECS) !== 0) return;
    seqs.push(seq);
    if (key > start && ++past === count) last = key;
  };
  // The points by key, each as one number: its key above, its index below (fewer than 2^20 points).
  const ordered: number[] = [];
  for (let point = 1; point < distances!.length; point++) {
    const key = metres(distances![point]!);
    if (key >= start && (place!.withinKm === undefined || distances![point]! <= place!.withinKm))
      ordered.push(key * 2 ** 20 + point);
  }
  const points = Float64Array.from(ordered).sort();
  for (const keyed of points) {
    const key = Math.floor(keyed / 2 ** 20);
    if (key > last) break;
    for (const seq of c.carsAt(keyed - key * 2 ** 20)) take(seq, key);
    if (seqs.length > most) return undefined;
  }
  // The cars without a place, after every other, unless the search leaves them out.
  if (past < count && !placed && NO_PLACE_KEY >= start)
    for (let seq = 0; seq < c.size; seq++) if (c.live[seq] && c.point[seq] === 0) take(seq, NO_PLACE_KEY);
  return seqs.length > most ? undefined : Int32Array.from(seqs);
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
  const { category, brand, fuel, verified } = query;
  const years = yearsOf(query);
  const filtered =
    category?.length ||
    brand?.length ||
    fuel?.length ||
    years.min !== undefined ||
    years.max !== undefined ||
    specConditions(query).length;
  if (sort === 'year_desc' && counts.total > READ_BY_SEQ) return undefined;
  // Its cars' relevance is not their cell's (memoryOrder) when a word names a facet value.
  if (sort === 'relevance' && namesValues(words)) return valuesFirst(query, words, counts, columns);
  const placed = narrows(placeFilterOf(query));
  // By best deal, always: no index orders the cars by their market value.
  if (
    sort !== 'distance' &&
    sort !== 'best_deal' &&
    !(words.length || filtered || verified || placed) &&
    counts.total >= READ_BY_SEQ_SHARE * counts.forSale
  )
    return undefined;
  const after = query.cursor ? decodeCursor(query.cursor, sort, sortOrder(sort, sql`0`)) : undefined;
  const matching = await matchingIn(columns, query, words, namesOfEveryWord(words), counts.brandKeys);
  const most = Math.min(READ_BY_SEQ, READ_BY_SEQ_SHARE * counts.forSale);
  if (sort === 'distance') return firstByDistance(matching, after, query.limit + 1, most);
  if (!words.length && matching.spec.active && counts.total <= most)
    return firstPassing(matching, sort, after, query.limit + 1);
  return firstInOrder(matching, words, sort, after, query.limit + 1, most);
}

/**
 * A relevance page of words of which some name facet values ("diesel wagon": namesValues). A car
 * scores each word's relevance, and WORD_SCORE more for each value named that it holds (relevance):
 * the cars of no name that a word resembles (`tier`) and with every value named all score `top`,
 * above every other car of no such name, and come newest first. The first of them past the cursor
 * are found in memory (firstInOrder) as the search of the other words filtered by those values,
 * newest first; and the cars of the names the words resemble, whose scores their names and their
 * values make, are each scored here. The page reads those cars by seq, sorted by their scores
 * (pageStatement). Undefined (the page scores every car the words match) when no car can hold every
 * value (two of one facet, or a filter without it), when the cursor is past those cars, or when
 * fewer than a page of them remain.
 */
async function valuesFirst(
  query: CarSearchQuery,
  words: SearchWord[],
  counts: Omit<SearchCounts, 'words' | 'facets'>,
  columns: CarColumns,
): Promise<Int32Array | undefined> {
  const withValues: CarSearchQuery = { ...query };
  const facets = withValues as Partial<Record<FacetWord['facet'], readonly string[]>>;
  const others: SearchWord[] = [];
  const values: (FacetWord | undefined)[] = [];
  for (const word of words) {
    const named = facetOfWord(word.word);
    values.push(named);
    if (!named) others.push(word);
    else if (facets[named.facet]?.includes(named.value) === false) return undefined;
    else facets[named.facet] = [named.value];
  }
  const top = WORD_SCORE * (2 * words.length - others.length);
  // Each page's order as one number a car (memoryOrder's for relevance), ascending.
  const keyOf = (score: number, added: number) => -score * SECONDS - added;
  let start = -Infinity;
  let after: unknown[] | undefined;
  if (query.cursor) {
    const [score, ...newest] = decodeCursor(query.cursor, 'relevance', sortOrder('relevance', sql`0`));
    if ((score as number) < top) return undefined;
    start = keyOf(score as number, addedSecond(newest[0] as string));
    if (score === top) after = newest;
  }
  const resembled = new Set(words.flatMap(({ names }) => [...names.keys()]));
  const matching = await matchingIn(columns, withValues, others, new Map(), counts.brandKeys);
  const { columns: c } = matching;
  const tier: Matching = {
    ...matching,
    passing: () => {
      const passes = matching.passing();
      c.cells.forEach(({ nameKey }, cell) => {
        if (resembled.has(nameKey)) passes[cell] = 0;
      });
      return passes;
    },
  };
  const most = Math.min(READ_BY_SEQ, READ_BY_SEQ_SHARE * counts.forSale);
  const first = firstInOrder(tier, others, 'newest', after, query.limit + 1, most);
  if (first === undefined) return undefined;
  const candidates = Array.from(first, (seq) => ({ seq, key: keyOf(top, c.added[seq]!) }));
  if (candidates.filter(({ key }) => key > start).length <= query.limit) return undefined;
  if (resembled.size > 0) {
    const named = await matchingIn(columns, query, words, new Map(), counts.brandKeys);
    for (const { seq, score } of carsOfNames(named, words, values, resembled))
      candidates.push({ seq, key: keyOf(score, c.added[seq]!) });
  }
  // Those at the cursor's key or past it, up to the page's last (one more than asked) and its ties.
  const past = candidates
    .filter(({ key }) => key > start)
    .map(({ key }) => key)
    .sort((a, b) => a - b);
  const last = past[query.limit]!;
  const seqs = candidates.filter(({ key }) => key >= start && key <= last).map(({ seq }) => seq);
  return seqs.length > most ? undefined : Int32Array.from(seqs);
}

/**
 * The cars of the names in `resembled` that a search matches (matchingIn: its filters, every word
 * by its name or its set), each with its relevance: a word's score by the car's name if the name
 * resembles it (scoreOfName), else WORD_SCORE; and WORD_SCORE more for each value a word names
 * (`values`, one per word) that the car holds.
 */
function carsOfNames(
  matching: Matching,
  words: SearchWord[],
  values: (FacetWord | undefined)[],
  resembled: ReadonlySet<string>,
): { seq: number; score: number }[] {
  const { columns: c, sets, bounds, spec, placed } = matching;
  /** Per word naming a value, whether a car (its seq, its cell's fuel) holds it. */
  const holds = values.map((value) => {
    if (value === undefined) return undefined;
    if (value.facet === 'fuel') return (_: number, fuel: string) => fuel === value.value;
    const has = hasSpecValue(value.facet, value.value);
    return (seq: number) => has(c.specs, seq * SPECS);
  });
  const passes = matching.passing();
  const found: { seq: number; score: number }[] = [];
  c.cells.forEach((cell, i) => {
    if (!passes[i] || !resembled.has(cell.nameKey)) return;
    for (const seq of c.ordered(i).seqByAdded) {
      if (c.price[seq]! < bounds.priceMin || c.price[seq]! > bounds.priceMax || c.km[seq]! > bounds.kmMax)
        continue;
      if (spec.fails(c.specs, seq * SPECS) !== 0 || (placed && !placed.has(seq))) continue;
      let score = 0;
      for (let w = 0; w < words.length; w++) {
        const similarity = words[w]!.names.get(cell.nameKey);
        if (similarity !== undefined) score += scoreOfName(similarity);
        else if (sets[w]!.has(seq)) score += WORD_SCORE;
        else {
          score = -1;
          break;
        }
        if (holds[w]?.(seq, cell.fuel)) score += WORD_SCORE;
      }
      if (score >= 0) found.push({ seq, score });
    }
  });
  return found;
}
