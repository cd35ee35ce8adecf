/**
 * Growth curve: `npm run bench:scale [-- --quick] [--engine pglite|postgres] [--sizes 10k,100k,1m]
 * [--connections 16] [--seconds 10] [--fresh]`.
 *
 * For each size it measures the signed-in reads (a category's first page, a car by id) over HTTP
 * against Redline, and the database time of each scenario's statement on its own.
 */
import path from 'node:path';
import { measure } from './api.ts';
import {
  countFlag,
  describeLoad,
  formatCount,
  isMain,
  loadNow,
  machine,
  parseCount,
  parseFlags,
  printMachine,
  printTable,
  round,
  saveResults,
  stringFlag,
} from './lib/cli.ts';
import { benchTarget, type Engine, type Target, targetEnv } from './lib/database.ts';
import { ensureDataset, loadInputs } from './lib/dataset.ts';
import { SCENARIOS, type ScenarioInputs } from './lib/load.ts';
import { startRedline } from './lib/processes.ts';
import { signInUsers } from './lib/sessions.ts';
import { type StatementTiming, timeStatements } from './lib/sql-timing.ts';

const HTTP_SCENARIOS = SCENARIOS.filter((s) => s.key === 'category-page' || s.key === 'car-by-id');

export interface ScalePoint {
  engine: Engine;
  cars: number;
  startMs: number;
  load1: number;
  http: Record<string, { rps: number; p50: number; p99: number; errors: number }>;
  sql: Record<string, StatementTiming>;
}

interface ScaleOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  fresh: boolean;
}

async function measurePoint(
  engine: Engine,
  target: Target,
  cars: number,
  options: ScaleOptions,
): Promise<ScalePoint> {
  const found = await loadInputs(target, options.connections);
  const sql = await timeStatements(target, found);
  const redline = await startRedline(`scale-${engine}-${formatCount(cars)}`, targetEnv(target));
  try {
    const inputs: ScenarioInputs = {
      categoryId: found.categoryId,
      carIds: found.carIds,
      bookableCarIds: found.bookableCarIds,
      sessions: await signInUsers(redline.baseUrl, found.buyers),
      etags: {},
      senders: [],
      posters: [],
      payments: { items: [], taken: 0 },
    };
    const http: ScalePoint['http'] = {};
    for (const scenario of HTTP_SCENARIOS) {
      const r = await measure(redline, scenario, inputs, {
        connections: options.connections,
        seconds: options.seconds,
        warmupSeconds: options.warmupSeconds,
      });
      http[scenario.key] = { rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors };
    }
    return { engine, cars, startMs: redline.startMs, load1: loadNow()[0], http, sql };
  } finally {
    await redline.stop();
  }
}

export function sizesFor(engine: Engine, flags: ReturnType<typeof parseFlags>): number[] {
  const given = stringFlag(flags, 'sizes');
  if (given) return given.split(',').map(parseCount);
  if (flags.quick === true) return [2_000, 20_000];
  return engine === 'postgres' ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
}

export async function benchScale(engines: Engine[], flags: ReturnType<typeof parseFlags>, log = console.log) {
  const quick = flags.quick === true;
  const options: ScaleOptions = {
    connections: countFlag(flags, 'connections', 16),
    seconds: countFlag(flags, 'seconds', quick ? 3 : 10),
    warmupSeconds: quick ? 1 : 3,
    fresh: flags.fresh === true,
  };
  const points: ScalePoint[] = [];
  for (const engine of engines) {
    for (const cars of sizesFor(engine, flags)) {
      log(`\n=== ${engine}, ${formatCount(cars)} cars: ${describeLoad(loadNow())} ===`);
      const target = benchTarget(engine, cars);
      await ensureDataset(target, cars, { fresh: options.fresh, log });
      points.push(await measurePoint(engine, target, cars, options));
    }
  }
  return { options, points };
}

/** p99 at the largest size over p99 at the smallest, per engine and scenario. */
export function growth(points: ScalePoint[]) {
  const rows: Record<string, string | number>[] = [];
  const groups = new Map<string, ScalePoint[]>();
  for (const p of points) {
    const key = p.engine;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  for (const [key, list] of groups) {
    const sorted = [...list].sort((a, b) => a.cars - b.cars);
    const small = sorted[0]!;
    const large = sorted[sorted.length - 1]!;
    if (small === large) continue;
    for (const scenario of Object.keys(small.http)) {
      const httpRatio = round(large.http[scenario]!.p99 / small.http[scenario]!.p99, 2);
      const sqlRatio = round(large.sql[scenario]!.medianMs / small.sql[scenario]!.medianMs, 2);
      rows.push({
        engine: key,
        scenario,
        sizes: `${formatCount(small.cars)} → ${formatCount(large.cars)}`,
        'HTTP p99 ×': httpRatio,
        'SQL median ×': sqlRatio,
        'target ≤1.5×': httpRatio <= 1.5 ? 'met' : 'MISSED',
      });
    }
  }
  return rows;
}

export function printScale(points: ScalePoint[]) {
  printTable(
    points.flatMap((p) =>
      Object.entries(p.http).map(([scenario, h]) => ({
        engine: p.engine,
        cars: formatCount(p.cars),
        scenario,
        'req/s': h.rps,
        'p50 ms': h.p50,
        'p99 ms': h.p99,
        errors: h.errors,
        'SQL median ms': p.sql[scenario]!.medianMs,
        'SQL p95 ms': p.sql[scenario]!.p95Ms,
        'start ms': p.startMs,
        load: p.load1,
      })),
    ),
  );
  console.log('\nadvertise statement (served from the cache over HTTP), database time:');
  printTable(
    points.map((p) => ({
      engine: p.engine,
      cars: formatCount(p.cars),
      'SQL median ms': p.sql.advertise!.medianMs,
      'SQL p95 ms': p.sql.advertise!.p95Ms,
    })),
  );
  console.log('\ngrowth:');
  printTable(growth(points));
}

async function main() {
  const flags = parseFlags();
  const engine = stringFlag(flags, 'engine');
  const engines: Engine[] = engine === 'pglite' || engine === 'postgres' ? [engine] : ['pglite', 'postgres'];
  const m = machine();
  printMachine(m);
  const result = await benchScale(engines, flags);
  console.log(`\nmachine after the run: ${describeLoad(loadNow())}`);
  printScale(result.points);
  const file = saveResults('scale', { machine: m, loadAfter: loadNow(), ...result });
  console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
