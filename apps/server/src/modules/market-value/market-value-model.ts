/**
 * The market value model (docs/market-value.md, ADR 50): robust weighted least squares of a car's log
 * price on its age, log mileage, title, owners, options and wider region, fitted three times over
 * nested groups, each fit shrunk toward the one above it: all cars, each make, each model family
 * (where trims that enough cars share get a level of their own). A car's estimate comes from its
 * family's fit without the car itself (the exact leave-one-out prediction), so that its own asking
 * price never values it. A car not posted yet is valued by the same path from the fits the refit
 * keeps (`KeptFit`), without the leave-one-out step: it is in no fit. Pure: no database, so the
 * benchmark and the tests fit it directly.
 */
import {
  type DealRating,
  type Drivetrain,
  dealRating,
  MIN_COMPARABLES,
  type TitleStatus,
  type Transmission,
} from '@redline/shared';
import { WIDE_REGIONS, type WideRegion, wideRegionOf } from './regions.ts';

/** A car as the model sees it: a car for sale at its asking price, or a sold one at the last price it was asked. */
export interface ObservedCar {
  id: string;
  /** The make (its catalogue id, or its folded name for a make the catalogue lacks). */
  makeKey: string;
  /** The model family (its catalogue id, or the folded make and model names). */
  familyKey: string;
  trim: string | null;
  year: number;
  kmDriven: number;
  /** Integer cents. */
  price: number;
  sold: boolean;
  /** The year the price was seen: when the car sold, or now. */
  seenYear: number;
  titleStatus: TitleStatus | null;
  previousOwners: number | null;
  transmission: Transmission | null;
  drivetrain: Drivetrain | null;
  /** The car's state ("CA"), null without a place. */
  state: string | null;
}

/** A car as a seller describes it before posting: what the model reads, without a price or an id. */
export type DescribedCar = Omit<ObservedCar, 'id' | 'price' | 'sold'>;

/** A car's estimate: null estimate and range when it has fewer than MIN_COMPARABLES comparables. */
export interface Estimate {
  estimate: number | null;
  low: number | null;
  high: number | null;
  comparables: number;
  family: 'model' | 'make';
  area: 'region' | 'nation';
}

/** A car's value: its estimate, and the rating of its asking price against it. */
export interface Valuation extends Estimate {
  rating: DealRating;
}

/** A sold car's price is what a buyer paid: it counts as this many asking prices. */
export const SOLD_WEIGHT = 2;
/** How many cars' worth of weight a group's fit gives the fit above it (ridge toward it). */
const SHRINKAGE = 4;
/** The fewest cars' worth a model family's price level is held by toward its make's (`levelShrinkage`). */
const MIN_LEVEL_SHRINKAGE = 0.25;
/** The fewest cars of a family that share a trim for the trim to get a price level of its own. */
const TRIM_MIN_CARS = 5;
/**
 * The spread (standard deviation of log price) of a make's model families' price levels assumed
 * before any are seen, and how many families' worth of weight it has against those seen.
 */
const PRIOR_SPREAD = 0.3;
/**
 * The most a car valued by its make (too few cars of its model) may be unsure of its model's price
 * level by (a standard deviation of log price, about 20 %): beyond, its make's models differ in price
 * so much that a rating would mostly say whether its model is dearer or cheaper than its make's, and
 * it gets "not enough data".
 */
const MAX_LEVEL_ERROR = 0.2;
/**
 * The widest spread of log prices a car is rated with (its range about ×/÷ 1.67): prices like the
 * car's that vary more leave "great deal" and "overpriced" within the range, and it gets "not enough data".
 */
const MAX_RATED_SCALE = 0.4;
/** Huber's constant: a residual beyond this many robust standard deviations is down-weighted. */
const HUBER_K = 1.345;
const ROBUST_ROUNDS = 4;
/** The range is the middle 80 % of prices like the car's: ± this many standard deviations of log price. */
const RANGE_Z = 1.2816;
/** The least spread of log prices a range assumes (a family of identical prices still varies). */
const MIN_SCALE = 0.03;
/** Age and mileage are centred on a typical car, so that a fit's intercept is that car's log price. */
const TYPICAL_AGE = 8;
const KM_OFFSET = 5_000;
const TYPICAL_LOG_KM = Math.log(60_000 + KM_OFFSET);
const MAX_OWNERS_COUNTED = 5;
const TITLE_LEVELS: readonly TitleStatus[] = ['Salvage', 'Rebuilt', 'Lemon'];

