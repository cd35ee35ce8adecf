/**
 * The specifications a search filters on (ADR 44), a byte each per car in the columns in memory
 * (car-columns.ts) and in the database's count one by one: body style, transmission, drivetrain,
 * exterior colour, title status and the deal rating (car-deals.ts, ADR 57) as the index of their
 * value plus one (0: none), each with a facet; doors, seats and previous owners as their number
 * (UNKNOWN: none), limits without one.
 */
import {
  type CarSearchQuery,
  DEAL_RATING_LABELS,
  type DealRating,
  type FacetValue,
  SEARCH_SPEC_FACETS,
  type SearchSpecFacet,
} from '@redline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { cars } from '../../db/schema.ts';
import { ratingSql } from './car-deals.ts';

const FACETS = Object.keys(SEARCH_SPEC_FACETS) as SearchSpecFacet[];
const facetColumns: Record<SearchSpecFacet, SQL> = {
  rating: ratingSql,
  body: sql`${cars.bodyStyle}`,
  transmission: sql`${cars.transmission}`,
  drivetrain: sql`${cars.drivetrain}`,
  colour: sql`${cars.exteriorColour}`,
  title: sql`${cars.titleStatus}`,
};
/** The column of a facet that a buyer's word may name (search-words.ts's facetOfWord). */
export const facetColumn = (facet: 'fuel' | SearchSpecFacet): SQL =>
  facet === 'fuel' ? sql`${cars.fuel}` : facetColumns[facet];
/** The limits: at least (`doorsMin`, `seatsMin`) or at most (`ownersMax`) a number of the car's. */
const LIMITS = [
  { name: 'doorsMin', column: sql`${cars.doors}`, atLeast: true },
  { name: 'seatsMin', column: sql`${cars.seats}`, atLeast: true },
  { name: 'ownersMax', column: sql`${cars.previousOwners}`, atLeast: false },
] as const;

/** A car's bytes: one per facet, then one per limit. */
export const SPECS = FACETS.length + LIMITS.length;
/**
 * The byte of the deal rating: not a column of the car's but of its price and its market value, so
 * the columns write it (car-columns.ts), not the load's packed bits (specFacetBits).
 */
export const RATING_BYTE = FACETS.indexOf('rating');
/** The facets a car's row holds, by the index of their byte: every one but the rating. */
const STORED_FACETS = FACETS.map((_, f) => f).filter((f) => f !== RATING_BYTE);
const UNKNOWN = 255;
/** Where each facet's counts start among a search's (`specCounts`): one for none, then a count per value. */
const facetAt = FACETS.map((_, f) =>
  FACETS.slice(0, f).reduce((at, facet) => at + SEARCH_SPEC_FACETS[facet].length + 1, 0),
);
/** How many counts a search's specification facets take together. */
export const SPEC_COUNTS = facetAt.at(-1)! + SEARCH_SPEC_FACETS[FACETS.at(-1)!].length + 1;
/** The first bit of the specification filters a car fails, after those of its cell's (search-counts.ts). */
const FIRST_SHIFT = 5;
const FIRST_BIT = 1 << FIRST_SHIFT;
/** A car that fails a limit counts nowhere: every bit. */
const EVERY_BIT = -1;

/** A car's byte of each facet (the index of its value plus one, 0: none) and of each limit (UNKNOWN: none), as SQL. */
const facetCodes = FACETS.map((facet) => {
  const values = sql.raw(SEARCH_SPEC_FACETS[facet].map((value) => `'${value}'`).join(', '));
  return sql`coalesce(array_position(array[${values}]::text[], ${facetColumns[facet]}), 0)`;
});
const limitCodes = LIMITS.map(({ column }) => sql`coalesce(${column}, ${sql.raw(String(UNKNOWN))})`);

/**
 * A car's bytes as one array of integers, for the database's count. The values are written into
 * the statement, not sent as parameters: the count groups by it, and PostgreSQL sees two
 * parameters as two expressions.
 */
export const specCodes = sql<number[]>`array[${sql.join([...facetCodes, ...limitCodes], sql`, `)}]::int[]`;

/** Bits per facet's code in `specFacetBits`: every facet has fewer values. */
const FACET_BITS = 5;
if (FACETS.some((facet) => SEARCH_SPEC_FACETS[facet].length >= 2 ** FACET_BITS))
  throw new Error(`a specification facet has ${2 ** FACET_BITS} values or more`);

