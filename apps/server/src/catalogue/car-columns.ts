/**
 * The cars for sale as columns in memory, for the search's counts (ADR 23): what a count reads of a
 * car (its cell: name, brand, category, fuel, year and seller's badge; its price and km) in typed
 * arrays indexed by the car's `seq` (migration 0008), and sets of cars that the search asks by a
 * condition (those whose text has a word). Counting the cars of a common word then walks a set in
 * memory instead of reading a third of the cars, or all of them, from the database (0.4–1.7 s each
 * time at 1,000,000 cars; the set is read once).
 *
 * They are kept current by the domain events, like every copy of the catalogue
 * (catalogue-cache.ts): a car posted, edited, sold or deleted, or a seller verified, is read again
 * by the next count before it counts (only those cars, with each kept set's condition), in this
 * instance as soon as the change commits and in the others when its NOTIFY arrives. Events missed
 * by the listener, or MAX_AGE_MS without a load, load everything again (SQL typed by an operator
 * announces nothing). About 30 bytes a car: 30 MB at 1,000,000 cars, loaded in a few seconds.
 */
import { and, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cars } from '../db/schema.ts';
import type { EventBus } from '../events/index.ts';

/** A full load at most this old is served; then the next count loads again (see above). */
const MAX_AGE_MS = 10 * 60_000;
/** The kept sets' memory, the least recently asked dropped first beyond it. */
const MAX_SET_BYTES = 32 * 1024 * 1024;
/** Cars read per statement of a full load. */
const LOAD_BATCH = 50_000;

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
  /** Every cell a car has had, in the order first met. */
  cells: Cell[];
}

/** A set of cars by seq: their seqs in order when they are few, a bitset when they are many. */
export class SlotSet {
  private list: number[] | undefined;
  private bits: Uint32Array | undefined;

  constructor(seqs: number[], size: number) {
    // A bitset takes a bit per car held or not, a list 8 bytes per car held.
    if (seqs.length * 64 > size) {
      this.bits = new Uint32Array(Math.ceil(size / 32));
      for (const seq of seqs) this.add(seq);
    } else this.list = seqs.sort((a, b) => a - b);
  }

  get bytes(): number {
    return this.bits ? this.bits.byteLength : this.list!.length * 8;
  }

  has(seq: number): boolean {
    if (this.bits) return ((this.bits[seq >>> 5] ?? 0) & (1 << (seq & 31))) !== 0;
    return this.list![indexIn(this.list!, seq)] === seq;
  }

  add(seq: number) {
    if (this.bits) {
      const word = seq >>> 5;
      if (word >= this.bits.length) this.bits = resized(this.bits, Math.max(word + 1, this.bits.length * 2));
      this.bits[word]! |= 1 << (seq & 31);
    } else {
      const at = indexIn(this.list!, seq);
      if (this.list![at] !== seq) this.list!.splice(at, 0, seq);
    }
  }

  delete(seq: number) {
    if (this.bits) {
      if (seq >>> 5 < this.bits.length) this.bits[seq >>> 5]! &= ~(1 << (seq & 31));
    } else {
      const at = indexIn(this.list!, seq);
      if (this.list![at] === seq) this.list!.splice(at, 1);
    }
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
const carRow = {
  id: cars.id,
  seq: cars.seq,
  forSale: sql<boolean>`${cars.soldAt} is null`,
  nameKey: sql<string>`${cars.nameKey}`,
  brandKey: sql<string>`${cars.brandKey}`,
  categoryId: cars.categoryId,
  fuel: cars.fuel,
  year: cars.year,
  sellerVerified: cars.sellerVerified,
  askingPrice: cars.askingPrice,
  kmDriven: cars.kmDriven,
};
interface CarRow extends Omit<Cell, 'sellerVerified'> {
  id: string;
  seq: number;
  forSale: boolean;
  sellerVerified: boolean;
  askingPrice: number;
  kmDriven: number;
}

/** The seqs of the cars for sale that meet `condition`, as one array. */
export const setStatement = (db: Db, condition: SQL) =>
  db
    .select({ seqs: sql<number[]>`coalesce(array_agg(${cars.seq}), '{}')` })
    .from(cars)
    .where(and(isNull(cars.soldAt), condition));

/** A car's id as its four 32-bit words: ids sort and compare as PostgreSQL sorts uuids. */
function idWords(id: string): number[] {
  const hex = id.replaceAll('-', '');
  return [0, 8, 16, 24].map((at) => Number.parseInt(hex.slice(at, at + 8), 16));
}

/** `array` with at least `length` elements, copied into a larger one when it has fewer. */
function resized<T extends Uint8Array | Int32Array | Uint32Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}

/** One full load of the columns, and the sets asked of it. */
class Loaded implements Columns {
  size = 0;
  live = new Uint8Array(0);
  cell = new Int32Array(0);
  price = new Int32Array(0);
  km = new Int32Array(0);
  readonly cells: Cell[] = [];
  private readonly cellIndexes = new Map<string, number>();
  /** The kept sets, the most recently asked last, and the sets being read (one read per set). */
  readonly sets = new Map<string, { condition: SQL; set: SlotSet }>();
  readonly setLoads = new Map<string, Promise<void>>();
  /**
   * The loaded cars' ids in id order (four words each) with their seqs, then those met since: a
   * deleted car is announced by its id alone.
   */
  private ids = new Uint32Array(0);
  private seqs = new Int32Array(0);
  private loaded = 0;
  private readonly added = new Map<string, number>();
  readonly loadedAt = Date.now();

