/**
 * Market value benchmark: `npm run bench:market-value [-- --cars 20k] [--makes 40] [--families 8]
 * [--seed 1]`, or `npm run bench:market-value -- --refit 1m [--runs 3]` (docs/market-value.md).
 *
 * A generated market with a known price function and noise (apps/server/test/market-value-cars.ts),
 * `makes` makes of `families` model families each, of uneven popularity; one car for sale in five
 * is held out, the model fitted on the rest, and each held-out car valued. Printed: the median
 * absolute percentage error of the estimate against the car's asking price, overall and by how many
 * comparables the car had, how many of them were valued by their make, the share whose price falls
 * within their range, the time of the fit, and that of a refit's work in memory (every car fitted,
 * every car for sale valued; no database).
 *
 * With `--refit`, the job's whole refit instead, database included, on the search benchmark's
 * PostgreSQL dataset of that size (bench:search generates it; opening it runs the migrations): the
 * time to read every car, and that of the whole refit (read, fit, value, write every value, drop the
 * values of cars gone), `runs` times, with the process's peak memory.
 */
import { allCars } from '../apps/server/src/modules/market-value/market-value.repository.ts';
import { refitMarketValues } from '../apps/server/src/modules/market-value/market-value.service.ts';
import { fitMarket } from '../apps/server/src/modules/market-value/market-value-model.ts';
import { generatedMarket } from '../apps/server/test/market-value-cars.ts';
import {
  countFlag,
  formatCount,
  loadNow,
  machine,
  parseFlags,
  printMachine,
  printTable,
  round,
  saveResults,
  stringFlag,
} from './lib/cli.ts';
import { benchTarget, describeTarget, openTarget } from './lib/database.ts';

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

/** The refit as the job runs it, on a bench database of `cars` cars: timed `runs` times. */
async function refitOnDatabase(cars: number, runs: number) {
  const target = benchTarget('postgres', cars);
  const { database, client } = await openTarget(target);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  try {
    const { rows } = await client.query('select count(*)::int as cars from cars');
    if (Number(rows[0]?.cars) !== cars) {
      throw new Error(
        `${describeTarget(target)} holds ${rows[0]?.cars} cars, not ${cars}: run bench:search --cars ${formatCount(cars)} first`,
      );
    }
    console.log(`refit on ${describeTarget(target)}: ${formatCount(cars)} cars`);
    const results: {
      run: number;
      valued: number;
      'refit ms': number;
      'MB before': number;
      'peak MB': number;
      read: number;
      'read ms': number;
      load: string;
    }[] = [];
    for (let run = 1; run <= runs; run++) {
      peakRss = process.memoryUsage().rss;
      const beforeMb = Math.round(peakRss / 2 ** 20);
      const started = performance.now();
      const valued = await refitMarketValues(database.db);
      const refitMs = performance.now() - started;
      const refitPeakMb = Math.round(peakRss / 2 ** 20);
      const readStarted = performance.now();
      const read = (await allCars(database.db, (car) => car.id)).length;
      const readMs = performance.now() - readStarted;
      results.push({
        run,
        valued,
        'refit ms': Math.round(refitMs),
        'MB before': beforeMb,
        'peak MB': refitPeakMb,
        read,
        'read ms': Math.round(readMs),
        load: loadNow().join(' '),
      });
      printTable([results.at(-1)!]);
    }
    const median = (key: 'read ms' | 'refit ms') =>
      results.map((r) => r[key]).toSorted((a, b) => a - b)[results.length >> 1]!;
    const summary = {
      cars,
      runs: results,
      medianReadMs: median('read ms'),
      medianRefitMs: median('refit ms'),
      peakRssMb: Math.max(...results.map((r) => r['peak MB'])),
    };
    console.log(
      `\nmedian read ${summary.medianReadMs} ms, median refit ${summary.medianRefitMs} ms over ${runs} runs; the process's peak memory during a refit ${summary.peakRssMb} MB`,
    );
    return summary;
  } finally {
    clearInterval(sampler);
    await database.close();
  }
}

const flags = parseFlags();
const m = machine();
printMachine(m);
if (stringFlag(flags, 'refit') !== undefined) {
  const refit = await refitOnDatabase(countFlag(flags, 'refit', 0), countFlag(flags, 'runs', 3));
  console.log(
    `results: ${saveResults(`market-value-refit-${formatCount(refit.cars).toLowerCase()}`, { machine: m, refit })}`,
  );
} else {
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
}
