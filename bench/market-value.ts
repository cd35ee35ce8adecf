/**
 * Market value benchmark: `npm run bench:market-value [-- --cars 20k] [--makes 40] [--families 8]
 * [--seed 1]` (docs/market-value.md).
 *
 * A generated market with a known price function and noise (apps/server/test/market-value-cars.ts),
 * `makes` makes of `families` model families each, of uneven popularity; one car for sale in five
 * is held out, the model fitted on the rest, and each held-out car valued. Printed: the median
 * absolute percentage error of the estimate against the car's asking price, overall and by how many
 * comparables the car had, how many of them were valued by their make, the share whose price falls
 * within their range, the time of the fit, and that of a refit's work in memory (every car fitted,
 * every car for sale valued; no database).
 */
import { fitMarket } from '../apps/server/src/modules/market-value/market-value-model.ts';
import { generatedMarket } from '../apps/server/test/market-value-cars.ts';
import {
  countFlag,
  machine,
  parseFlags,
  printMachine,
  printTable,
  round,
  saveResults,
  stringFlag,
} from './lib/cli.ts';

/** The buckets of comparables the error is measured by. */
const BUCKETS: readonly [from: number, to: number][] = [
  [5, 9],
  [10, 19],
  [20, 49],
  [50, 199],
  [200, Number.POSITIVE_INFINITY],
];

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1] ?? Number.NaN;
const percent = (share: number) => `${round(share * 100, 1)} %`;

function heldOutError(count: number, options: { seed: number; makes: number; familiesPerMake: number }) {
  const cars = generatedMarket(count, options);
  const heldOut = cars.filter((car, i) => !car.sold && i % 5 === 0);
  const held = new Set(heldOut);
  const started = performance.now();
  const market = fitMarket(cars.filter((car) => !held.has(car)));
  const fitMs = performance.now() - started;
  const valued = heldOut.map((car) => ({ car, value: market.value(car) }));
  const rows = BUCKETS.map(([from, to]) => {
    const inBucket = valued.filter(({ value }) => value.comparables >= from && value.comparables <= to);
    const errors = inBucket.flatMap(({ car, value }) =>
      value.estimate === null ? [] : [Math.abs(value.estimate - car.price) / car.price],
    );
    const inRange = inBucket.filter(
      ({ car, value }) => value.low !== null && value.low <= car.price && car.price <= value.high!,
    ).length;
    return {
      comparables: Number.isFinite(to) ? `${from}–${to}` : `${from}+`,
      cars: inBucket.length,
      'by make': inBucket.filter(({ value }) => value.family === 'make').length,
      'median error': errors.length ? percent(median(errors)) : '–',
      'price in range': inBucket.length ? percent(inRange / inBucket.length) : '–',
    };
  });
  const errors = valued.flatMap(({ car, value }) =>
    value.estimate === null ? [] : [Math.abs(value.estimate - car.price) / car.price],
  );
  // The refit's work in memory: every car fitted, every car for sale valued.
  const refitStarted = performance.now();
  const refitted = fitMarket(cars);
  for (const car of cars) if (!car.sold) refitted.value(car);
  const refitMs = performance.now() - refitStarted;
  return {
    cars: count,
    refitMs: Math.round(refitMs),
    heldOut: heldOut.length,
    notEnoughData: valued.filter(({ value }) => value.estimate === null).length,
    medianError: median(errors),
    fitMs: Math.round(fitMs),
    buckets: rows,
  };
}

const flags = parseFlags();
const m = machine();
printMachine(m);
const held = heldOutError(countFlag(flags, 'cars', 20_000), {
  seed: Number(stringFlag(flags, 'seed') ?? 1),
  makes: Number(stringFlag(flags, 'makes') ?? 40),
  familiesPerMake: Number(stringFlag(flags, 'families') ?? 8),
});
console.log(
  `\nheld-out cars: ${held.heldOut} of ${held.cars} generated; median error ${percent(held.medianError)}; ` +
    `not enough data ${held.notEnoughData}; fit ${held.fitMs} ms; ` +
    `a refit in memory (all ${held.cars} fitted, those for sale valued) ${held.refitMs} ms`,
);
printTable(held.buckets);
console.log(`\nresults: ${saveResults('market-value', { machine: m, held })}`);