/**
 * A car's bytes as two integers, for the columns' load (a million arrays parsed one by one were a
 * third of its time): its stored facets' codes FACET_BITS bits each, and its limits' numbers a byte
 * each (unpackSpecs).
 */
export const specFacetBits = sql<number>`(${sql.join(
  STORED_FACETS.map((f, i) => sql`(${facetCodes[f]!} << ${sql.raw(String(FACET_BITS * i))})`),
  sql` | `,
)})::int`;
export const specLimitBits = sql<number>`(${sql.join(
  limitCodes.map((code, l) => sql`(${code} << ${sql.raw(String(8 * l))})`),
  sql` | `,
)})::int`;

/** Writes the bytes of a car read as `specFacetBits` and `specLimitBits` into `bytes` from `at` (all but its rating's). */
export function unpackSpecs(facetBits: number, limitBits: number, bytes: Uint8Array, at: number) {
  for (let i = 0; i < STORED_FACETS.length; i++)
    bytes[at + STORED_FACETS[i]!] = (facetBits >>> (FACET_BITS * i)) & (2 ** FACET_BITS - 1);
  for (let l = 0; l < LIMITS.length; l++) bytes[at + FACETS.length + l] = (limitBits >>> (8 * l)) & 0xff;
}

/** Whether the car whose bytes start at `at` in `specs` has a facet's value. */
export function hasSpecValue(
  facet: SearchSpecFacet,
  value: string,
): (specs: Uint8Array, at: number) => boolean {
  const f = FACETS.indexOf(facet);
  const code = (SEARCH_SPEC_FACETS[facet] as readonly string[]).indexOf(value) + 1;
  return (specs, at) => specs[at + f] === code;
}

/** The specification filters of a search as conditions on the cars' columns (search-planner.ts's filtersOf). */
export function specConditions(query: CarSearchQuery): SQL[] {
  return [
    ...FACETS.flatMap((facet) => {
      const values = query[facet];
      return values?.length
        ? [
            sql`${facetColumns[facet]} in (${sql.join(
              values.map((value) => sql`${value}`),
              sql`, `,
            )})`,
          ]
        : [];
    }),
    ...LIMITS.flatMap(({ name, column, atLeast }) => {
      const limit = query[name];
      if (limit === undefined) return [];
      return [atLeast ? sql`${column} >= ${limit}` : sql`${column} <= ${limit}`];
    }),
  ];
}

