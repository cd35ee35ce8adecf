/**
 * A generated market with a known price function (docs/market-value.md): makes and model families of
 * uneven popularity, each price their family's level, less depreciation by age and mileage, less a
 * branded title and previous owners, more a manual gearbox, four-wheel drive, a trim and the region's
 * level, times log-normal noise. The model's tests and the benchmark (bench/market-value.ts) fit it.
 */
import { seeded } from '@redline/demo-art/random';
import type { Drivetrain, TitleStatus, Transmission } from '@redline/shared';
import type { ObservedCar } from '../src/modules/market-value/market-value-model.ts';

/** The spread of asking prices around the price function (standard deviation of log price); sold prices vary less. */
export const ASKING_NOISE = 0.08;
const SOLD_NOISE = 0.05;
/** A sold car went for this share of what the same car is asked for. */
const SOLD_DISCOUNT = 0.96;
const NOW_YEAR = 2026;
/** One state of each wider region, with its price level. */
const STATES: readonly [state: string, level: number][] = [
  ['CA', 0.04],
  ['NY', 0.02],
  ['TX', -0.02],
  ['OH', -0.03],
];
const TITLE_LEVELS: Record<TitleStatus, number> = { Clean: 0, Salvage: -0.35, Rebuilt: -0.25, Lemon: -0.4 };
const TRIMS: readonly [trim: string | null, level: number][] = [
  [null, 0],
  ['Sport', 0.12],
  ['Track', 0.3],
];

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const pick = <T>(random: () => number, values: readonly T[]) => values[Math.floor(random() * values.length)]!;

interface Family {
  makeKey: string;
  familyKey: string;
  logLevel: number;
  depreciation: number;
  kmElasticity: number;
  hasTrims: boolean;
}

/**
 * `count` cars of `makes` makes with `familiesPerMake` model families each; a family's share of the
 * cars falls with its rank (Zipf), so that some have hundreds of comparables and some a handful.
 * About `soldShare` of them are sold. A family's log price level is its make's plus a normal one of
 * standard deviation `familySpread`.
 */
export function generatedMarket(
  count: number,
  { seed = 1, makes = 8, familiesPerMake = 6, soldShare = 0.3, familySpread = 0.4 } = {},
): ObservedCar[] {
  const random = seeded(seed);
  const families: Family[] = [];
  for (let make = 0; make < makes; make++) {
    const makeLevel = Math.log(20_000_00) + random() * 2.5;
    const depreciation = 0.04 + random() * 0.1;
    for (let family = 0; family < familiesPerMake; family++)
      families.push({
        makeKey: `make-${make}`,
        familyKey: `make-${make}/model-${family}`,
        logLevel: makeLevel + normal(random) * familySpread,
        depreciation: depreciation + normal(random) * 0.01,
        kmElasticity: 0.12 + random() * 0.12,
        hasTrims: random() < 0.5,
      });
  }
  const shares = families.map((_, rank) => 1 / (1 + ((rank * 7) % families.length)));
  const total = shares.reduce((a, b) => a + b, 0);
  const cumulative = shares.map(
    (
      (sum) => (share) =>
        (sum += share / total)
    )(0),
  );
  return Array.from({ length: count }, (_, i) => {
    const draw = random();
    const family = families[cumulative.findIndex((edge) => draw < edge)] ?? families.at(-1)!;
    const age = Math.floor(random() * 20);
    const kmDriven = Math.round(age * (5_000 + random() * 15_000) + random() * 5_000);
    const titleStatus: TitleStatus | null =
      random() < 0.9
        ? pick(random, ['Clean', null] as const)
        : pick(random, ['Salvage', 'Rebuilt', 'Lemon'] as const);
    const previousOwners = Math.min(5, Math.floor(random() * (1 + age / 4)));
    const transmission: Transmission = random() < 0.2 ? 'Manual' : 'Automatic';
    const drivetrain: Drivetrain = random() < 0.3 ? 'AWD' : 'RWD';
    const [state, regionLevel] = pick(random, STATES);
    const [trim, trimLevel] = family.hasTrims ? pick(random, TRIMS) : [null, 0];
    const sold = random() < soldShare;
    const logPrice =
      family.logLevel -
      family.depreciation * age -
      family.kmElasticity * Math.log((kmDriven + 5_000) / 65_000) +
      TITLE_LEVELS[titleStatus ?? 'Clean'] -
      0.03 * Math.max(0, previousOwners - 1) +
      (transmission === 'Manual' ? 0.05 : 0) +
      (drivetrain === 'AWD' ? 0.04 : 0) +
      trimLevel +
      regionLevel +
      (sold ? Math.log(SOLD_DISCOUNT) + normal(random) * SOLD_NOISE : normal(random) * ASKING_NOISE);
    return {
      id: `car-${i}`,
      makeKey: family.makeKey,
      familyKey: family.familyKey,
      trim,
      year: NOW_YEAR - age,
      kmDriven,
      price: Math.max(100_00, Math.round(Math.exp(logPrice))),
      sold,
      seenYear: NOW_YEAR,
      titleStatus,
      previousOwners,
      transmission,
      drivetrain,
      state,
    };
  });
}
