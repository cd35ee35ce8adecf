/**
 * The market value model (docs/market-value.md, ADR 50): robust weighted least squares of a car's log
 * price on its age, log mileage, title, owners, options and wider region, fitted three times over
 * nested groups, each fit shrunk toward the one above it: all cars, each make, each model family
 * (where trims that enough cars share get a level of their own). A car's estimate comes from its
 * family's fit without the car itself (the exact leave-one-out prediction), so that its own asking
 * price never values it. Pure: no database, so the benchmark and the tests fit it directly.
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

/** A car's value: null estimate and range when it has fewer than MIN_COMPARABLES comparables. */
export interface Valuation {
  estimate: number | null;
  low: number | null;
  high: number | null;
  rating: DealRating;
  comparables: number;
  family: 'model' | 'make';
  area: 'region' | 'nation';
}

/** A sold car's price is what a buyer paid: it counts as this many asking prices. */
export const SOLD_WEIGHT = 2;
/** How many cars' worth of weight a group's fit gives the fit above it (ridge toward it). */
const SHRINKAGE = 4;
/** The fewest cars of a family that share a trim for the trim to get a price level of its own. */
const TRIM_MIN_CARS = 5;
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

/** Writes a car's features from `into[at]` on, in a fit with these trims' columns (zeros there already). */
function writeFeatures(trims: Map<string, number>, car: ObservedCar, into: Float64Array, at: number): void {
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
  const trim = trims.get(trimKey(car.trim) ?? '');
  if (trim !== undefined) into[at + trim] = 1;
}

const trimKey = (trim: string | null) => trim?.trim().toLowerCase() || null;

/** One group's fit: coefficients and the Cholesky factor of its penalised normal matrix. */
interface GroupFit {
  /** How many cars it was fitted on. */
  count: number;
  beta: Float64Array;
  /** Lower-triangular L with L·Lᵀ = XᵀWX + Λ (row-major p×p). */
  factor: Float64Array;
  /** The robust standard deviation of its log-price residuals, shrunk toward the group above's. */
  scale: number;
  /** The column of each trim with a level of its own (family fits only). */
  trims: Map<string, number>;
  /** How many of its cars stand in each wider region. */
  inRegion: Map<WideRegion, number>;
}

/** A car's features in a fit with these trims' columns. */
function features(trims: Map<string, number>, car: ObservedCar): Float64Array {
  const x = new Float64Array(BASE_FEATURES + trims.size);
  writeFeatures(trims, car, x, 0);
  return x;
}

/** The dot product of `b` with as many of `a`'s numbers from `a[at]` on. */
const dot = (a: Float64Array, b: Float64Array, at = 0) => {
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
 * Each car's final weight goes to `weights` at the car's place in `cars`. The features are one flat
 * array (a million cars' would otherwise be a million small arrays).
 */
function fitGroup(
  cars: readonly ObservedCar[],
  members: readonly number[],
  trims: Map<string, number>,
  prior: Float64Array,
  penalty: Float64Array,
  priorScale: number,
  weights?: Float64Array,
): GroupFit {
  const p = prior.length;
  const n = members.length;
  const xs = new Float64Array(n * p);
  const ys = new Float64Array(n);
  const base = new Float64Array(n);
  members.forEach((at, i) => {
    const car = cars[at]!;
    writeFeatures(trims, car, xs, i * p);
    ys[i] = Math.log(car.price);
    base[i] = car.sold ? SOLD_WEIGHT : 1;
  });
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
      const row = i * p;
      for (let j = 0; j < p; j++) {
        const xj = xs[row + j]!;
        if (xj === 0) continue;
        const wx = w[i]! * xj;
        b[j] = b[j]! + wx * ys[i]!;
        for (let k = 0; k <= j; k++) a[j * p + k] = a[j * p + k]! + wx * xs[row + k]!;
      }
    }
    for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) a[k * p + j] = a[j * p + k]!;
    factor = cholesky(a, p);
    beta = solve(factor, b);
    if (round === ROBUST_ROUNDS) break;
    const residuals = ys.map((y, i) => y - dot(xs, beta, i * p));
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
  return {
    count: n,
    beta,
    factor,
    scale: Math.max(scale, MIN_SCALE),
    trims,
    inRegion: regionCounts(cars, members),
  };
}