/** The specification filters of a search, as the counts and the pages in memory test a car's bytes. */
export function specFilter(query: CarSearchQuery) {
  /**
   * Per byte filtered, where it lies among a car's and the bits a car fails by its value: a value
   * not asked, its facet's bit; a number beyond a limit (or none), every bit.
   */
  const positions: number[] = [];
  const tables: Int32Array[] = [];
  FACETS.forEach((facet, f) => {
    const values = query[facet];
    if (!values?.length) return;
    const table = new Int32Array(256).fill(FIRST_BIT << f);
    for (const value of values)
      table[(SEARCH_SPEC_FACETS[facet] as readonly string[]).indexOf(value) + 1] = 0;
    positions.push(f);
    tables.push(table);
  });
  LIMITS.forEach(({ name, atLeast }, l) => {
    const limit = query[name];
    if (limit === undefined) return;
    const table = new Int32Array(256);
    for (let value = 0; value < 256; value++)
      if (value === UNKNOWN || (atLeast ? value < limit : value > limit)) table[value] = EVERY_BIT;
    positions.push(FACETS.length + l);
    tables.push(table);
  });
  const active = tables.length > 0;
  const facetsFiltered = positions.filter((position) => position < FACETS.length).length;
  /** The facet filtered when it is the only specification filter (-1: none, or others too). */
  const alone = tables.length === 1 && facetsFiltered === 1 ? positions[0]! : -1;
  /** The bits of the filters that the car whose bytes start at `at` of `bytes` fails (EVERY_BIT: a limit). */
  const fails = (bytes: ArrayLike<number>, at: number): number => {
    let failed = 0;
    for (let i = 0; i < tables.length; i++) failed |= tables[i]![bytes[at + positions[i]!]!]!;
    return failed;
  };
  /**
   * Counts `cars` cars of those bytes in each specification facet whose filter is the only one they
   * fail, or that they fail none of (`failed`: their bits, their cell passing every other filter).
   */
  const count = (counts: Int32Array, bytes: ArrayLike<number>, at: number, failed: number, cars = 1) => {
    if (failed === 0) {
      for (let f = 0; f < FACETS.length; f++) counts[facetAt[f]! + bytes[at + f]!]! += cars;
    } else if (failed > 0 && (failed & (failed - 1)) === 0) {
      // One facet's bit alone (every bit is negative): that facet's count.
      const f = 31 - Math.clz32(failed) - FIRST_SHIFT;
      counts[facetAt[f]! + bytes[at + f]!]! += cars;
    }
  };
  /**
   * The cars that count anywhere (a bit per seq of `bytes` below `size`): those that fail no limit
   * and at most one facet filter (count). When one facet is filtered alone, those that pass it: the
   * others count in that facet alone, which a caller counts from the cells' orders (SpecOrder).
   * Each filter reads its byte of every car once, one after the other.
   */
  const candidates = (bytes: Uint8Array, size: number): Uint32Array => {
    const words = (size + 31) >>> 5;
    let passAll: Uint32Array | undefined;
    let failOne: Uint32Array | undefined;
    let limits: Uint32Array | undefined;
    tables.forEach((table, i) => {
      const position = positions[i]!;
      const passes = passing(bytes, size, position, table);
      if (position >= FACETS.length) {
        if (limits) for (let w = 0; w < words; w++) limits[w]! &= passes[w]!;
        else limits = passes;
      } else if (!passAll || !failOne) {
        passAll = passes;
        failOne = new Uint32Array(words);
        for (let w = 0; w < words; w++) failOne[w] = ~passes[w]!;
      } else
        for (let w = 0; w < words; w++) {
          failOne[w] = (failOne[w]! & passes[w]!) | (passAll[w]! & ~passes[w]!);
          passAll[w]! &= passes[w]!;
        }
    });
    const counted = new Uint32Array(words);
    for (let w = 0; w < words; w++) {
      const facets = passAll ? (alone >= 0 ? passAll[w]! : passAll[w]! | failOne![w]!) : -1;
      counted[w] = facets & (limits ? limits[w]! : -1);
    }
    if (words > 0) counted[words - 1]! &= lastWord(size);
    return counted;
  };
  /** The cars that pass every filter (a bit per seq of `bytes` below `size`). */
  const passingAll = (bytes: Uint8Array, size: number): Uint32Array => {
    const all = new Uint32Array((size + 31) >>> 5).fill(-1);
    tables.forEach((table, i) => {
      const passes = passing(bytes, size, positions[i]!, table);
      for (let w = 0; w < all.length; w++) all[w]! &= passes[w]!;
    });
    if (all.length > 0) all[all.length - 1]! &= lastWord(size);
    return all;
  };
  /** Only limits are filtered: a car that fails none of them counts everywhere. */
  const limitsOnly = active && facetsFiltered === 0;
  return { active, alone, limitsOnly, fails, count, candidates, passingAll };
}

/** A bit per car of `bytes` below `size`: whether its byte at `position` fails none of `table`'s bits. */
function passing(bytes: Uint8Array, size: number, position: number, table: Int32Array): Uint32Array {
  const passes = new Uint32Array((size + 31) >>> 5);
  for (let seq = 0, at = position; seq < size; seq++, at += SPECS)
    if (table[bytes[at]!] === 0) passes[seq >>> 5]! |= 1 << (seq & 31);
  return passes;
}

/** The bits of the last word of a bitset of `size` bits that stand for one. */
export const lastWord = (size: number) => (size % 32 === 0 ? -1 : (1 << (size % 32)) - 1);

/** Writes the counts of facet `f` (the index of its byte) of `from` over those of `counts`. */
export function copyFacetCounts(counts: Int32Array, from: Int32Array, f: number) {
  const start = facetAt[f]!;
  counts.set(from.subarray(start, start + SEARCH_SPEC_FACETS[FACETS[f]!].length + 1), start);
}

export type SpecFilter = ReturnType<typeof specFilter>;

/** Counts one car (its bytes at `index * SPECS` of `bytes`) in each specification facet, `cars` times (-1: taken back). */
function countCar(counts: Int32Array, bytes: Uint8Array, index: number, row = 0, cars = 1) {
  for (let f = 0; f < FACETS.length; f++) counts[row + facetAt[f]! + bytes[index * SPECS + f]!]! += cars;
}

