/**
 * HTTP benchmark: `npm run bench:api [-- --quick] [--engine pglite|postgres] [--cars 100k]
 * [--connections 64] [--seconds 10] [--fresh] [--only category-page,car-by-id]`.
 *
 * For each engine it generates (or reuses) a dataset, starts Redline in production mode on it, signs
 * buyers in, and measures every scenario with autocannon on loopback, each one back to back against
 * three servers: Redline, the constant ceiling (the same response bytes from memory) and the
 * raw-query ceiling (the same SQL through the same driver, nothing else). The ratios to the
 * ceilings are the figures that hold on a noisy machine.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CapturedResponse, VOLATILE_HEADERS } from './ceilings/captured.ts';
import {
  countFlag,
  describeLoad,
  formatCount,
  isMain,
  loadNow,
  machine,
  parseFlags,
  printMachine,
  printTable,
  round,
  saveResults,
  stringFlag,
  WORK_DIR,
} from './lib/cli.ts';
import { benchTarget, type Engine, targetEnv } from './lib/database.ts';
import {
  type DatasetInfo,
  ensureDataset,
  type LoadInputs,
  loadInputs,
  removeLoadBookings,
} from './lib/dataset.ts';
import {
  LOAD_BOOKING_PHONE,
  type LoadResult,
  runLoad,
  SCENARIOS,
  type Scenario,
  type ScenarioInputs,
} from './lib/load.ts';
import { cpuTimes, type Running, startProcess, startRedline, watchRss } from './lib/processes.ts';
import { signInBuyers } from './lib/sessions.ts';

export interface ApiOptions {
  engines: Engine[];
  cars: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  fresh: boolean;
  /** Scenario keys to run (all when empty). */
  only: string[];
}

interface Measured extends LoadResult {
  peakRssMiB: number;
  load1: number;
  /**
   * CPU time a request (ms, user and system, from the measured load's start to its end): of the
   * server's processes, and of this machine's PostgreSQL. Unlike throughput, it hardly moves with
   * what else the machine runs, so it compares two commits on a busy machine.
   */
  cpuMs: { server: number; postgres: number };
}

export interface ScenarioRow {
  scenario: string;
  title: string;
  databaseBacked: boolean;
  redline: Measured;
  constant: Measured;
  raw?: Measured;
  ofConstant: number;
  ofRaw?: number;
}

export interface EngineResult {
  engine: Engine;
  dataset: DatasetInfo;
  startMs: number;
  idleRssMiB: number;
  rows: ScenarioRow[];
}

async function capture(
  baseUrl: string,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string },
  pattern: string,
  conditional = false,
): Promise<CapturedResponse & { text: string }> {
  const res = await fetch(baseUrl + request.path, {
    method: request.method,
    // As the load asks (autocannon sends no Accept-Encoding): the bytes the ceiling replays are the ones Redline sends it.
    headers: { 'accept-encoding': 'identity', ...request.headers },
    body: request.body,
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (!VOLATILE_HEADERS.includes(key)) headers[key] = value;
  });
  return {
    method: request.method,
    pattern,
    conditional,
    status: res.status,
    headers,
    body: buffer.toString('base64'),
    text: buffer.toString('utf8'),
  };
}

/** One reference response per route, from Redline itself: what the constant ceiling answers. */
async function captureResponses(baseUrl: string, inputs: ScenarioInputs) {
  const signed = { cookie: inputs.sessions[0]!.cookie, origin: baseUrl };
  const categories = await capture(baseUrl, { method: 'GET', path: '/api/categories' }, '^/api/categories$');
  const advertise = await capture(baseUrl, { method: 'GET', path: '/api/advertise' }, '^/api/advertise$');
  const responses = [categories, advertise];
  for (const [key, response] of [
    ['categories', categories],
    ['advertise', advertise],
  ] as const) {
    const etag = response.headers.etag;
    if (!etag) continue;
    inputs.etags[key] = etag;
    const path = key === 'categories' ? '/api/categories' : '/api/advertise';
    responses.push(
      await capture(baseUrl, { method: 'GET', path, headers: { 'if-none-match': etag } }, `^${path}$`, true),
    );
  }
  responses.push(
    await capture(
      baseUrl,
      { method: 'GET', path: `/api/cars/${inputs.categoryId}`, headers: signed },
      '^/api/cars/[^/]+$',
    ),
    await capture(
      baseUrl,
      { method: 'GET', path: `/api/cars/id/${inputs.carIds[0]}`, headers: signed },
      '^/api/cars/id/',
    ),
  );
  responses.push(
    await capture(
      baseUrl,
      {
        method: 'POST',
        path: '/api/listing-activity',
        headers: { ...signed, 'content-type': 'application/json' },
        body: JSON.stringify({ viewed: inputs.carIds[0] }),
      },
      '^/api/listing-activity$',
    ),
  );
  const booked = await capture(
    baseUrl,
    {
      method: 'POST',
      path: '/api/testdrivebooking',
      headers: { ...signed, 'content-type': 'application/json' },
      body: JSON.stringify({
        carId: inputs.bookableCarIds[0],
        phone: LOAD_BOOKING_PHONE,
        city: 'Miami',
        date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        time: '11:00',
      }),
    },
    '^/api/testdrivebooking$',
  );
  responses.push(booked);
  if (booked.status === 201) {
    const id = (JSON.parse(booked.text) as { id: string }).id;
    responses.push(
      await capture(
        baseUrl,
        { method: 'DELETE', path: `/api/testdrivebooking/${id}`, headers: signed },
        '^/api/testdrivebooking/',
      ),
    );
  }
  for (const r of responses) {
    if (r.status >= 400)
      throw new Error(`${r.method} ${r.pattern} answered ${r.status}: ${r.text.slice(0, 300)}`);
  }
  return responses.map(({ text: _text, ...r }) => r);
}