function regionCounts(cars: readonly ObservedCar[], members: readonly number[]): Map<WideRegion, number> {
  const counts = new Map<WideRegion, number>();
  for (const at of members) {
    const region = wideRegionOf(cars[at]!.state);
    if (region) counts.set(region, (counts.get(region) ?? 0) + 1);
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

/** The trims of a family that at least TRIM_MIN_CARS of its cars share, each with its column after the base ones. */
function frequentTrims(cars: readonly ObservedCar[], members: readonly number[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const at of members) {
    const trim = trimKey(cars[at]!.trim);
    if (trim) counts.set(trim, (counts.get(trim) ?? 0) + 1);
  }
  const trims = [...counts].filter(([, count]) => count >= TRIM_MIN_CARS).map(([trim]) => trim);
  return new Map(trims.sort().map((trim, i) => [trim, BASE_FEATURES + i]));
}

const uniform = (p: number, value: number) => new Float64Array(p).fill(value);

/** The fitted market: every make's and family's fit, and what values any car by them. */
export interface MarketModel {
  value(car: ObservedCar): Valuation;
}

/** Fits the model on these cars (for sale and sold). */
export function fitMarket(cars: readonly ObservedCar[]): MarketModel {
  const none = new Map<string, number>();
  const globalPrior = new Float64Array(BASE_FEATURES);
  globalPrior[0] = median(Float64Array.from(cars, (car) => Math.log(car.price)));
  // All cars: barely held (a car's worth toward "no effect"), so that a tiny market still fits.
  const all = Array.from(cars, (_, at) => at);
  const nation = fitGroup(cars, all, none, globalPrior, uniform(BASE_FEATURES, 1), 0.3);
  // Each fitted car's final weight in its make's fit and in its family's, by its place in `cars`.
  const makeWeights = new Float64Array(cars.length);
  const familyWeights = new Float64Array(cars.length);
  const makes = new Map(
    [...groupBy(cars, (car) => car.makeKey)].map(([key, members]) => [
      key,
      fitGroup(
        cars,
        members,
        none,
        nation.beta,
        uniform(BASE_FEATURES, SHRINKAGE),
        nation.scale,
        makeWeights,
      ),
    ]),
  );
  const families = new Map(
    [...groupBy(cars, (car) => car.familyKey)].map(([key, members]) => {
      const make = makes.get(cars[members[0]!]!.makeKey)!;
      const trims = frequentTrims(cars, members);
      const p = BASE_FEATURES + trims.size;
      const prior = new Float64Array(p);
      prior.set(make.beta);
      return [
        key,
        fitGroup(cars, members, trims, prior, uniform(p, SHRINKAGE), make.scale, familyWeights),
      ] as const;
    }),
  );
  const placeOf = new Map(cars.map((car, at) => [car.id, at]));

  return {
    value(car) {
      // A car the market was fitted on is one of its make's and its family's cars: not its own comparable.
      const at = placeOf.get(car.id);
      const itself = at === undefined ? 0 : 1;
      const make = makes.get(car.makeKey);
      const family = families.get(car.familyKey);
      const familyCount = family ? family.count - itself : 0;
      const makeCount = make ? make.count - itself : 0;
      const level = familyCount >= MIN_COMPARABLES ? 'model' : 'make';
      const comparables = level === 'model' ? familyCount : makeCount;
      const scope = level === 'model' ? family! : make;
      const region = wideRegionOf(car.state);
      const inRegion = scope && region ? (scope.inRegion.get(region) ?? 0) - itself : 0;
      const area = inRegion >= MIN_COMPARABLES ? 'region' : 'nation';
      const fit = family ?? make;
      if (comparables < MIN_COMPARABLES || !fit)
        return { estimate: null, low: null, high: null, rating: 'none', comparables, family: level, area };
      const weight = at === undefined ? undefined : (family ? familyWeights : makeWeights)[at];
      const logEstimate = leaveOneOut(fit, car, weight);
      const estimate = dollars(logEstimate);
      return {
        estimate,
        low: dollars(logEstimate - RANGE_Z * fit.scale),
        high: dollars(logEstimate + RANGE_Z * fit.scale),
        rating: car.sold ? 'none' : dealRating(car.price, estimate),
        comparables,
        family: level,
        area,
      };
    },
  };
}

/**
 * The fit's log price of the car as if it were not in the fit: for a car of the fit, its prediction
 * less its share of its own residual, hᵢeᵢ/(1 − hᵢ), hᵢ = wᵢxᵢᵀ(XᵀWX + Λ)⁻¹xᵢ (exact for a
 * penalised weighted least-squares fit with the weights held).
 */
function leaveOneOut(fit: GroupFit, car: ObservedCar, weight: number | undefined): number {
  const x = features(fit.trims, car);
  const predicted = dot(x, fit.beta);
  if (weight === undefined) return predicted;
  const leverage = weight * dot(x, solve(fit.factor, x));
  const residual = Math.log(car.price) - predicted;
  return predicted - (leverage * residual) / (1 - leverage);
}

/** A log price as integer cents, rounded to whole dollars. */
const dollars = (logPrice: number) => Math.round(Math.exp(logPrice) / 100) * 100;