  /** Adds cars loaded in id order, after those loaded before. */
  append(rows: CarRow[]) {
    this.ids = resized(this.ids, (this.loaded + rows.length) * 4);
    this.seqs = resized(this.seqs, this.loaded + rows.length);
    for (const row of rows) {
      this.ids.set(idWords(row.id), this.loaded * 4);
      this.seqs[this.loaded++] = row.seq;
      this.put(row);
    }
  }

  /** The seq of car `id`, or -1 when no car of that id was met. */
  seqOf(id: string): number {
    const added = this.added.get(id);
    if (added !== undefined) return added;
    const key = idWords(id);
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

  /** Writes what `row` says of its car: posted, edited, sold, or back on sale. */
  update(row: CarRow) {
    if (this.seqOf(row.id) < 0) this.added.set(row.id, row.seq);
    this.put(row);
  }

  remove(id: string) {
    const seq = this.seqOf(id);
    if (seq < 0 || seq >= this.size) return;
    this.live[seq] = 0;
    for (const { set } of this.sets.values()) set.delete(seq);
  }

  /** Keeps `set` under `key`; the least recently asked go beyond MAX_SET_BYTES. */
  keep(key: string, condition: SQL, set: SlotSet) {
    this.sets.set(key, { condition, set });
    let bytes = 0;
    for (const kept of this.sets.values()) bytes += kept.set.bytes;
    for (const [oldest, kept] of this.sets) {
      if (bytes <= MAX_SET_BYTES || oldest === key) break;
      this.sets.delete(oldest);
      bytes -= kept.set.bytes;
    }
  }

  /** The set kept under `key`, now the most recently asked. */
  asked(key: string): SlotSet | undefined {
    const kept = this.sets.get(key);
    if (!kept) return undefined;
    this.sets.delete(key);
    this.sets.set(key, kept);
    return kept.set;
  }

  private put(row: CarRow) {
    const seq = row.seq;
    if (seq >= this.live.length) {
      const capacity = Math.max(seq + 1, this.live.length * 2, 1024);
      this.live = resized(this.live, capacity);
      this.cell = resized(this.cell, capacity);
      this.price = resized(this.price, capacity);
      this.km = resized(this.km, capacity);
    }
    this.size = Math.max(this.size, seq + 1);
    this.live[seq] = row.forSale ? 1 : 0;
    this.cell[seq] = this.cellOf(row);
    this.price[seq] = row.askingPrice;
    this.km[seq] = row.kmDriven;
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
  /** Cars and sellers (their badge shows on their cars) changed since the last re-read. */
  private readonly changedCars = new Set<string>();
  private readonly changedSellers = new Set<string>();
  /** The changes announced while a load or a set's load runs, re-read once its result is in place. */
  private readonly watchers = new Set<{ cars: Set<string>; sellers: Set<string> }>();
  private rereading: Promise<void> | undefined;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The columns, every change announced so far in place, with the set of the cars for sale that
   * meet each condition asked (on `cars`), each kept under its key and kept current: every later
   * change reads the condition again for the cars it names. Counted at once (synchronously), they
   * agree with each other.
   */
  async view(asked: { key: string; condition: SQL }[] = []): Promise<ColumnsView> {
    for (;;) {
      const loaded = await this.current();
      await Promise.all(
        asked.map(({ key, condition }) => loaded.asked(key) ?? this.loadSet(loaded, key, condition)),
      );
      await this.reread(loaded);
      const sets = asked.map(({ key }) => loaded.sets.get(key)?.set);
      // Asked more sets at once than are kept, or loaded again meanwhile: read what was dropped.
      if (loaded === this.loaded && sets.every((set) => set !== undefined)) return { columns: loaded, sets };
    }
  }

  /** Re-reads the changes of this instance at once and of the others as they arrive; loads again after missed ones. */
  follow(events: EventBus): (() => void)[] {
    const car = ({ carId }: { carId: string }) => this.changed(carId, 'cars');
    return [
      events.subscribe('car.posted', car),
      events.subscribe('car.updated', car),
      events.subscribe('car.sold', car),
      events.subscribe('car.deleted', car),
      // A verification, or a rename that clears it (migration 0002): the badge shows on every car.
      events.subscribe('user.changed', ({ userId, change }) => {
        if (change !== 'signed-up') this.changed(userId, 'sellers');
      }),
      events.onMissedEvents(() => this.forget()),
    ];
  }

  /** Drops everything: the next count loads again. */
  forget() {
    this.loaded = undefined;
    this.loading = undefined;
    this.changedCars.clear();
    this.changedSellers.clear();
  }

  private changed(id: string, kind: 'cars' | 'sellers') {
    // Nothing loaded: the next load reads it.
    if (this.loaded) (kind === 'cars' ? this.changedCars : this.changedSellers).add(id);
    for (const watcher of this.watchers) watcher[kind].add(id);
  }

  private async current(): Promise<Loaded> {
    let loaded = this.loaded;
    if (!loaded || Date.now() - loaded.loadedAt > MAX_AGE_MS) loaded = await this.load();
    await this.reread(loaded);
    return loaded;
  }

  /** A full load, one at a time; what changed while it ran is re-read before it counts. */
  private load(): Promise<Loaded> {
    if (this.loading) return this.loading;
    const loading = this.watching(async () => {
      const loaded = new Loaded();
      // In batches, in the order of the ids (their index), so that rows never pile up in memory.
      for (let last: string | undefined; ; ) {
        const rows = (await this.db
          .select(carRow)
          .from(cars)
          .where(and(isNull(cars.soldAt), last === undefined ? undefined : gt(cars.id, last)))
          .orderBy(cars.id)
          .limit(LOAD_BATCH)) as CarRow[];
        loaded.append(rows);
        if (rows.length < LOAD_BATCH) return loaded;
        last = rows.at(-1)!.id;
      }
    }).then(
      (loaded) => {
        // Dropped while loading (forget): served once, not kept.
        if (this.loading === loading) [this.loaded, this.loading] = [loaded, undefined];
        return loaded;
      },
      (error: unknown) => {
        if (this.loading === loading) this.loading = undefined;
        throw error;
      },
    );
    this.loading = loading;
    return loading;
  }

  /** Reads a set and keeps it, one read per set at a time. */
  private loadSet(loaded: Loaded, key: string, condition: SQL): Promise<void> {
    let pending = loaded.setLoads.get(key);
    if (!pending) {
      pending = this.watching(async () => {
        const [row] = await setStatement(this.db, condition);
        // A car the columns do not hold yet is re-read with the changes announced meanwhile.
        loaded.keep(key, condition, new SlotSet(row?.seqs ?? [], loaded.size));
      }).finally(() => loaded.setLoads.delete(key));
      loaded.setLoads.set(key, pending);
    }
    return pending;
  }

  /**
   * Runs `read` while watching the changes announced meanwhile: it may have read each before or
   * after it committed, so they are re-read once its result is in place.
   */
  private async watching<T>(read: () => Promise<T>): Promise<T> {
    const watcher = { cars: new Set<string>(), sellers: new Set<string>() };
    this.watchers.add(watcher);
    try {
      return await read();
    } finally {
      this.watchers.delete(watcher);
      for (const id of watcher.cars) this.changedCars.add(id);
      for (const id of watcher.sellers) this.changedSellers.add(id);
    }
  }

  /** Re-reads the changed cars into `loaded`, one re-read at a time, until none is left. */
  private async reread(loaded: Loaded) {
    while (this.changedCars.size || this.changedSellers.size || this.rereading) {
      if (!this.rereading) {
        const ids = [...this.changedCars];
        const sellers = [...this.changedSellers];
        this.changedCars.clear();
        this.changedSellers.clear();
        this.rereading = this.write(loaded, ids, sellers).finally(() => {
          this.rereading = undefined;
        });
      }
      await this.rereading;
    }
  }

  /** Writes the cars `ids` and those of `sellers` as they are now, each kept set's condition read again. */
  private async write(loaded: Loaded, ids: string[], sellers: string[]) {
    const sets = [...loaded.sets.values()];
    const chosen = [
      ids.length ? sql`${cars.id} = any(${sql.param(ids)}::uuid[])` : undefined,
      sellers.length ? sql`${cars.sellerId} = any(${sql.param(sellers)}::text[])` : undefined,
    ].filter((condition) => condition !== undefined);
    const rows = (await this.db
      .select({
        ...carRow,
        sets: sets.length
          ? sql<boolean[]>`array[${sql.join(
              sets.map(({ condition }) => sql`coalesce(${condition}, false)`),
              sql`, `,
            )}]`
          : sql<boolean[]>`'{}'::boolean[]`,
      })
      .from(cars)
      .where(sql.join(chosen, sql` or `))) as (CarRow & { sets: boolean[] })[];
    const found = new Set(rows.map((row) => row.id));
    // A deleted car has no row.
    for (const id of ids) if (!found.has(id)) loaded.remove(id);
    for (const row of rows) {
      loaded.update(row);
      sets.forEach(({ set }, i) => {
        if (row.forSale && row.sets[i]) set.add(row.seq);
        else set.delete(row.seq);
      });
    }
  }
}