/** The bytes of the cars `seqs` (a cell's order), one car after the other in that order. */
function specsInOrder(bytes: Uint8Array, seqs: Int32Array): Uint8Array {
  const ordered = new Uint8Array(seqs.length * SPECS);
  seqs.forEach((seq, i) => {
    ordered.set(bytes.subarray(seq * SPECS, (seq + 1) * SPECS), i * SPECS);
  });
  return ordered;
}

/** Cars per block of a cell's order whose specification counts are summed ahead (specBlocksOf). */
const SPEC_BLOCK = 64;

/**
 * A cell's order as its specification counts need it: its cars' bytes in that order (specsInOrder),
 * read one after the other, and the counts of its first `b * SPEC_BLOCK` cars, SPEC_COUNTS from
 * `b * SPEC_COUNTS` for each whole block b.
 */
export interface SpecOrder {
  bytes: Uint8Array;
  blocks: Int32Array;
}

/**
 * A cell's order's specification counts by blocks (SpecOrder): the counts of any stretch of the
 * order are the difference of two rows and a walk of at most a block at each end (addSpecCounts),
 * where a price or km bound would otherwise walk the cell. About 10 bytes a car: its 8 bytes and
 * the blocks' counts.
 */
export function specOrderOf(bytes: Uint8Array, seqs: Int32Array): SpecOrder {
  const ordered = specsInOrder(bytes, seqs);
  const blocks = Math.floor(seqs.length / SPEC_BLOCK);
  const sums = new Int32Array((blocks + 1) * SPEC_COUNTS);
  for (let b = 1; b <= blocks; b++) {
    const row = b * SPEC_COUNTS;
    sums.copyWithin(row, row - SPEC_COUNTS, row);
    for (let i = (b - 1) * SPEC_BLOCK; i < b * SPEC_BLOCK; i++) countCar(sums, ordered, i, row);
  }
  return { bytes: ordered, blocks: sums };
}

/** A count per value of each specification facet (SPEC_COUNTS: see facetAt) of every car of an order. */
export function specCountsOf(order: SpecOrder): Int32Array {
  const counts = new Int32Array(SPEC_COUNTS);
  addSpecCounts(counts, order, 0, order.bytes.length / SPECS);
  return counts;
}

/**
 * Adds the specification counts of the cars `from` to `to` (excluded) of a cell's order to
 * `counts`: the difference of the rows of the block ends nearest to them, and the cars between
 * each of them and its end added or taken back (at most half a block each).
 */
export function addSpecCounts(counts: Int32Array, { bytes, blocks }: SpecOrder, from: number, to: number) {
  const rows = blocks.length / SPEC_COUNTS;
  /** The block end nearest to the `at`-th car that has a row. */
  const nearest = (at: number) => {
    const below = Math.floor(at / SPEC_BLOCK);
    return below + 1 < rows && (below + 1) * SPEC_BLOCK - at < at - below * SPEC_BLOCK ? below + 1 : below;
  };
  const [low, high] = [nearest(from), nearest(to)];
  if (low === high) {
    for (let i = from; i < to; i++) countCar(counts, bytes, i);
    return;
  }
  for (let v = 0; v < SPEC_COUNTS; v++)
    counts[v]! += blocks[high * SPEC_COUNTS + v]! - blocks[low * SPEC_COUNTS + v]!;
  /** The cars from `start` to `end` (excluded) counted `cars` times. */
  const walk = (start: number, end: number, cars: number) => {
    for (let i = start; i < end; i++) countCar(counts, bytes, i, 0, cars);
  };
  walk(low * SPEC_BLOCK, from, -1);
  walk(from, low * SPEC_BLOCK, 1);
  walk(high * SPEC_BLOCK, to, 1);
  walk(to, high * SPEC_BLOCK, -1);
}

/**
 * The specification facets of a search's counts, every value listed (a car without one in none),
 * each labelled by its value but a rating, by its words ("Great deal").
 */
export function specFacets(counts: Int32Array): Record<SearchSpecFacet, FacetValue[]> {
  return Object.fromEntries(
    FACETS.map((facet, f) => [
      facet,
      SEARCH_SPEC_FACETS[facet].map((value, i) => ({
        value,
        label: facet === 'rating' ? DEAL_RATING_LABELS[value as DealRating] : value,
        count: counts[facetAt[f]! + i + 1]!,
      })),
    ]),
  ) as Record<SearchSpecFacet, FacetValue[]>;
}
