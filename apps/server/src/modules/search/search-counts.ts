/**
 * The search's counts: its total and its facets, disjunctive (a value's count applies every *other*
 * active filter), added up over cells (a name, category, fuel, year and seller's badge), a few
 * thousand instead of up to a million cars: the cars of each cell counted in memory (car-columns.ts,
 * ADR 25), or, for a seller's few cars, grouped by a statement.
 */
import { BRAND_FACET_MAX, type CarSearchQuery, type FacetValue, FUELS } from '@redline/shared';
import { sql } from 'drizzle-orm';
import type { Kept } from '../../catalogue/catalogue-cache.ts';
import type { Db } from '../../db/client.ts';
import { cars } from '../../db/schema.ts';
import {
  bitsIn,
  type CarColumns,
  type Cell,
  type CellMembers,
  hasBit,
  INT_MAX,
  INT_MIN,
  type OrderedCell,
} from './car-columns.ts';
import {
  addSpecCounts,
  copyFacetCounts,
  lastWord,
  SPEC_COUNTS,
  SPECS,
  type SpecFilter,
  specCodes,
  specFacets,
  specFilter,
} from './car-specs.ts';
import type { SearchCatalogue, SearchCounts, SearchWord } from './search-catalogue.ts';
import { narrows, placeFilterOf, placeSet, pointDistances } from './search-places.ts';
import {
  carColumns,
  carConditions,
  filtersOf,
  folded,
  namesOfEveryWord,
  resolveWords,
  textSet,
  yearsOf,
} from './search-planner.ts';

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

  /**
   * The cars counted by a statement (carCellsStatement), a row per cell and specifications: those
   * that fail none of the specification filters (`spec`) by cell, and the specification facets of
   * the cells that fail none of the others (`cellFails`), as cellsInMemory counts them.
   */
  static of(
    rows: (Cell & {
      specs: number[];
      cars: number;
      carsForSale: number;
      priceMin: number;
      priceMax: number;
    })[],
    spec: SpecFilter,
    cellFails: (cell: Cell) => number,
  ): Counted {
    const indexes = new Map<string, number>();
    const cells: Cell[] = [];
    const at = rows.map((row) => {
      const key = [row.nameKey, row.brandKey, row.categoryId, row.fuel, row.year, row.sellerVerified].join(
        '\u0000',
      );
      let index = indexes.get(key);
      if (index === undefined) {
        index = cells.length;
        indexes.set(key, index);
        cells.push(row);
      }
      return index;
    });
    const tally = new Tally(cells);
    const specCounts = new Int32Array(SPEC_COUNTS);
    rows.forEach((row, i) => {
      const failed = spec.fails(row.specs, 0);
      const cell = at[i]!;
      if (failed === 0) {
        tally.cars[cell]! += row.cars;
        tally.inRange[cell]! += row.carsForSale;
        tally.low[cell] = Math.min(tally.low[cell]!, row.priceMin);
        tally.high[cell] = Math.max(tally.high[cell]!, row.priceMax);
      }
      if (cellFails(row) === 0) spec.count(specCounts, row.specs, 0, failed, row.carsForSale);
    });
    return { tally, specCounts };
  }

  /** One car of `cell` at `price`, within the km limit; `inRange`: in the price range. */
  add(cell: number, price: number, inRange: boolean) {
    this.cars[cell]! += 1;
    if (inRange) this.inRange[cell]! += 1;
    if (price < this.low[cell]!) this.low[cell] = price;
    if (price > this.high[cell]!) this.high[cell] = price;
  }

  /** One car of `cell` that addOrdered counted taken back (its price bounds then found again: boundPrices). */
  takeBack(cell: number, inRange: boolean) {
    this.cars[cell]! -= 1;
    if (inRange) this.inRange[cell]! -= 1;
  }

  /** The least and the greatest price of a cell's cars within the km limit that `counts`. */
  boundPrices(cell: number, ordered: OrderedCell, kmMax: number, counts: (seq: number) => boolean) {
    const { price, kmByPrice, seqByPrice } = ordered;
    const kept = (at: number) => kmByPrice[at]! <= kmMax && counts(seqByPrice[at]!);
    let low = 0;
    while (low < price.length && !kept(low)) low++;
    let high = price.length - 1;
    while (high > low && !kept(high)) high--;
    this.low[cell] = low < price.length ? price[low]! : INT_MAX;
    this.high[cell] = low < price.length ? price[high]! : INT_MIN;
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

/** A search's counts by cell, and of the values of its specification facets (car-specs.ts). */
interface Counted {
  tally: Tally;
  specCounts: Int32Array;
}

/** The index of the first of the ordered `values` above `value` (their length when none is). */
export function firstAbove(values: Int32Array, value: number): number {
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
function cellsWhere(cells: readonly Cell[], test: (cell: Cell, index: number) => boolean): Uint8Array {
  const passed = new Uint8Array(cells.length);
  for (let i = 0; i < cells.length; i++) if (test(cells[i]!, i)) passed[i] = 1;
  return passed;
}

/** The facet filters a cell fails, one bit each (failedFilters). */
const CATEGORY = 1;
const BRAND = 2;
const FUEL = 4;
const YEAR = 8;
const VERIFIED = 16;

/** The facet filters of a search (its brands folded: `brandKeys`) that a cell fails, one bit each. */
function failedFilters(query: CarSearchQuery, brandKeys: string[]) {
  const { category, fuel, verified } = query;
  const { min: yearMin, max: yearMax } = yearsOf(query);
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
 * A word in this share of the cars or more is counted cell by cell, its set's members marked among
 * each cell's cars ordered (cellsInMemory): marking them reads every car of the cells counted once,
 * a visit to each car of the set reads those cars each time.
 */
const ORDERED_SET_SHARE = 1 / 16;

/**
 * What a search (not a seller's) matches among the columns in memory (car-columns.ts),
 * for its counts (cellsInMemory) and its pages' first cars (firstInOrder): for sale, within the km
 * limit, each word matching a car by its name (a name it resembles) or its text (its kept set). A
 * cell whose name every word resembles (`whole`: every cell without text) matches whole under the
 * facet filters; the cars beyond those names match one by one (`beyond`). A radius, or delivery,
 * is one set more (search-places.ts, ADR 51), of no name: under it no cell matches whole.
 */
export async function matchingIn(
  columns: CarColumns,
  query: CarSearchQuery,
  words: SearchWord[],
  names: ReadonlyMap<string, number>,
  brandKeys: string[],
) {
  const place = placeFilterOf(query);
  const { columns: c, sets: wordSets } = await columns.view(words.map(textSet));
  // The cars of a radius, or that deliver, are one set more, which no name matches: no cell is whole.
  const distances = place && pointDistances(c, place.from);
  const placed = narrows(place) ? placeSet(c, place, distances!) : undefined;
  const sets = placed ? [...wordSets, placed] : wordSets;
  const fails = failedFilters(query, brandKeys);
  const whole = cellsWhere(c.cells, (cell) => !placed && (!words.length || names.has(cell.nameKey)));
  const bounds = boundsOf(query);
  // Per cell, once: which words its name matches (the place's set: none).
  const byName = sets.map((_, i) =>
    i < words.length
      ? cellsWhere(c.cells, (cell) => words[i]!.names.has(cell.nameKey))
      : new Uint8Array(c.cells.length),
  );
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
        for (let i = 0; i < sets.length; i++) if (!sets[i]!.has(seq) && !byName[i]![cell]) return;
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
  /** Whether a car for sale of `cell` matches every word and the place (its cell's filters, its bounds and specifications aside). */
  const matchesSets = (seq: number, cell: number) => {
    if (whole[cell]) return true;
    for (let i = 0; i < sets.length; i++) if (!sets[i]!.has(seq) && !byName[i]![cell]) return false;
    return true;
  };
  /**
   * One word, in many cars: its cars beyond the cells matched whole (whose names it resembles),
   * cell by cell, its set's members marked among each cell's cars ordered (kept) rather than
   * visited one by one (a third of the cars or more: 20-40 ms).
   */
  const members =
    !placed && sets.length === 1 && sets[0]!.size >= ORDERED_SET_SHARE * c.size
      ? c.membersIn(sets[0]!)
      : undefined;
  return {
    columns: c,
    sets,
    fails,
    whole,
    bounds,
    beyond,
    passing,
    matchesSets,
    members,
    /** Whether cars beyond the cells matched whole match: by text, or by place. */
    hasText: sets.length > 0,
    spec: specFilter(query),
    /** The place's filter, its points' distances (pointDistances) and its cars (none without a radius or delivery). */
    place,
    distances,
    placed,
  };
}

export type Matching = Awaited<ReturnType<typeof matchingIn>>;

/**
 * The cars that a search matches (matchingIn), counted and grouped into cells as carCellsStatement
 * groups the cars it counts one by one (but for the cells that count nowhere), and the values of
 * their specifications. A cell counted whole is counted from its cars ordered; the cars beyond, one
 * by one. Under a specification filter, each car counted is visited, its bytes tested (ADR 44).
 */
function cellsInMemory(matching: Matching): Counted {
  const { columns: c, fails, whole, bounds, beyond, members, spec } = matching;
  const failed = new Int32Array(c.cells.length);
  c.cells.forEach((cell, i) => {
    failed[i] = fails(cell);
  });
  // A cell that fails two of the facet filters or more counts nowhere: neither in the total nor in
  // any facet (each leaves out its own filter only).
  const counts = cellsWhere(c.cells, (_, i) => (failed[i]! & (failed[i]! - 1)) === 0);
  const { kmMax, priceMin, priceMax } = bounds;
  const tally = new Tally(c.cells);
  const specCounts = new Int32Array(SPEC_COUNTS);
  const inRange = (price: number) => price >= priceMin && price <= priceMax;
  /** One car of `cell` within the km limit, counted by the filters it fails with its cell. */
  const visit = (seq: number, cell: number) => {
    const price = c.price[seq]!;
    const carFailed = spec.fails(c.specs, seq * SPECS);
    if (carFailed === 0) tally.add(cell, price, inRange(price));
    if (failed[cell] === 0 && inRange(price)) spec.count(specCounts, c.specs, seq * SPECS, carFailed);
  };
  if (spec.active && !members) {
    // The cars of the cells counted whole that count anywhere are visited: in the order of the
    // columns, whose arrays are then read one after the other (by each cell's order, a car's bytes
    // are a cache miss away).
    const { live, cell: cellOf, km, price, specs } = c;
    const candidates = spec.candidates(specs, c.size);
    // Limits alone, or one facet filtered alone, that most cars meet: every car counted from the
    // cells' orders, then those that fail them taken back, visited instead of those that meet them
    // (the facet's own counts are those of every car: below).
    const takeBack = (spec.limitsOnly || spec.alone >= 0) && 2 * bitsIn(candidates, 0, c.size) > c.size;
    if (takeBack) countCells(false);
    const touched = takeBack ? new Uint8Array(c.cells.length) : undefined;
    for (let w = 0; w < candidates.length; w++) {
      let word = takeBack
        ? ~candidates[w]! & (w === candidates.length - 1 ? lastWord(c.size) : -1)
        : candidates[w]! | 0;
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        const seq = 32 * w + 31 - Math.clz32(lowest);
        const cell = cellOf[seq]!;
        if (!live[seq] || !counts[cell] || !whole[cell] || km[seq]! > kmMax) continue;
        const carPrice = price[seq]!;
        const within = carPrice >= priceMin && carPrice <= priceMax;
        if (touched) {
          tally.takeBack(cell, within);
          touched[cell] = 1;
          if (failed[cell] === 0 && within) spec.count(specCounts, specs, seq * SPECS, 0, -1);
          continue;
        }
        const carFailed = spec.fails(specs, seq * SPECS);
        if (carFailed === 0) tally.add(cell, carPrice, within);
        if (failed[cell] === 0 && within) spec.count(specCounts, specs, seq * SPECS, carFailed);
      }
    }
    touched?.forEach((isTouched, cell) => {
      if (isTouched)
        tally.boundPrices(cell, c.ordered(cell), kmMax, (seq) => spec.fails(specs, seq * SPECS) === 0);
    });
    if (spec.alone >= 0) {
      // A facet filtered alone counts every car of the cells that pass every other filter: from
      // their orders, as without it.
      const own = new Int32Array(SPEC_COUNTS);
      for (let i = 0; i < c.cells.length; i++)
        if (counts[i] && whole[i] && failed[i] === 0) addCellSpecCounts(own, c.ordered(i));
      copyFacetCounts(specCounts, own, spec.alone);
    }
  } else countCells(spec.active);
  if (matching.hasText && !members) beyond(counts).forEach(visit);
  return { tally, specCounts };

  /**
   * The cells counted whole, from their cars ordered, and those whose members the text marks;
   * `bySpec`: each car visited, its specifications tested.
   */
  function countCells(bySpec: boolean) {
    for (let i = 0; i < c.cells.length; i++) {
      if (!counts[i] || !(whole[i] || members)) continue;
      const ordered = c.ordered(i);
      const marked = whole[i] ? undefined : members!(i);
      const { price, km, seqByKm, kmByPrice } = ordered;
      const withinKm = kmMax === INT_MAX ? km.length : firstAbove(km, kmMax);
      if (bySpec) {
        for (let at = 0; at < withinKm; at++)
          if (!marked || hasBit(marked.bits, marked.byKm + at)) visit(seqByKm[at]!, i);
        continue;
      }
      if (marked) tally.addMembers(i, marked, bounds);
      else tally.addOrdered(i, ordered, bounds);
      if (failed[i] !== 0) continue;
      // The specification facets of a cell that passes every filter: its cars counted (above).
      if (marked) {
        const from = priceMin === INT_MIN ? 0 : firstAbove(price, priceMin - 1);
        const to = priceMax === INT_MAX ? price.length : firstAbove(price, priceMax);
        // Their bytes in the price order, read one after the other.
        const { bytes } = ordered.specsByPrice;
        for (let at = from; at < to; at++)
          if (hasBit(marked.bits, marked.byPrice + at) && kmByPrice[at]! <= kmMax)
            spec.count(specCounts, bytes, at * SPECS, 0);
      } else addCellSpecCounts(specCounts, ordered);
    }
  }

  /** Adds the specifications of a cell's cars within the km limit and the price range to `into`. */
  function addCellSpecCounts(into: Int32Array, ordered: OrderedCell) {
    const { price, km, seqByKm } = ordered;
    const withinKm = kmMax === INT_MAX ? km.length : firstAbove(km, kmMax);
    const from = priceMin === INT_MIN ? 0 : firstAbove(price, priceMin - 1);
    const to = priceMax === INT_MAX ? price.length : firstAbove(price, priceMax);
    if (withinKm === km.length && from === 0 && to === price.length)
      for (let v = 0; v < SPEC_COUNTS; v++) into[v]! += ordered.specCounts[v]!;
    else if (withinKm === km.length) addSpecCounts(into, ordered.specsByPrice, from, to);
    else if (from === 0 && to === price.length) addSpecCounts(into, ordered.specsByKm, 0, withinKm);
    // Both bounds cut the cell: its cars within the km limit, each tested against the price range.
    else
      for (let at = 0; at < withinKm; at++)
        if (inRange(c.price[seqByKm[at]!]!)) spec.count(into, c.specs, seqByKm[at]! * SPECS, 0);
  }
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
      specs: specCodes,
      cars: sql<number>`count(*)::int`,
      carsForSale: sql<number>`(count(*) filter (where ${price}))::int`,
      priceMin: sql<number>`min(${cars.askingPrice})`,
      priceMax: sql<number>`max(${cars.askingPrice})`,
    })
    .from(cars)
    .where(carConditions(query, words))
    .groupBy(
      cars.nameKey,
      cars.categoryId,
      cars.brandKey,
      cars.fuel,
      cars.year,
      cars.sellerVerified,
      specCodes,
    );
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
  // A brand filtered finds its make's cars whatever their sellers typed ("chevroelt" under "chevrolet").
  const named = await foldedBrands(db, query.brand, catalogue.brandKeys);
  const brandKeys = [...new Set(named.flatMap((key) => catalogue.names.spellingsOf(key)))];
  const filtered = query.brand ? { ...query, brand: brandKeys } : query;
  const namesOfEvery = namesOfEveryWord(words);
  const { tally, specCounts } =
    columns && query.seller === undefined
      ? cellsInMemory(await matchingIn(columns, query, words, namesOfEvery, brandKeys))
      : Tally.of(
          await carCellsStatement(db, filtered, words),
          specFilter(query),
          failedFilters(query, brandKeys),
        );
  const { counts, total, years, prices, names, beyondNames } = facetsOfCells(
    tally,
    query,
    brandKeys,
    namesOfEvery,
  );
  // One value per make of the catalogue, by its name, whatever its sellers typed; one per spelling
  // folded (lower case, no accents) of a brand it lacks. Those with cars, and those the search names.
  const byMake = new Map<string, number>();
  for (const [value, count] of counts.brand) {
    const make = catalogue.names.makeOf(value);
    byMake.set(make, (byMake.get(make) ?? 0) + count);
  }
  const brands: FacetValue[] = [...byMake]
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, label: catalogue.names.brandLabel(value) ?? value, count }));
  const namedMakes = named.map((key) => catalogue.names.makeOf(key));
  namedMakes.forEach((value, i) => {
    if (!brands.some((b) => b.value === value))
      brands.push({ value, label: catalogue.names.brandLabel(value) ?? query.brand![i]!, count: 0 });
  });
  brands.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  // At most BRAND_FACET_MAX, the most cars first: every brand the search names, so that it can be
  // removed, and the first of the others.
  const listed = new Set(namedMakes);
  for (const { value } of brands) {
    if (listed.size >= BRAND_FACET_MAX) break;
    listed.add(value);
  }
  const brand = brands.filter(({ value }) => listed.has(value));

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
      moreBrands: brands.length - brand.length,
      fuel: FUELS.map((fuel) => ({ value: fuel, label: fuel, count: counts.fuel.get(fuel) ?? 0 })),
      ...specFacets(specCounts),
      year: years,
      price: prices,
    },
  };
}

/**
 * A search's counts: its words, then its total and facets, counted in memory (cellsInMemory); a
 * seller's cars, which are few, by the statement (searchFacets).
 */
export async function countSearch(
  db: Db,
  query: CarSearchQuery,
  catalogue: SearchCatalogue,
  columns: CarColumns,
): Promise<SearchCounts> {
  const words = await resolveWords(db, query.q, catalogue);
  return { words, ...(await searchFacets(db, query, words, catalogue, columns)) };
}
