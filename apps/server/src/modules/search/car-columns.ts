/**
 * The cars for sale as columns in memory, for the search's counts (ADR 23): what a count reads of a
 * car (its cell: name, brand, category, fuel, year and seller's badge; its price, km and
 * specifications, a byte each: ADR 44) in typed
 * arrays indexed by the car's `seq` (migration 0008), and sets of cars that the search asks by a
 * condition (those whose text has a word), and each cell's cars ordered by price and by km (ADR 25),
 * with a set's members marked among them when asked. Every count of a search is made here: the cars
 * of a word from its set instead of reading a third of the cars, or all of them, from the database
 * (0.4–1.7 s each time at 1,000,000 cars; the set is read once), and a price range or a km limit by
 * binary searches per cell (and a count of the members' bits, for a common word).
 *
 * They are kept current by the domain events, like every copy of the catalogue
 * (catalogue/catalogue-cache.ts): a car posted, edited, sold or deleted, or a seller verified, is read again
 * by the next count before it counts (only those cars, with each kept set's condition), in this
 * instance as soon as the change commits and in the others when its NOTIFY arrives. Events missed
 * by the listener load everything again before the next count. SQL typed by an operator announces
 * nothing: columns or a set older than MAX_AGE_MS are read again in the background while the old
 * ones serve, then swapped in (a count never waits for that). 190 MB for 920,000 cars for sale,
 * measured (`npm run bench:search`, docs/performance.md: every array with its growth room, the
 * specifications' 8 bytes a car (ADR 44), the places and the deals included; the sets and their
 * members besides, 32 and 48 MB at most), loaded and ordered in about nine seconds in steps of a
 * few tens of milliseconds. The deal of each car (ADR 57): the estimate of its
 * market value, its rating (a specification byte) and its key in the order by best deal, from its
 * price now and the estimate; the estimates read again, before the next count, after each refit of
 * the market values (`market-values.refitted`), about 19 bytes a car more.
 */
import { setImmediate } from 'node:timers/promises';
import { DEAL_RATINGS, type DealRating } from '@redline/shared';
import { and, eq, gt, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cars, marketValues } from '../../db/schema.ts';
import type { EventBus } from '../../events/index.ts';
import { estimateSql, gapKey, ratingCode } from './car-deals.ts';
import {
  RATING_BYTE,
  SPECS,
  type SpecOrder,
  specCountsOf,
  specFacetBits,
  specLimitBits,
  specOrderOf,
  unpackSpecs,
} from './car-specs.ts';

/** Columns or a set older than this are read again, in the background (see above). */
export const MAX_AGE_MS = 10 * 60_000;
/** The kept sets' memory, the least recently asked dropped first beyond it. */
const MAX_SET_BYTES = 32 * 1024 * 1024;
/**
 * A start's recalled sets (`recall`): RECALL_BATCH in a statement, so that a common word's scan of
 * the table is shared by them, and RECALLS_AT_ONCE statements at a time, PostgreSQL scanning while
 * the server parses. Measured at a million cars on 2 cores (docs/performance.md, section 8): the
 * 1,000 words searched most read in 16 s, the server's thread blocked 0.3 s at most by a
 * statement's arrays (16 a statement: 0.5 s), where one word a statement, four at a time, took
 * about 23 s for 200.
 */
const RECALL_BATCH = 8;
const RECALLS_AT_ONCE = 2;
/** The memory of the sets' members marked by cell (membersIn), the least recently asked set's dropped first beyond it. */
const MAX_MEMBER_BYTES = 48 * 1024 * 1024;
/**
 * Cars read per statement of a full load: each batch's rows are turned into columns in one go,
 * which blocks the server's thread about 5 ms per 1,000 cars (docs/performance.md, section 8).
 */
const LOAD_BATCH = 5_000;

/**
 * A cell: the cars of one name (and brand), category, fuel and year whose sellers are all verified
 * or all not, as `car_counts` keeps them (migration 0004). A count reads a cell's filters once for
 * all its cars.
 */
export interface Cell {
  nameKey: string;
  brandKey: string;
  categoryId: string;
  fuel: string;
  year: number;
  sellerVerified: boolean;
}

/** The columns of the cars, by `seq` (`live`: for sale; a car sold, deleted or never loaded is not). */
export interface Columns {
  /** One more than the greatest seq held: every array has at least this many. */
  size: number;
  live: Uint8Array;
  /** The index of the car's cell in `cells`. */
  cell: Int32Array;
  price: Int32Array;
  km: Int32Array;
  /** When it was posted (`added_date`), in whole seconds since ADDED_EPOCH (addedSecond). */
  added: Int32Array;
  /** Its specifications, SPECS bytes from `seq * SPECS` (car-specs.ts, ADR 44), its deal rating's among them. */
  specs: Uint8Array;
  /** The estimate of its market value, in cents (0: none), as the last refit stored it. */
  estimate: Int32Array;
  /** Its key in the order by best deal (car-deals.ts's gapKey). */
  gap: Int32Array;
  /** The deal rating of the car of seq `seq` (its rating's byte among its specifications); `none` for -1. */
  ratingOf(seq: number): DealRating;
  /** The index of its place's point in `points` (0: it has no place; ADR 51). */
  point: Int32Array;
  /** How far from its place its seller delivers it, in km (0: not delivered). */
  delivery: Float64Array;
  /** Every point a car has stood at, in the order first met, from 1 (0 stands for no place). */
  points: { latitude: number[]; longitude: number[] };
  /** The cars for sale at point `index` (of `points`, from 1), in no order. */
  carsAt(index: number): readonly number[];
  /** The seq of car `id`, or -1 when no car of that id was met. */
  seqOf(id: string): number;
  /** Every cell a car has had, in the order first met. */
  cells: Cell[];
  /** The cars for sale of cell `index` (of `cells`), ordered by price and by km. */
  ordered(index: number): OrderedCell;
  /**
   * The cars for sale of `set` by cell, marked among each cell's cars ordered: a count by a common
   * word reads a cell's by binary searches and a count of bits instead of a visit to each car.
   */
  membersIn(set: SlotSet): (index: number) => CellMembers;
}