/** Captures Redline's reference responses into a file the constant ceiling reads; returns its path. */
export async function saveResponses(name: string, baseUrl: string, inputs: ScenarioInputs): Promise<string> {
  const responses = await captureResponses(baseUrl, inputs);
  await mkdir(WORK_DIR, { recursive: true });
  const file = path.join(WORK_DIR, `responses-${name}.json`);
  await writeFile(file, JSON.stringify(responses));
  return file;
}

/**
 * Waits until the server has worked off what a previous run left queued (autocannon stops sending,
 * but a slow server still holds queued requests): the health check, which asks the database too,
 * must answer quickly three times in a row.
 */
export async function settle(server: Running, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    try {
      await fetch(`${server.baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(30_000) });
    } catch {
      // a ceiling server has no health route: it answers 404 quickly, which is all we need
    }
    quick = performance.now() - started < 100 ? quick + 1 : 0;
    if (quick < 3) await new Promise((r) => setTimeout(r, 200));
  }
}

/** A warm-up run (not recorded), then the measured run with the server's memory watched. */
export async function measure(
  server: Running,
  scenario: Scenario,
  inputs: ScenarioInputs,
  options: { connections: number; seconds: number; warmupSeconds: number },
): Promise<Measured> {
  await settle(server);
  if (options.warmupSeconds > 0) {
    await runLoad(
      server.baseUrl,
      scenario,
      { ...inputs, sessions: inputs.warmupSessions ?? inputs.sessions },
      {
        connections: options.connections,
        seconds: options.warmupSeconds,
      },
    );
    await settle(server);
  }
  const rss = watchRss(server.pid);
  const cpuBefore = cpuTimes(server.pid);
  const result = await runLoad(server.baseUrl, scenario, inputs, {
    connections: options.connections,
    seconds: options.seconds,
  });
  const cpuAfter = cpuTimes(server.pid);
  const peakRssMiB = rss.stop();
  await settle(server);
  const perRequest = (of: 'group' | 'postgres') =>
    round((cpuAfter[of] - cpuBefore[of]) / Math.max(1, result.requests), 3);
  return {
    ...result,
    peakRssMiB,
    load1: loadNow()[0],
    cpuMs: { server: perRequest('group'), postgres: perRequest('postgres') },
  };
}

export async function benchEngine(
  engine: Engine,
  options: ApiOptions,
  log = console.log,
): Promise<EngineResult> {
  log(`\n=== ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${formatCount(options.cars)} cars ===`);
  const target = benchTarget(engine, options.cars);
  const dataset = await ensureDataset(target, options.cars, { fresh: options.fresh, log });
  await removeLoadBookings(target);
  const buyerCount = Math.min(options.connections, 64);
  // Twice as many buyers as connections: one half for the measured runs, the other for the warm-ups.
  const found: LoadInputs = await loadInputs(target, 2 * buyerCount);

  // A PGlite directory opens in one process at a time: the raw-query ceiling reads a copy.
  let rawEnv: Record<string, string>;
  if (target.engine === 'pglite') {
    const copy = path.join(WORK_DIR, `raw-copy-${engine}`);
    await rm(copy, { recursive: true, force: true });
    await cp(path.join(target.dataDir, 'db'), copy, { recursive: true });
    rawEnv = { BENCH_ENGINE: 'pglite', BENCH_PGLITE_DIR: copy };
  } else {
    rawEnv = { BENCH_ENGINE: 'postgres', DATABASE_URL: target.databaseUrl };
  }

  const servers: Running[] = [];
  try {
    const redline = await startRedline(`redline-${engine}`, targetEnv(target));
    servers.push(redline);
    log(`Redline started and answered GET /api/categories in ${redline.startMs} ms`);
    const idleRssMiB = watchRss(redline.pid).stop();

    const sessions = await signInBuyers(redline.baseUrl, found.buyers);
    const inputs: ScenarioInputs = {
      categoryId: found.categoryId,
      carIds: found.carIds,
      bookableCarIds: found.bookableCarIds,
      sessions: sessions.slice(0, buyerCount),
      warmupSessions: sessions.slice(buyerCount),
      etags: {},
    };
    const responsesFile = await saveResponses(engine, redline.baseUrl, inputs);

    const constant = await startProcess({
      name: `constant-${engine}`,
      script: 'bench/ceilings/constant-server.ts',
      readyPath: '/api/categories',
      env: { BENCH_RESPONSES: responsesFile },
    });
    servers.push(constant);
    const raw = await startProcess({
      name: `raw-${engine}`,
      script: 'bench/ceilings/raw-query-server.ts',
      readyPath: '/api/categories',
      env: {
        ...rawEnv,
        BENCH_EXAMPLE: JSON.stringify(found.example),
        BENCH_BUYER_IDS: JSON.stringify(found.buyers.map((b) => b.id)),
      },
    });
    servers.push(raw);

    const rows: ScenarioRow[] = [];
    for (const scenario of SCENARIOS) {
      if (options.only.length > 0 && !options.only.includes(scenario.key)) continue;
      if (scenario.revalidates && !inputs.etags[scenario.revalidates]) {
        log(`${scenario.key}: skipped (Redline sends no ETag for it)`);
        continue;
      }
      log(`${scenario.key}: ${describeLoad(loadNow())}`);
      const app = await measure(redline, scenario, inputs, options);
      const ceiling = await measure(constant, scenario, inputs, options);
      const rawResult = scenario.databaseBacked ? await measure(raw, scenario, inputs, options) : undefined;
      rows.push({
        scenario: scenario.key,
        title: scenario.title,
        databaseBacked: scenario.databaseBacked,
        redline: app,
        constant: ceiling,
        raw: rawResult,
        ofConstant: round((app.rps / Math.max(1, ceiling.rps)) * 100, 1),
        ofRaw: rawResult ? round((app.rps / Math.max(1, rawResult.rps)) * 100, 1) : undefined,
      });
    }
    return { engine, dataset, startMs: redline.startMs, idleRssMiB, rows };
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

/** What each target asks, and whether this row meets it. */
export function verdict(engine: Engine, row: ScenarioRow, connections: number): string {
  const notes: string[] = [];
  if (row.scenario === 'categories' || row.scenario === 'advertise') {
    notes.push(`${row.ofConstant >= 60 ? 'met' : 'MISSED'} ≥60% of constant`);
  }
  if (row.databaseBacked) {
    if (engine === 'postgres' && row.ofRaw !== undefined) {
      notes.push(`${row.ofRaw >= 80 ? 'met' : 'MISSED'} ≥80% of raw`);
    }
    if (connections === 64) {
      notes.push(`${row.redline.requests > 0 && row.redline.p99 < 25 ? 'met' : 'MISSED'} p99<25ms`);
    }
  }
  if (row.redline.requests === 0) notes.push('NO REQUEST COMPLETED in the run');
  if (row.redline.errors > 0) notes.push(`${row.redline.errors} errors`);
  return notes.join('; ');
}

export function printEngine(result: EngineResult, connections: number) {
  console.log(
    `\n${result.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${formatCount(result.dataset.cars)} cars, ${connections} connections; start-up to first answer ${result.startMs} ms (target ≤3000: ${result.startMs <= 3000 ? 'met' : 'MISSED'}); idle RSS ${result.idleRssMiB} MiB`,
  );
  printTable(
    result.rows.map((r) => ({
      scenario: r.scenario,
      'req/s': r.redline.rps,
      'p50 ms': r.redline.p50,
      'p99 ms': r.redline.p99,
      errors: r.redline.errors,
      'RSS MiB': r.redline.peakRssMiB,
      'constant req/s': r.constant.rps,
      '% of constant': r.ofConstant,
      'raw req/s': r.raw?.rps ?? '',
      '% of raw': r.ofRaw ?? '',
      'raw p99': r.raw?.p99 ?? '',
      'CPU ms/req': `${r.redline.cpuMs.server} + PG ${r.redline.cpuMs.postgres}`,
      'raw CPU ms/req': r.raw ? `${r.raw.cpuMs.server} + PG ${r.raw.cpuMs.postgres}` : '',
      load: r.redline.load1,
      targets: verdict(result.engine, r, connections),
    })),
  );
}

export function apiOptions(flags: ReturnType<typeof parseFlags>): ApiOptions {
  const quick = flags.quick === true;
  const engine = stringFlag(flags, 'engine');
  return {
    engines: engine === 'pglite' || engine === 'postgres' ? [engine] : ['pglite', 'postgres'],
    cars: countFlag(flags, 'cars', quick ? 10_000 : 100_000),
    connections: countFlag(flags, 'connections', 64),
    seconds: countFlag(flags, 'seconds', quick ? 3 : 10),
    warmupSeconds: quick ? 1 : 3,
    fresh: flags.fresh === true,
    only: (stringFlag(flags, 'only') ?? '').split(',').filter(Boolean),
  };
}

async function main() {
  const options = apiOptions(parseFlags());
  const m = machine();
  printMachine(m);
  const results: EngineResult[] = [];
  for (const engine of options.engines) results.push(await benchEngine(engine, options));
  const after = loadNow();
  console.log(`\nmachine after the run: ${describeLoad(after)}`);
  for (const r of results) printEngine(r, options.connections);
  const file = saveResults('api', { machine: m, loadAfter: after, options, results });
  console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