/** The features shared by every level: intercept, age, log km, three title levels, owners, manual, 4×4, four regions. */
const BASE_FEATURES = 9 + WIDE_REGIONS.length;
const REGION_AT = new Map<WideRegion, number>(WIDE_REGIONS.map((region, i) => [region, 9 + i]));

const trimKey = (trim: string | null) => trim?.trim().toLowerCase() || null;

/**
 * What a fit's columns after the base ones stand for, one per key: all cars' by make, a make's by
 * model family, a family's by trim. A car has at most one of them. The makes' and the families'
 * columns are there so that the slopes of all cars and of a make are fitted within makes and within
 * models: a make of cheap and dear models would otherwise read its mix of models as depreciation.
 */
type LevelsBy = 'make' | 'family' | 'trim';

interface Levels {
  by: LevelsBy;
  /** Each level's column after the base ones, by its key. */
  columnOf: ReadonlyMap<string, number>;
}

const levelsOf = (by: LevelsBy, keys: readonly string[]): Levels => ({
  by,
  columnOf: new Map(keys.map((key, column) => [key, column])),
});

/** The column of the car's level in a fit with these levels, after the base ones: -1 for none. */
function levelColumn(levels: Levels, car: DescribedCar): number {
  const key = levels.by === 'trim' ? trimKey(car.trim) : levels.by === 'family' ? car.familyKey : car.makeKey;
  return key === null ? -1 : (levels.columnOf.get(key) ?? -1);
}

/** Writes a car's base features from `into[at]` on. */
function writeBaseFeatures(car: DescribedCar, into: Float64Array, at: number): void {
  into[at] = 1;
  into[at + 1] = Math.max(0, car.seenYear - car.year) - TYPICAL_AGE;
  into[at + 2] = Math.log(car.kmDriven + KM_OFFSET) - TYPICAL_LOG_KM;
  const title = car.titleStatus === null ? -1 : TITLE_LEVELS.indexOf(car.titleStatus);
  if (title >= 0) into[at + 3 + title] = 1;
  into[at + 6] = Math.min(car.previousOwners ?? 1, MAX_OWNERS_COUNTED) - 1;
  into[at + 7] = car.transmission === 'Manual' ? 1 : 0;
  into[at + 8] = car.drivetrain === 'AWD' || car.drivetrain === '4WD' ? 1 : 0;
  const region = wideRegionOf(car.state);
  if (region) into[at + REGION_AT.get(region)!] = 1;
}

/**
 * What values a car by one group's fit (a make's or a model family's), as the refit keeps it
 * (`market_value_fits`) to value cars not posted yet.
 */
export interface KeptFit {
  /** The coefficients of log price: the base features', then one per level of `levels`. */
  coefficients: readonly number[];
  /**
   * The levels with a column of their own, in the order of their columns: a make's fit, its model
   * families' keys; a family's fit, the trims (folded) that enough of its cars share.
   */
  levels: readonly string[];
  /** The robust standard deviation of its log-price residuals, shrunk toward the group above's. */
  scale: number;
  /**
   * A make's fit: the spread (standard deviation, log price) of its model families' price levels,
   * which a car of a model it has few cars of is uncertain by. 0 for a family's.
   */
  spread: number;
  /** How many cars it was fitted on. */
  cars: number;
  /** How many of its cars stand in each wider region. */
  inRegion: Partial<Record<WideRegion, number>>;
}

/** A fit that values cars: what is kept of it, its levels' columns, and for a fit of this refit what values its own cars without them. */
interface ValuingFit {
  kept: KeptFit;
  levels: Levels;
  own?: {
    /** Lower-triangular L with L·Lᵀ = XᵀWX + Λ (row-major p×p). */
    factor: Float64Array;
    /** The place of each car of this refit in the cars fitted. */
    placeOf: ReadonlyMap<string, number>;
    /** Each car's final weight in its group's fit at this level (make or family), by its place. */
    weights: Float64Array;
  };
}

/** One group's fit, as this refit made it. */
interface GroupFit {
  kept: KeptFit;
  levels: Levels;
  beta: Float64Array;
  factor: Float64Array;
}

/** A car's features in a fit with these levels' columns. */
function features(levels: Levels, car: DescribedCar): Float64Array {
  const x = new Float64Array(BASE_FEATURES + levels.columnOf.size);
  writeBaseFeatures(car, x, 0);
  const column = levelColumn(levels, car);
  if (column >= 0) x[BASE_FEATURES + column] = 1;
  return x;
}