/**
 * The cars for sale of one cell, by price and by km: a price range counts a cell's cars by two
 * binary searches, a km limit by one, instead of a visit to each car (ADR 25).
 */
export interface OrderedCell {
  /** Their prices, lowest first, and the km of each. */
  price: Int32Array;
  kmByPrice: Int32Array;
  /** Their km, fewest first, the price of each, and the least and the greatest price up to each. */
  km: Int32Array;
  priceByKm: Int32Array;
  lowestUpTo: Int32Array;
  highestUpTo: Int32Array;
  /** Their seqs, by price and by km. */
  seqByPrice: Int32Array;
  seqByKm: Int32Array;
  /** When they were posted (Columns.added), oldest first, and their seqs in that order. */
  added: Int32Array;
  seqByAdded: Int32Array;
  /** Their keys by best deal (Columns.gap), best first, and their seqs in that order. */
  gap: Int32Array;
  seqByGap: Int32Array;
  /** How many of them have each value of each specification facet (car-specs.ts's specCountsOf). */
  specCounts: Int32Array;
  /** Their bytes and those counts by blocks, in the orders by price and by km (car-specs.ts's SpecOrder). */
  specsByPrice: SpecOrder;
  specsByKm: SpecOrder;
}

/**
 * The cars of a cell that are in a set, marked among the cell's cars in each of OrderedCell's
 * orders: the i-th car by price is a member when bit `byPrice + i` of `bits` is set, and so by km
 * and by time added. The bits of a set's cells share one array (SetMembers).
 */
export interface CellMembers {
  ordered: OrderedCell;
  bits: Uint32Array;
  byPrice: number;
  byKm: number;
  byAdded: number;
  size: number;
}

/**
 * When the seconds of Columns.added start (2020-01-01 UTC): 32 bits of seconds from there reach
 * 1952 to 2088, and an added second times CELL_INDEXES stays an exact number (orderOf).
 */
export const ADDED_EPOCH = Date.UTC(2020, 0, 1);

/** The second since ADDED_EPOCH of a time (an ISO string), floored: as the columns hold `added_date`. */
export const addedSecond = (time: string) => Math.floor((Date.parse(time) - ADDED_EPOCH) / 1000);

/** Above any index of a car in its cell: a value and that index are sorted as one number. */
const CELL_INDEXES = 2 ** 22;

/**
 * The indexes of `seqs` in the order of their `values`. A value times CELL_INDEXES plus the index
 * stays below 2^53 (values are 32-bit integers): a typed array of numbers sorts far faster than one
 * sorted through a comparison function.
 */
function orderOf(seqs: readonly number[], values: Int32Array): Int32Array {
  const count = seqs.length;
  if (count >= CELL_INDEXES) throw new Error('a cell holds too many cars to be ordered');
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = values[seqs[i]!]! * CELL_INDEXES + i;
  keys.sort();
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    order[i] = key - Math.floor(key / CELL_INDEXES) * CELL_INDEXES;
  }
  return order;
}

const NO_SPECS: SpecOrder = { bytes: new Uint8Array(0), blocks: new Int32Array(0) };

/** Orders `seqs` (the cars of a cell) by their `price`, by their `km`, by when they were `added` and by their `gap`. */
function orderCell(
  seqs: readonly number[],
  { price, km, added, gap, specs }: Pick<Columns, 'price' | 'km' | 'added' | 'gap' | 'specs'>,
): OrderedCell {
  const count = seqs.length;
  const ordered: OrderedCell = {
    price: new Int32Array(count),
    kmByPrice: new Int32Array(count),
    km: new Int32Array(count),
    priceByKm: new Int32Array(count),
    lowestUpTo: new Int32Array(count),
    highestUpTo: new Int32Array(count),
    seqByPrice: new Int32Array(count),
    seqByKm: new Int32Array(count),
    added: new Int32Array(count),
    seqByAdded: new Int32Array(count),
    gap: new Int32Array(count),
    seqByGap: new Int32Array(count),
    specCounts: new Int32Array(0),
    specsByPrice: NO_SPECS,
    specsByKm: NO_SPECS,
  };
  orderOf(seqs, price).forEach((index, i) => {
    const seq = seqs[index]!;
    ordered.seqByPrice[i] = seq;
    ordered.price[i] = price[seq]!;
    ordered.kmByPrice[i] = km[seq]!;
  });
  let lowest = INT_MAX;
  let highest = INT_MIN;
  orderOf(seqs, km).forEach((index, i) => {
    const seq = seqs[index]!;
    const carPrice = price[seq]!;
    ordered.seqByKm[i] = seq;
    ordered.km[i] = km[seq]!;
    ordered.priceByKm[i] = carPrice;
    lowest = Math.min(lowest, carPrice);
    highest = Math.max(highest, carPrice);
    ordered.lowestUpTo[i] = lowest;
    ordered.highestUpTo[i] = highest;
  });
  orderOf(seqs, added).forEach((index, i) => {
    const seq = seqs[index]!;
    ordered.seqByAdded[i] = seq;
    ordered.added[i] = added[seq]!;
  });
  orderOf(seqs, gap).forEach((index, i) => {
    const seq = seqs[index]!;
    ordered.seqByGap[i] = seq;
    ordered.gap[i] = gap[seq]!;
  });
  ordered.specsByPrice = specOrderOf(specs, ordered.seqByPrice);
  ordered.specsByKm = specOrderOf(specs, ordered.seqByKm);
  ordered.specCounts = specCountsOf(ordered.specsByPrice);
  return ordered;
}

