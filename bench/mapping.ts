/**
 * The start's mapping of the cars posted before the vehicle catalogue (issue 46, ADR 43): what an
 * upgraded database's first start spends linking every car once (`mapCarsToCatalogue`, the cars
 * module's reference data, run before the server listens).
 *
 *   npm run bench:mapping [-- --cars 1m] [--runs 1] [--engine postgres|pglite] [--database-url URL]
 *
 * Each run writes a dataset of `--cars` cars as posted before the catalogue (`bench:data --unmapped`:
 * unlinked, a fifth in a seller's lower case) into a database of its own (the search's dataset is
 * left alone), then maps it as a start does, and maps again (a second start: nothing to do). Per
 * run: the wall time, the CPU of this process and of PostgreSQL's backends, the cars linked.
 */
import { mapCarsToCatalogue } from '../apps/server/src/modules/cars/car-names.ts';
import { backendCpuSeconds, generateDataset } from './data.ts';
import {
  countFlag,
  formatCount,
  isMain,
  machine,
  parseFlags,
  printMachine,
  printTable,
  round,
  saveResults,
  stringFlag,
} from './lib/cli.ts';
import { benchTarget, type Engine, openTarget, type Target } from './lib/database.ts';

interface MappingRun {
  cars: number;
  linked: number;
  seconds: number;
  cpuSeconds: { node: number; postgres: number | null };
  secondStartSeconds: number;
}

async function mapOnce(target: Target, cars: number, log: (line: string) => void): Promise<MappingRun> {
  await generateDataset({ target, cars, unmapped: true, log: () => {} });
  const { database, client } = await openTarget(target);
  try {
    const cpuBefore = process.cpuUsage();
    const pgBefore = await backendCpuSeconds(client);
    const started = performance.now();
    if (!(await mapCarsToCatalogue(database.db))) throw new Error('the mapping found no car to map');
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const pgAfter = await backendCpuSeconds(client);
    const again = performance.now();
    await mapCarsToCatalogue(database.db);
    const secondStartSeconds = (performance.now() - again) / 1000;
    const { rows } = await client.query('select count(*)::int as n from cars where make_id is not null');
    const run = {
      cars,
      linked: Number(rows[0]!.n),
      seconds: round(seconds, 1),
      cpuSeconds: {
        node: round((cpu.user + cpu.system) / 1e6, 1),
        postgres: pgBefore === null || pgAfter === null ? null : round(pgAfter - pgBefore, 1),
      },
      secondStartSeconds: round(secondStartSeconds, 2),
    };
    log(
      `mapped ${formatCount(cars)} cars in ${run.seconds} s (${Math.round(cars / seconds)} cars/s; CPU: Node ${run.cpuSeconds.node} s, PostgreSQL ${run.cpuSeconds.postgres ?? '?'} s); ${formatCount(run.linked)} linked; a second start ${run.secondStartSeconds} s`,
    );
    return run;
  } finally {
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  const flags = parseFlags();
  const engine = (stringFlag(flags, 'engine') ?? 'postgres') as Engine;
  const cars = countFlag(flags, 'cars', 1_000_000);
  const runs = countFlag(flags, 'runs', 1);
  const databaseUrl = stringFlag(flags, 'database-url');
  const target: Target =
    engine === 'postgres' && databaseUrl ? { engine, databaseUrl } : benchTarget(engine, cars);
  // Its own database: the mapping changes every car, which the search's dataset must not see.
  if (target.engine === 'postgres' && !databaseUrl)
    target.databaseUrl = target.databaseUrl.replace(/redline_bench_/, 'redline_bench_unmapped_');
  if (target.engine === 'pglite') target.dataDir = `${target.dataDir}-unmapped`;
  const m = machine();
  printMachine(m);
  console.log(`mapping benchmark: ${formatCount(cars)} cars on ${engine}, ${runs} run(s)`);
  const results: MappingRun[] = [];
  for (let run = 0; run < runs; run++) results.push(await mapOnce(target, cars, console.log));
  printTable(
    results.map((r, i) => ({
      run: i + 1,
      cars: formatCount(r.cars),
      seconds: r.seconds,
      'cars/s': Math.round(r.cars / r.seconds),
      'Node CPU s': r.cpuSeconds.node,
      'PostgreSQL CPU s': r.cpuSeconds.postgres ?? '',
      'second start s': r.secondStartSeconds,
    })),
  );
  console.log(`\nsaved ${saveResults('mapping', { machine: m, runs: results })}`);
}