/** The dot product of `b` with as many of `a`'s numbers from `a[at]` on. */
const dot = (a: ArrayLike<number>, b: ArrayLike<number>, at = 0) => {
  let sum = 0;
  for (let i = 0; i < b.length; i++) sum += a[at + i]! * b[i]!;
  return sum;
};

/** Cholesky factor of a symmetric positive definite p×p matrix (row-major), in place of a copy. */
function cholesky(a: Float64Array, p: number): Float64Array {
  const l = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * p + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * p + k]! * l[j * p + k]!;
      l[i * p + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j * p + j]!;
    }
  }
  return l;
}

/** Solves L·Lᵀ·x = b. */
function solve(l: Float64Array, b: Float64Array): Float64Array {
  const p = b.length;
  const y = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i * p + k]! * y[k]!;
    y[i] = sum / l[i * p + i]!;
  }
  const x = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < p; k++) sum -= l[k * p + i]! * x[k]!;
    x[i] = sum / l[i * p + i]!;
  }
  return x;
}

function median(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Fits one group, the cars of `cars` at `members`: minimises Σ wᵢ(yᵢ − xᵢβ)² + Σ λⱼ(βⱼ − priorⱼ)²,
 * with wᵢ a sold car's weight times Huber's weight of its residual, re-weighted ROBUST_ROUNDS times.
 * Each car's final weight goes to `weights` at the car's place in `cars`. The base features are one
 * flat array (a million cars' would otherwise be a million small arrays), and each car's level one
 * column number (its feature there is 1, the rest of its level columns 0): all cars' fit has a column
 * per make, and a million cars' dense rows of them would not fit in memory.
 */
function fitGroup(
  cars: readonly ObservedCar[],
  members: readonly number[],
  levels: Levels,
  prior: Float64Array,
  penalty: Float64Array,
  priorScale: number,
  weights?: Float64Array,
  { outOfSample = false } = {},
): GroupFit {
  const p = prior.length;
  const n = members.length;
  const q = BASE_FEATURES;
  const xs = new Float64Array(n * q);
  const columns = new Int32Array(n);
  const ys = new Float64Array(n);
  const base = new Float64Array(n);
  members.forEach((at, i) => {
    const car = cars[at]!;
    writeBaseFeatures(car, xs, i * q);
    const column = levelColumn(levels, car);
    columns[i] = column < 0 ? -1 : q + column;
    ys[i] = Math.log(car.price);
    base[i] = car.sold ? SOLD_WEIGHT : 1;
  });
  const predicted = (beta: Float64Array, i: number) =>
    dot(xs, beta.subarray(0, q), i * q) + (columns[i]! < 0 ? 0 : beta[columns[i]!]!);
  const w = base.slice();
  let beta: Float64Array = prior;
  let factor: Float64Array = new Float64Array(0);
  let scale = priorScale;
  for (let round = 0; round <= ROBUST_ROUNDS; round++) {
    const a = new Float64Array(p * p);
    const b = new Float64Array(p);
    for (let j = 0; j < p; j++) {
      a[j * p + j] = penalty[j]!;
      b[j] = penalty[j]! * prior[j]!;
    }
    for (let i = 0; i < n; i++) {
      const row = i * q;
      const wi = w[i]!;
      for (let j = 0; j < q; j++) {
        const xj = xs[row + j]!;
        if (xj === 0) continue;
        const wx = wi * xj;
        b[j] = b[j]! + wx * ys[i]!;
        for (let k = 0; k <= j; k++) a[j * p + k] = a[j * p + k]! + wx * xs[row + k]!;
      }
      const level = columns[i]!;
      if (level < 0) continue;
      b[level] = b[level]! + wi * ys[i]!;
      a[level * p + level] = a[level * p + level]! + wi;
      for (let k = 0; k < q; k++) a[level * p + k] = a[level * p + k]! + wi * xs[row + k]!;
    }
    for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) a[k * p + j] = a[j * p + k]!;
    factor = cholesky(a, p);
    beta = solve(factor, b);
    if (round === ROBUST_ROUNDS) break;
    const residuals = ys.map((y, i) => y - predicted(beta, i));
    const own = 1.4826 * median(residuals.map(Math.abs));
    scale = Math.sqrt((n * own ** 2 + SHRINKAGE * priorScale ** 2) / (n + SHRINKAGE));
    const cut = HUBER_K * Math.max(scale, MIN_SCALE);
    residuals.forEach((r, i) => {
      w[i] = base[i]! * Math.min(1, cut / Math.max(Math.abs(r), 1e-12));
    });
  }
  if (weights)
    members.forEach((at, i) => {
      weights[at] = w[i]!;
    });
  if (outOfSample) {
    // The spread of asking prices about the estimates of cars left out of the fit: each car's
    // leave-one-out residual eᵢ/(1 − hᵢ), of the cars for sale (sold prices vary less) when there are some.
    const x = new Float64Array(p);
    const asked = members.filter((at) => !cars[at]!.sold).length;
    const outside: number[] = [];
    for (let i = 0; i < n; i++) {
      if (asked > 1 && cars[members[i]!]!.sold) continue;
      x.fill(0);
      x.set(xs.subarray(i * q, i * q + q));
      if (columns[i]! >= 0) x[columns[i]!] = 1;
      const leverage = w[i]! * dot(x, solve(factor, x));
      outside.push((ys[i]! - predicted(beta, i)) / (1 - leverage));
    }
    const own = 1.4826 * median(outside.map(Math.abs));
    scale = Math.sqrt(
      (outside.length * own ** 2 + SHRINKAGE * priorScale ** 2) / (outside.length + SHRINKAGE),
    );
  }
  return {
    kept: {
      coefficients: [...beta],
      levels: [...levels.columnOf.keys()],
      scale: Math.max(scale, MIN_SCALE),
      spread: 0,
      cars: n,
      inRegion: regionCounts(cars, members),
    },
    levels,
    beta,
    factor,
  };
}

function regionCounts(
  cars: readonly ObservedCar[],
  members: readonly number[],
): Partial<Record<WideRegion, number>> {
  const counts: Partial<Record<WideRegion, number>> = {};
  for (const at of members) {
    const region = wideRegionOf(cars[at]!.state);
    if (region) counts[region] = (counts[region] ?? 0) + 1;
  }
  return counts;
}

/** The places in `cars` of each key's cars. */
function groupBy(cars: readonly ObservedCar[], key: (car: ObservedCar) => string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  cars.forEach((car, at) => {
    const group = groups.get(key(car));
    if (group) group.push(at);
    else groups.set(key(car), [at]);
  });
  return groups;
}

/** The trims of a family that at least TRIM_MIN_CARS of its cars share, in the order of their columns after the base ones. */
function frequentTrims(cars: readonly ObservedCar[], members: readonly number[]): string[] {
  const counts = new Map<string, number>();
  for (const at of members) {
    const trim = trimKey(cars[at]!.trim);
    if (trim) counts.set(trim, (counts.get(trim) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= TRIM_MIN_CARS)
    .map(([trim]) => trim)
    .sort();
}

const uniform = (p: number, value: number) => new Float64Array(p).fill(value);

/** The fitted market: what values any car by it, and the fits the refit keeps. */
export interface MarketModel {
  value(car: ObservedCar): Valuation;
  /** Each make's and model family's fit, by the make's and the family's key. */
  kept: { makes: Map<string, KeptFit>; families: Map<string, KeptFit> };
}

/**
 * The spread of a group's level columns' true values, by the method of moments: a level fitted on
 * n cars, its ridge shrinkage undone (× (n + SHRINKAGE) / n), varies about its true value by σ²/n.
 * Answers the sum over the levels of (level² − σ²/n), and how many they are: a model of one car
 * counts too (a make's lone i3 among its M3s says how far its models lie apart).
 */
function levelMoments(fit: GroupFit, counts: ReadonlyMap<string, number>): { sum: number; levels: number } {
  let sum = 0;
  let levels = 0;
  for (const [key, column] of fit.levels.columnOf) {
    const n = counts.get(key) ?? 0;
    if (n === 0) continue;
    const level = (fit.beta[BASE_FEATURES + column]! * (n + SHRINKAGE)) / n;
    sum += level ** 2 - fit.kept.scale ** 2 / n;
    levels += 1;
  }
  return { sum, levels };
}

/** Fits the model on these cars (for sale and sold). */
export function fitMarket(cars: readonly ObservedCar[]): MarketModel {
  const byMake = groupBy(cars, (car) => car.makeKey);
  const byFamily = groupBy(cars, (car) => car.familyKey);
  const globalPrior = new Float64Array(BASE_FEATURES + byMake.size);
  globalPrior[0] = median(Float64Array.from(cars, (car) => Math.log(car.price)));
  // All cars, a level per make: barely held (a car's worth toward "no effect"), so that a tiny market still fits.
  const all = Array.from(cars, (_, at) => at);
  const nation = fitGroup(
    cars,
    all,
    levelsOf('make', [...byMake.keys()]),
    globalPrior,
    uniform(globalPrior.length, 1),
    0.3,
  );
  const basePrior = (fit: GroupFit, p: number) => {
    const prior = new Float64Array(p);
    prior.set(fit.beta.subarray(0, BASE_FEATURES));
    return prior;
  };
  // Each car's final weight in its make's fit and in its family's, by its place in `cars`.
  const makeWeights = new Float64Array(cars.length);
  const familyWeights = new Float64Array(cars.length);
  const familyCounts = new Map([...byFamily].map(([key, members]) => [key, members.length]));
  const makes = new Map(
    [...byMake].map(([key, members]) => {
      const levels = levelsOf('family', [...new Set(members.map((at) => cars[at]!.familyKey))]);
      const p = BASE_FEATURES + levels.columnOf.size;
      const fit = fitGroup(
        cars,
        members,
        levels,
        basePrior(nation, p),
        uniform(p, SHRINKAGE),
        nation.kept.scale,
        makeWeights,
      );
      return [key, fit] as const;
    }),
  );
  // The variance of the families' levels: each make's, shrunk toward all makes' (itself toward PRIOR_SPREAD²).
  const moments = new Map([...makes].map(([key, fit]) => [key, levelMoments(fit, familyCounts)]));
  const pooled = [...moments.values()].reduce(
    (total, { sum, levels }) => ({
      sum: total.sum + sum,
      levels: total.levels + levels,
    }),
    { sum: SHRINKAGE * PRIOR_SPREAD ** 2, levels: SHRINKAGE },
  );
  const varianceOfAll = Math.max(0, pooled.sum / pooled.levels);
  for (const [key, fit] of makes) {
    const { sum, levels } = moments.get(key)!;
    fit.kept.spread = Math.sqrt(Math.max(0, (sum + SHRINKAGE * varianceOfAll) / (levels + SHRINKAGE)));
  }
  const families = new Map(
    [...byFamily].map(([key, members]) => {
      const make = makes.get(cars[members[0]!]!.makeKey)!;
      const levels = levelsOf('trim', frequentTrims(cars, members));
      const p = BASE_FEATURES + levels.columnOf.size;
      const penalty = uniform(p, SHRINKAGE);
      penalty[0] = levelShrinkage(make.kept);
      return [
        key,
        fitGroup(cars, members, levels, basePrior(make, p), penalty, make.kept.scale, familyWeights, {
          outOfSample: true,
        }),
      ] as const;
    }),
  );
  const placeOf = new Map(cars.map((car, at) => [car.id, at]));
  const valuing = (fits: Map<string, GroupFit>, weights: Float64Array) =>
    new Map<string, ValuingFit>(
      [...fits].map(([key, fit]) => [
        key,
        { kept: fit.kept, levels: fit.levels, own: { factor: fit.factor, placeOf, weights } },
      ]),
    );
  const valuingMakes = valuing(makes, makeWeights);
  const valuingFamilies = valuing(families, familyWeights);
  const keptOf = (fits: Map<string, GroupFit>) => new Map([...fits].map(([key, fit]) => [key, fit.kept]));

  return {
    value(car) {
      const valued = estimateBy(valuingMakes.get(car.makeKey), valuingFamilies.get(car.familyKey), car);
      return {
        ...valued,
        rating: car.sold || valued.estimate === null ? 'none' : dealRating(car.price, valued.estimate),
      };
    },
    kept: { makes: keptOf(makes), families: keptOf(families) },
  };
}

/**
 * The estimate of a car not posted yet, by its make's and model family's kept fits (none: a make or
 * family the market has not seen): the same path as `MarketModel.value`, the car being in no fit.
 */
export function estimateByKept(
  make: KeptFit | undefined,
  family: KeptFit | undefined,
  car: DescribedCar,
): Estimate {
  return estimateBy(
    make && { kept: make, levels: levelsOf('family', make.levels) },
    family && { kept: family, levels: levelsOf('trim', family.levels) },
    car,
  );
}

/**
 * Whether the fit was fitted on the car (then it values the car without it): a car of this refit is
 * one of its make's and its family's cars.
 */
const fittedOn = (fit: ValuingFit, car: DescribedCar | ObservedCar): car is ObservedCar =>
  'id' in car && fit.own?.placeOf.has(car.id) === true;

/**
 * A car's estimate by its make's and family's fits: its family's fit when at least MIN_COMPARABLES
 * other cars of the family value it, else the family's (mostly its make's, with few cars) or the
 * make's when the make has that many, else none ("not enough data"). Valued by its make, the car's
 * range widens by what its model's price level is unknown by (`uncertainLevel`), and past
 * MAX_LEVEL_ERROR it has none either; nor has a car whose range would pass MAX_RATED_SCALE.
 */
function estimateBy(
  make: ValuingFit | undefined,
  family: ValuingFit | undefined,
  car: DescribedCar | ObservedCar,
): Estimate {
  const others = (fit: ValuingFit | undefined) => (fit ? fit.kept.cars - (fittedOn(fit, car) ? 1 : 0) : 0);
  const familyCount = others(family);
  const makeCount = others(make);
  const level = familyCount >= MIN_COMPARABLES ? 'model' : 'make';
  const comparables = level === 'model' ? familyCount : makeCount;
  const scope = level === 'model' ? family : make;
  const region = wideRegionOf(car.state);
  const inRegion = scope && region ? (scope.kept.inRegion[region] ?? 0) - (fittedOn(scope, car) ? 1 : 0) : 0;
  const area = inRegion >= MIN_COMPARABLES ? 'region' : 'nation';
  const fit = family ?? make;
  const none = { estimate: null, low: null, high: null, comparables, family: level, area } as const;
  if (comparables < MIN_COMPARABLES || !fit) return none;
  const levelError = level === 'model' || !make ? 0 : uncertainLevel(make.kept, familyCount);
  const spread = Math.sqrt(fit.kept.scale ** 2 + levelError);
  if (levelError > MAX_LEVEL_ERROR ** 2 || spread > MAX_RATED_SCALE) return none;
  const logEstimate = leaveOneOut(fit, car);
  return {
    estimate: dollars(logEstimate),
    low: dollars(logEstimate - RANGE_Z * spread),
    high: dollars(logEstimate + RANGE_Z * spread),
    comparables,
    family: level,
    area,
  };
}

/**
 * How many cars' worth a model family's fit holds its price level toward its make's: the make's
 * residual variance over the variance of its families' levels (the empirical Bayes weight), so that a
 * make whose models differ much in price lets a family's few cars set its level, and one whose
 * models agree lends them its own; within [MIN_LEVEL_SHRINKAGE, SHRINKAGE].
 */
const levelShrinkage = (make: KeptFit) =>
  Math.min(SHRINKAGE, Math.max(MIN_LEVEL_SHRINKAGE, make.scale ** 2 / Math.max(make.spread, 1e-6) ** 2));

/**
 * The variance of the error in a model family's price level fitted on `n` of its cars: held λ cars'
 * worth toward its make's (`levelShrinkage`), (λ / (n + λ))² of the family's distance from its make's
 * level remains (variance: the make's spread²), and the n cars' own noise adds n·scale² / (n + λ)².
 */
function uncertainLevel(make: KeptFit, n: number): number {
  const held = levelShrinkage(make);
  return (held / (n + held)) ** 2 * make.spread ** 2 + (n * make.scale ** 2) / (n + held) ** 2;
}

/**
 * The fit's log price of the car as if it were not in the fit: its prediction for a car not in it
 * (one not posted yet); for a car of the fit, its prediction less its share of its own residual, hᵢeᵢ/(1 − hᵢ), hᵢ = wᵢxᵢᵀ(XᵀWX + Λ)⁻¹xᵢ (exact for a
 * penalised weighted least-squares fit with the weights held).
 */
function leaveOneOut(fit: ValuingFit, car: DescribedCar | ObservedCar): number {
  const x = features(fit.levels, car);
  const predicted = dot(x, fit.kept.coefficients);
  if (!fit.own || !fittedOn(fit, car)) return predicted;
  const weight = fit.own.weights[fit.own.placeOf.get(car.id)!]!;
  const leverage = weight * dot(x, solve(fit.own.factor, x));
  const residual = Math.log(car.price) - predicted;
  return predicted - (leverage * residual) / (1 - leverage);
}

/** A log price as integer cents, rounded to whole dollars. */
const dollars = (logPrice: number) => Math.round(Math.exp(logPrice) / 100) * 100;