/** Whether bit `at` of `bits` is set (a bit beyond them is not). */
export const hasBit = (bits: Uint32Array, at: number) => (bits[at >>> 5]! & (1 << (at & 31))) !== 0;

/** The bits set in a 32-bit word. */
function bitCount(word: number): number {
  const pairs = word - ((word >>> 1) & 0x55555555);
  const nibbles = (pairs & 0x33333333) + ((pairs >>> 2) & 0x33333333);
  return Math.imul((nibbles + (nibbles >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The bits set in `bits` from position `from` up to `to` (not included). */
export function bitsIn(bits: Uint32Array, from: number, to: number): number {
  let count = 0;
  let at = from;
  for (; at < to && (at & 31) !== 0; at++) if (hasBit(bits, at)) count++;
  for (; at + 32 <= to; at += 32) count += bitCount(bits[at >>> 5]!);
  for (; at < to; at++) if (hasBit(bits, at)) count++;
  return count;
}

/** Marks the members of `set` among `seqs` in `bits`, from bit `from` in their order; returns how many. */
function mark(seqs: Int32Array, set: SlotSet, bits: Uint32Array, from: number): number {
  let size = 0;
  for (let i = 0; i < seqs.length; i++)
    if (set.has(seqs[i]!)) {
      const at = from + i;
      bits[at >>> 5]! |= 1 << (at & 31);
      size++;
    }
  return size;
}

/**
 * A set's members marked by cell (membersIn). Each cell's bits take a slot of one array, sized for
 * its cars when the set was first asked: three runs of a word (32 bits) per 32 cars, by price, by
 * km and by time added. A cell ordered again is marked again in its slot, or in an array of its
 * own when it has outgrown it (or is newer than the slots). One array rather than three a cell: a
 * typed array costs about 220 bytes besides its bits, more than a cell's bits (measured with
 * `node --expose-gc`, a common word's members in the 1,930 cells of 1,000,000 cars: 1.7 MB with
 * three arrays a cell, 0.5 MB in one).
 */
class SetMembers {
  readonly bits: Uint32Array;
  private readonly slotAt: Int32Array;
  private readonly slotWords: Int32Array;
  readonly cells: (CellMembers | undefined)[] = [];
  bytes: number;

  /** Slots for cells with these many cars each. */
  constructor(cars: readonly number[]) {
    this.slotAt = new Int32Array(cars.length);
    this.slotWords = new Int32Array(cars.length);
    let words = 0;
    cars.forEach((count, cell) => {
      this.slotAt[cell] = words;
      this.slotWords[cell] = Math.ceil(count / 32);
      words += 3 * this.slotWords[cell]!;
    });
    this.bits = new Uint32Array(words);
    this.bytes = this.bits.byteLength + this.slotAt.byteLength + this.slotWords.byteLength;
  }

  /** The members of `set` in cell `cell`, ordered as `ordered`, marked; `bytes` counts what they take. */
  mark(cell: number, ordered: OrderedCell, set: SlotSet): CellMembers {
    const words = Math.ceil(ordered.seqByPrice.length / 32);
    const inSlot = cell < this.slotAt.length && words <= this.slotWords[cell]!;
    const at = inSlot ? this.slotAt[cell]! : 0;
    const bits = inSlot ? this.bits : new Uint32Array(3 * words);
    bits.fill(0, at, at + 3 * words);
    const byPrice = 32 * at;
    const byKm = byPrice + 32 * words;
    const byAdded = byKm + 32 * words;
    const size = mark(ordered.seqByPrice, set, bits, byPrice);
    mark(ordered.seqByKm, set, bits, byKm);
    mark(ordered.seqByAdded, set, bits, byAdded);
    const members = { ordered, bits, byPrice, byKm, byAdded, size };
    this.bytes += this.bytesOf(members) - this.bytesOf(this.cells[cell]);
    this.cells[cell] = members;
    return members;
  }

  /** A cell's members' memory beyond the shared array (measured: see above). */
  private bytesOf(members: CellMembers | undefined): number {
    if (!members) return 0;
    return 80 + (members.bits === this.bits ? 0 : members.bits.byteLength + 220);
  }
}

/** The bounds of the columns' 32-bit integers (prices, km). */
export const INT_MAX = 2 ** 31 - 1;
export const INT_MIN = -(2 ** 31);
/** Cars ordered between two yields to the event loop when every cell is ordered after a load. */
const ORDER_BATCH = 50_000;

/** A set of cars by seq: their seqs in order when they are few, a bitset when they are many. */
export class SlotSet {
  private list: number[] | undefined;
  private bits: Uint32Array | undefined;
  /** How many cars it holds. */
  size = 0;

  constructor(seqs: number[], size: number) {
    // A bitset takes a bit per car held or not, a list 8 bytes per car held.
    if (seqs.length * 64 > size) {
      this.bits = new Uint32Array(SlotSet.bitsetWords(size));
      for (const seq of seqs) this.add(seq);
    } else {
      this.list = [...new Set(seqs)].sort((a, b) => a - b);
      this.size = this.list.length;
    }
  }

  /** The 32-bit words of a bitset over `size` cars: the memory of the widest set, a quarter of its bytes. */
  static bitsetWords(size: number): number {
    return Math.ceil(size / 32);
  }

  /** The set of the seqs whose bits `bits` sets, `size` of them (a set made in memory, not read: search-places.ts). */
  static ofBits(bits: Uint32Array, size: number): SlotSet {
    const set = new SlotSet([], 0);
    set.list = undefined;
    set.bits = bits;
    set.size = size;
    return set;
  }

  /** A copy that changes apart from this one. */
  copy(): SlotSet {
    const copy = new SlotSet([], 0);
    copy.list = this.list?.slice();
    copy.bits = this.bits?.slice();
    copy.size = this.size;
    return copy;
  }

  get bytes(): number {
    return this.bits ? this.bits.byteLength : this.list!.length * 8;
  }

  has(seq: number): boolean {
    if (this.bits) return hasBit(this.bits, seq);
    return this.list![indexIn(this.list!, seq)] === seq;
  }

  add(seq: number) {
    if (this.has(seq)) return;
    this.size++;
    if (this.bits) {
      const word = seq >>> 5;
      this.bits = resized(this.bits, word + 1);
      this.bits[word]! |= 1 << (seq & 31);
    } else this.list!.splice(indexIn(this.list!, seq), 0, seq);
  }

  delete(seq: number) {
    if (!this.has(seq)) return;
    this.size--;
    if (this.bits) this.bits[seq >>> 5]! &= ~(1 << (seq & 31));
    else this.list!.splice(indexIn(this.list!, seq), 1);
  }

  /** Calls `visit` with each seq, in order. */
  forEach(visit: (seq: number) => void) {
    if (this.list) {
      for (const seq of this.list) visit(seq);
      return;
    }
    const bits = this.bits!;
    for (let i = 0; i < bits.length; i++) {
      let word = bits[i]!;
      while (word !== 0) {
        const lowest = word & -word;
        visit(i * 32 + 31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
  }
}

/** Takes `seq` out of a cell's or a point's cars (in no order: the last takes its place). */
function dropFrom(members: number[], seq: number, of: string) {
  const at = members.lastIndexOf(seq);
  if (at < 0) throw new Error(`car ${seq} is not among the cars of its ${of}`);
  members[at] = members[members.length - 1]!;
  members.pop();
}

/** Where `value` is, or would go, in the ordered `list`. */
function indexIn(list: number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** What a count reads of a car, and its id and seq. */
interface CarRow extends Cell {
  id: string;
  seq: number;
  forSale: boolean;
  askingPrice: number;
  kmDriven: number;
  added: number;
  /** Its specifications' bytes, packed (car-specs.ts's specFacetBits and specLimitBits). */
  specFacets: number;
  specLimits: number;
  /** Its place's point (null without a place) and how far its seller delivers it (null: not delivered). */
  latitude: number | null;
  longitude: number | null;
  deliveryRadiusKm: number | null;
  /** The estimate of its market value (0: none). */
  estimate: number;
  /** Whether it meets each condition asked (`readCars`). */
  meets: boolean[];
}

/**
 * The cars `where` chooses (then `tail`: an order and a limit), with whether each meets each of
 * `conditions`. Rows as the driver gives them, without the query builder's mapping of each field:
 * it was a third of a full load's time.
 */
async function readCars(db: Db, where: SQL, tail: SQL = sql``, conditions: SQL[] = []): Promise<CarRow[]> {
  const meets = conditions.length
    ? sql`array[${sql.join(
        conditions.map((condition) => sql`coalesce(${condition}, false)`),
        sql`, `,
      )}]`
    : sql`'{}'::boolean[]`;
  const result = await db.execute(sql`
    select ${cars.id} as "id", ${cars.seq} as "seq", ${cars.soldAt} is null as "forSale",
      ${cars.nameKey}::text as "nameKey", ${cars.brandKey}::text as "brandKey",
      ${cars.categoryId} as "categoryId", ${cars.fuel}::text as "fuel", ${cars.year} as "year",
      ${cars.sellerVerified} as "sellerVerified", ${cars.askingPrice} as "askingPrice",
      ${cars.kmDriven} as "kmDriven",
      floor(extract(epoch from ${cars.addedDate}) - ${ADDED_EPOCH / 1000})::int as "added",
      ${specFacetBits} as "specFacets", ${specLimitBits} as "specLimits",
      ${cars.latitude} as "latitude", ${cars.longitude} as "longitude",
      ${cars.deliveryRadiusKm} as "deliveryRadiusKm", ${estimateSql} as "estimate", ${meets} as "meets"
    from ${cars} where ${where} ${tail}`);
  // Both drivers answer a plain statement with its rows as objects named by the statement.
  return (result as unknown as { rows: CarRow[] }).rows;
}

/**
 * The estimates of the cars for sale that have one and their seqs, as two arrays in one order: a
 * million numbers parsed from two arrays, not from a million rows.
 */
const estimatesStatement = (db: Db) =>
  db
    .select({
      seqs: sql<number[]>`coalesce(array_agg(${cars.seq}), '{}')`,
      estimates: sql<number[]>`coalesce(array_agg(${marketValues.estimate}), '{}')`,
    })
    .from(marketValues)
    .innerJoin(cars, eq(cars.id, marketValues.carId))
    .where(and(isNull(cars.soldAt), isNotNull(marketValues.estimate)));

/**
 * The seqs of the cars for sale that meet each of `conditions`, an array each (`set0`, `set1`, …),
 * in one statement: the cars that meet none are left out first (by the words' index when they are
 * rare), so a common word's scan of the table is made once for every condition read with it.
 */
export const setsStatement = (db: Db, conditions: SQL[]) =>
  db
    .select(
      Object.fromEntries(
        conditions.map((condition, i) => [
          `set${i}`,
          sql<number[]>`coalesce(array_agg(${cars.seq}) filter (where ${condition}), '{}')`,
        ]),
      ),
    )
    .from(cars)
    .where(and(isNull(cars.soldAt), or(...conditions)));

/**
 * Writes a car's id (a uuid) into `words` from `at` as its four 32-bit words: ids sort and compare
 * as PostgreSQL sorts uuids.
 */
function writeIdWords(id: string, words: Uint32Array, at: number) {
  const hex = (from: number, to: number) => Number.parseInt(id.slice(from, to), 16);
  words[at] = hex(0, 8);
  words[at + 1] = hex(9, 13) * 0x10000 + hex(14, 18);
  words[at + 2] = hex(19, 23) * 0x10000 + hex(24, 28);
  words[at + 3] = hex(28, 36);
}

/**
 * `array` with at least `length` elements: when it has fewer, copied into one at least twice as
 * large, so that growing an array one batch at a time copies each element a few times at most.
 */
function resized<T extends Uint8Array | Int32Array | Uint32Array | Float64Array>(
  array: T,
  length: number,
): T {
  if (array.length >= length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(length, array.length * 2, 1024));
  next.set(array);
  return next;
}

/** A set a search asks for: its key among the kept sets, and the condition its cars meet. */
export interface AskedSet {
  key: string;
  condition: SQL;
}

/** A kept set: the cars for sale that meet `condition`, as read at `readAt` and kept current since. */
interface KeptSet {
  condition: SQL;
  set: SlotSet;
  readAt: number;
}

/** Cars and sellers (their badge shows on their cars) changed; `values`: the market values refitted. */
interface Changes {
  cars: Set<string>;
  sellers: Set<string>;
  values: boolean;
}

const noChanges = (): Changes => ({ cars: new Set(), sellers: new Set(), values: false });

/**
 * One full load of the columns, the sets asked of it, and the changes announced since that it has
 * not read yet: a load in the background is a second one, swapped in when it has read everything.
 */
class Loaded implements Columns {
  size = 0;
  live = new Uint8Array(0);
  cell = new Int32Array(0);
  price = new Int32Array(0);
  km = new Int32Array(0);
  added = new Int32Array(0);
  specs = new Uint8Array(0);
  estimate = new Int32Array(0);
  gap = new Int32Array(0);
  point = new Int32Array(0);
  delivery = new Float64Array(0);
  readonly points = { latitude: [Number.NaN], longitude: [Number.NaN] };
  private readonly pointIndexes = new Map<string, number>();
  /** The seqs of each point's cars for sale, in no order (none kept for no place: the cars of an older database). */
  private readonly pointMembers: number[][] = [];
  readonly cells: Cell[] = [];
  private readonly cellIndexes = new Map<string, number>();
  /** The seqs of each cell's cars for sale, in no order, and each cell ordered (undefined: again when asked). */
  private readonly members: number[][] = [];
  private readonly orders: (OrderedCell | undefined)[] = [];
  /**
   * Each set's members marked by cell, as asked (membersIn), the most recently asked set last. A
   * cell's are marked again when the cell is ordered again: after any change to a car of the cell,
   * or to its membership of a set (a car's update always leaves its cell and joins one).
   */
  private readonly setMembers = new Map<SlotSet, SetMembers>();
  private setMemberBytes = 0;
  /** The kept sets, the most recently asked last, and the sets being read (one read per set). */
  readonly sets = new Map<string, KeptSet>();
  readonly setLoads = new Map<string, Promise<void>>();
  /** The changes to re-read, and those being re-read. */
  readonly changed = noChanges();
  rereading: { changes: Changes; done: Promise<void> } | undefined;
  /**
   * The loaded cars' ids in id order (four words each) with their seqs, then those met since: a
   * deleted car is announced by its id alone.
   */
  private ids = new Uint32Array(0);
  private seqs = new Int32Array(0);
  private loaded = 0;
  private readonly metSince = new Map<string, number>();
  private readonly key = new Uint32Array(4);
  readonly loadedAt = Date.now();

  /** Adds cars loaded in id order, after those loaded before. */
  append(rows: CarRow[]) {
    this.ids = resized(this.ids, (this.loaded + rows.length) * 4);
    this.seqs = resized(this.seqs, this.loaded + rows.length);
    for (const row of rows) {
      writeIdWords(row.id, this.ids, this.loaded * 4);
      this.seqs[this.loaded++] = row.seq;
      this.put(row);
    }
  }

  /** The seq of car `id`, or -1 when no car of that id was met. */
  seqOf(id: string): number {
    const added = this.metSince.get(id);
    if (added !== undefined) return added;
    const key = this.key;
    writeIdWords(id, key, 0);
    let low = 0;
    let high = this.loaded - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      let order = 0;
      for (let i = 0; i < 4 && order === 0; i++) order = this.ids[middle * 4 + i]! - key[i]!;
      if (order === 0) return this.seqs[middle]!;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Writes what `row` says of its car (posted, edited, sold, or back on sale), and of its membership of each of `sets`. */
  update(row: CarRow, sets: KeptSet[]) {
    if (this.seqOf(row.id) < 0) this.metSince.set(row.id, row.seq);
    this.put(row);
    sets.forEach(({ set }, i) => {
      if (row.forSale && row.meets[i]) set.add(row.seq);
      else set.delete(row.seq);
    });
  }

  remove(id: string) {
    const seq = this.seqOf(id);
    if (seq < 0 || seq >= this.size) return;
    if (this.live[seq]) this.leave(seq);
    this.live[seq] = 0;
    for (const { set } of this.sets.values()) set.delete(seq);
  }

  /** The kept sets' memory. */
  get setBytes(): number {
    let bytes = 0;
    for (const { set } of this.sets.values()) bytes += set.bytes;
    return bytes;
  }

  /** Keeps `kept` under `key`; the least recently asked go beyond MAX_SET_BYTES. */
  keep(key: string, kept: KeptSet) {
    const replaced = this.sets.get(key);
    if (replaced) this.dropMembers(replaced.set);
    this.sets.set(key, kept);
    let bytes = this.setBytes;
    for (const [oldest, { set }] of this.sets) {
      if (bytes <= MAX_SET_BYTES || oldest === key) break;
      this.sets.delete(oldest);
      this.dropMembers(set);
      bytes -= set.bytes;
    }
  }

  private dropMembers(set: SlotSet) {
    this.setMemberBytes -= this.setMembers.get(set)?.bytes ?? 0;
    this.setMembers.delete(set);
  }

  /** The set kept under `key`, now the most recently asked. */
  asked(key: string): KeptSet | undefined {
    const kept = this.sets.get(key);
    if (!kept) return undefined;
    this.sets.delete(key);
    this.sets.set(key, kept);
    return kept;
  }

  /**
   * Takes over the sets of `previous`, which these columns replace, and the changes it has not
   * re-read: the sets were kept current up to them, the columns loaded since.
   */
  succeed(previous: Loaded) {
    for (const [key, { condition, set, readAt }] of previous.sets) {
      this.keep(key, { condition, set: set.copy(), readAt });
    }
    for (const changes of [previous.changed, previous.rereading?.changes])
      if (changes) addChanges(this.changed, changes);
  }

  ordered(index: number): OrderedCell {
    let ordered = this.orders[index];
    if (!ordered) {
      ordered = orderCell(this.members[index] ?? [], this);
      this.orders[index] = ordered;
    }
    return ordered;
  }

  membersIn(set: SlotSet): (index: number) => CellMembers {
    const kept = this.setMembers.get(set) ?? this.newMembers();
    this.setMembers.delete(set);
    this.setMembers.set(set, kept);
    return (index) => {
      const ordered = this.ordered(index);
      const known = kept.cells[index];
      if (known?.ordered === ordered) return known;
      const before = kept.bytes;
      const members = kept.mark(index, ordered, set);
      this.setMemberBytes += kept.bytes - before;
      for (const oldest of this.setMembers.keys()) {
        if (this.setMemberBytes <= MAX_MEMBER_BYTES || oldest === set) break;
        this.dropMembers(oldest);
      }
      return members;
    };
  }

  /** A set's members with a slot for each cell as it is now, none marked yet. */
  private newMembers(): SetMembers {
    const members = new SetMembers(this.cells.map((_, cell) => this.members[cell]?.length ?? 0));
    this.setMemberBytes += members.bytes;
    return members;
  }

  /** Orders every cell now, yielding to the event loop between batches: the first count after a load waits for none. */
  async orderAll() {
    let ordered = 0;
    for (let index = 0; index < this.cells.length; index++) {
      ordered += this.ordered(index).price.length;
      if (ordered >= ORDER_BATCH) {
        ordered = 0;
        await setImmediate();
      }
    }
  }

  carsAt(index: number): readonly number[] {
    return this.pointMembers[index] ?? [];
  }

  ratingOf(seq: number): DealRating {
    return (seq < 0 ? undefined : DEAL_RATINGS[this.specs[seq * SPECS + RATING_BYTE]! - 1]) ?? 'none';
  }

  private put(row: CarRow) {
    const seq = row.seq;
    if (seq < this.size && this.live[seq]) this.leave(seq);
    if (seq >= this.live.length) {
      this.live = resized(this.live, seq + 1);
      this.cell = resized(this.cell, seq + 1);
      this.price = resized(this.price, seq + 1);
      this.km = resized(this.km, seq + 1);
      this.added = resized(this.added, seq + 1);
      this.estimate = resized(this.estimate, seq + 1);
      this.gap = resized(this.gap, seq + 1);
      this.point = resized(this.point, seq + 1);
      this.delivery = resized(this.delivery, seq + 1);
    }
    this.specs = resized(this.specs, (seq + 1) * SPECS);
    unpackSpecs(row.specFacets, row.specLimits, this.specs, seq * SPECS);
    this.size = Math.max(this.size, seq + 1);
    this.live[seq] = row.forSale ? 1 : 0;
    this.cell[seq] = this.cellOf(row);
    this.price[seq] = row.askingPrice;
    this.km[seq] = row.kmDriven;
    this.added[seq] = row.added;
    this.estimate[seq] = row.estimate;
    this.writeDeal(seq);
    this.point[seq] = this.pointOf(row);
    this.delivery[seq] = row.deliveryRadiusKm ?? 0;
    if (row.forSale) this.join(seq);
  }

  /** A car's rating and key by best deal, from its price and its estimate. */
  private writeDeal(seq: number) {
    const price = this.price[seq]!;
    const estimate = this.estimate[seq]!;
    this.specs[seq * SPECS + RATING_BYTE] = ratingCode(price, estimate);
    this.gap[seq] = gapKey(price, estimate, seq);
  }

  /**
   * The estimates of a refit (`seqs[i]`'s is `estimates[i]`; a car not among them has none): every
   * car's deal written again, every cell ordered again when next asked.
   */
  revalue(seqs: number[], estimates: number[]) {
    this.estimate.fill(0);
    seqs.forEach((seq, i) => {
      if (seq < this.size) this.estimate[seq] = estimates[i]!;
    });
    for (let seq = 0; seq < this.size; seq++) this.writeDeal(seq);
    this.orders.fill(undefined);
  }

  /** A car for sale joins its cell's cars and its point's. */
  private join(seq: number) {
    const cell = this.cell[seq]!;
    let members = this.members[cell];
    if (!members) {
      members = [];
      this.members[cell] = members;
    }
    members.push(seq);
    this.orders[cell] = undefined;
    const point = this.point[seq]!;
    if (point === 0) return;
    let atPoint = this.pointMembers[point];
    if (!atPoint) {
      atPoint = [];
      this.pointMembers[point] = atPoint;
    }
    atPoint.push(seq);
  }

  private leave(seq: number) {
    const cell = this.cell[seq]!;
    dropFrom(this.members[cell]!, seq, 'cell');
    this.orders[cell] = undefined;
    if (this.point[seq] !== 0) dropFrom(this.pointMembers[this.point[seq]!]!, seq, 'point');
  }

  /** The index of a car's point in `points`, added when first met; 0 without a place. */
  private pointOf({ latitude, longitude }: CarRow): number {
    if (latitude === null || longitude === null) return 0;
    const key = `${latitude},${longitude}`;
    let index = this.pointIndexes.get(key);
    if (index === undefined) {
      index = this.points.latitude.length;
      this.points.latitude.push(latitude);
      this.points.longitude.push(longitude);
      this.pointIndexes.set(key, index);
    }
    return index;
  }

  private cellOf({ nameKey, brandKey, categoryId, fuel, year, sellerVerified }: CarRow): number {
    const key = `${nameKey}\u0000${brandKey}\u0000${categoryId}\u0000${fuel}\u0000${year}\u0000${sellerVerified}`;
    let index = this.cellIndexes.get(key);
    if (index === undefined) {
      index = this.cells.length;
      this.cells.push({ nameKey, brandKey, categoryId, fuel, year, sellerVerified });
      this.cellIndexes.set(key, index);
    }
    return index;
  }
}

/** The columns and the sets a count asked, as they were together. */
export interface ColumnsView {
  columns: Columns;
  sets: SlotSet[];
}

export class CarColumns {
  private loaded: Loaded | undefined;
  private loading: Promise<Loaded> | undefined;
  /** The changes announced while a load or a set's read runs, re-read once its result is in place. */
  private readonly watchers = new Set<Changes>();
  private readonly db: Db;
  private readonly onBackgroundError: (error: unknown) => void;

  /** `onBackgroundError` hears of a failed read in the background; the next count tries again. */
  constructor(db: Db, onBackgroundError: (error: unknown) => void = () => {}) {
    this.db = db;
    this.onBackgroundError = onBackgroundError;
  }

  /**
   * The columns, every change announced so far in place, with the set of the cars for sale that
   * meet each condition asked (on `cars`), each kept under its key and kept current: every later
   * change reads the condition again for the cars it names. Counted at once (synchronously), they
   * agree with each other.
   */
  async view(asked: AskedSet[] = []): Promise<ColumnsView> {
    for (;;) {
      const loaded = await this.current();
      const missing: AskedSet[] = [];
      const stale: AskedSet[] = [];
      for (const set of asked) {
        const kept = loaded.asked(set.key);
        if (!kept) missing.push(set);
        else if (Date.now() - kept.readAt > MAX_AGE_MS) stale.push(set);
      }
      if (stale.length) this.inBackground(this.loadSets(loaded, stale));
      await this.loadSets(loaded, missing);
      await this.reread(loaded);
      const sets = asked.map(({ key }) => loaded.sets.get(key)?.set);
      // Asked more sets at once than are kept, or swapped for a new load meanwhile: read again.
      if (loaded === this.loaded && sets.every((set) => set !== undefined)) return { columns: loaded, sets };
    }
  }

  /**
   * Reads the sets of `asked` that are not kept, in that order, RECALL_BATCH in a statement, while
   * the kept sets' memory has room for RECALLS_AT_ONCE statements' worth of the widest (a bit a car):
   * the sets of the words a started instance recalls (Search.load), the first ones when not all fit.
   */
  async recall(asked: AskedSet[]): Promise<void> {
    let next = 0;
    const read = async () => {
      while (next < asked.length) {
        const batch = asked.slice(next, next + RECALL_BATCH);
        next += RECALL_BATCH;
        const loaded = await this.current();
        const widest = RECALLS_AT_ONCE * RECALL_BATCH * 4 * SlotSet.bitsetWords(loaded.size);
        if (loaded.setBytes + widest > MAX_SET_BYTES) return;
        await this.loadSets(
          loaded,
          batch.filter(({ key }) => !loaded.sets.has(key)),
        );
      }
    };
    await Promise.all(Array.from({ length: RECALLS_AT_ONCE }, read));
  }

  /** Re-reads the changes of this instance at once and of the others as they arrive; loads again after missed ones. */
  follow(events: EventBus): (() => void)[] {
    const car = ({ carId }: { carId: string }) => this.changed(carId, 'cars');
    return [
      events.subscribe('car.posted', car),
      events.subscribe('car.updated', car),
      events.subscribe('car.sold', car),
      events.subscribe('car.deleted', car),
      // Every car's estimate may have changed: read them all again (not the cars).
      events.subscribe('market-values.refitted', () => this.revalued()),
      // Many cars' names at once (a change of the vehicle catalogue): read them all again.
      events.subscribe('cars.renamed', () => this.forget()),
      // A verification, or a rename that clears it (migration 0002): the badge shows on every car.
      events.subscribe('user.changed', ({ userId, change }) => {
        if (change !== 'signed-up') this.changed(userId, 'sellers');
      }),
      events.onMissedEvents(() => this.forget()),
    ];
  }

  /** Drops everything: the next count loads again, and waits for it. */
  forget() {
    this.loaded = undefined;
    this.loading = undefined;
  }

  private changed(id: string, kind: 'cars' | 'sellers') {
    // Nothing loaded: the next load reads it.
    for (const changes of [this.loaded?.changed, ...this.watchers]) changes?.[kind].add(id);
  }

  private revalued() {
    for (const changes of [this.loaded?.changed, ...this.watchers]) if (changes) changes.values = true;
  }

  /** The loaded columns; when they are old, loaded again in the background meanwhile. */
  private async current(): Promise<Loaded> {
    const loaded = this.loaded;
    if (!loaded) return this.load();
    if (Date.now() - loaded.loadedAt > MAX_AGE_MS) this.inBackground(this.load());
    return loaded;
  }

  private inBackground(work: Promise<unknown>) {
    work.catch(this.onBackgroundError);
  }

  /**
   * A full load, one at a time, then swapped in: it takes over the sets of the columns it
   * replaces, and re-reads what changed while it ran before it counts.
   */
  private load(): Promise<Loaded> {
    if (this.loading) return this.loading;
    const loading = this.watching(async () => {
      const next = new Loaded();
      // In batches, in the order of the ids (their index), so that rows never pile up in memory.
      for (let last: string | undefined; ; ) {
        const rows = await readCars(
          this.db,
          and(isNull(cars.soldAt), last === undefined ? undefined : gt(cars.id, last)) as SQL,
          sql`order by ${cars.id} limit ${LOAD_BATCH}`,
        );
        next.append(rows);
        if (rows.length < LOAD_BATCH) {
          await next.orderAll();
          return next;
        }
        last = rows.at(-1)!.id;
      }
    }).then(
      ({ result: next, changes }) => {
        // Dropped while loading (forget): served once, not kept.
        if (this.loading !== loading) return next;
        if (this.loaded) next.succeed(this.loaded);
        addChanges(next.changed, changes);
        [this.loaded, this.loading] = [next, undefined];
        return next;
      },
      (error: unknown) => {
        if (this.loading === loading) this.loading = undefined;
        throw error;
      },
    );
    this.loading = loading;
    return loading;
  }

  /** Reads the sets of `asked` that are not being read already, in one statement; resolves when every one is kept. */
  private loadSets(loaded: Loaded, asked: AskedSet[]): Promise<unknown> {
    const reading = [...new Map(asked.map((set) => [set.key, set])).values()].filter(
      ({ key }) => !loaded.setLoads.has(key),
    );
    if (reading.length) {
      const readAt = Date.now();
      const pending = this.watching(() =>
        setsStatement(
          this.db,
          reading.map(({ condition }) => condition),
        ),
      )
        .then(({ result: [row], changes }) => {
          reading.forEach(({ key, condition }, i) => {
            // A car the columns do not hold yet is re-read with the changes announced meanwhile.
            loaded.keep(key, { condition, set: new SlotSet(row?.[`set${i}`] ?? [], loaded.size), readAt });
          });
          addChanges(loaded.changed, changes);
        })
        .finally(() => {
          for (const { key } of reading) loaded.setLoads.delete(key);
        });
      for (const { key } of reading) loaded.setLoads.set(key, pending);
    }
    return Promise.all(asked.map(({ key }) => loaded.setLoads.get(key)));
  }

  /**
   * Runs `read` and gives the changes announced meanwhile: it may have read each before or after it
   * committed, so they are re-read once its result is in place.
   */
  private async watching<T>(read: () => Promise<T>): Promise<{ result: T; changes: Changes }> {
    const changes = noChanges();
    this.watchers.add(changes);
    try {
      return { result: await read(), changes };
    } finally {
      this.watchers.delete(changes);
    }
  }

  /** Re-reads the changed cars into `loaded`, one re-read at a time, until none is left. */
  private async reread(loaded: Loaded) {
    const { changed } = loaded;
    while (changed.cars.size || changed.sellers.size || changed.values || loaded.rereading) {
      if (!loaded.rereading) {
        const changes = {
          cars: new Set(changed.cars),
          sellers: new Set(changed.sellers),
          values: changed.values,
        };
        changed.cars.clear();
        changed.sellers.clear();
        changed.values = false;
        const done = this.write(loaded, changes).then(
          () => {
            loaded.rereading = undefined;
          },
          (error: unknown) => {
            // Read again by the next count.
            loaded.rereading = undefined;
            addChanges(loaded.changed, changes);
            throw error;
          },
        );
        loaded.rereading = { changes, done };
      }
      await loaded.rereading.done;
    }
  }

  /**
   * Writes the estimates after a refit, then the changed cars and those of the changed sellers as
   * they are now, each kept set's condition read again.
   */
  private async write(loaded: Loaded, changes: Changes) {
    if (changes.values) {
      const [row] = await estimatesStatement(this.db);
      loaded.revalue(row?.seqs ?? [], row?.estimates ?? []);
    }
    if (!changes.cars.size && !changes.sellers.size) return;
    const sets = [...loaded.sets.values()];
    const ids = [...changes.cars];
    const sellers = [...changes.sellers];
    const chosen = [
      ids.length ? sql`${cars.id} = any(${sql.param(ids)}::uuid[])` : undefined,
      sellers.length ? sql`${cars.sellerId} = any(${sql.param(sellers)}::text[])` : undefined,
    ].filter((condition) => condition !== undefined);
    const rows = await readCars(
      this.db,
      sql.join(chosen, sql` or `),
      undefined,
      sets.map(({ condition }) => condition),
    );
    const found = new Set(rows.map((row) => row.id));
    // A deleted car has no row.
    for (const id of ids) if (!found.has(id)) loaded.remove(id);
    for (const row of rows) loaded.update(row, sets);
  }
}

function addChanges(into: Changes, changes: Changes) {
  for (const id of changes.cars) into.cars.add(id);
  for (const id of changes.sellers) into.sellers.add(id);
  if (changes.values) into.values = true;
}
