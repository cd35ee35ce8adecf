/**
 * HTTP benchmark: `npm run bench:api [-- --quick] [--engine pglite|postgres] [--cars 100k]
 * [--connections 64] [--seconds 10] [--runs 3] [--instances N] [--fresh] [--only category-page,car-by-id]`.
 *
 * For each engine it generates (or reuses) a dataset, starts Redline in production mode on it, signs
 * buyers in, and measures every scenario with autocannon on loopback, `--runs` times, each run back
 * to back against the servers it is compared with: Redline, the constant ceiling (the same response
 * bytes from memory, bare node:http), Fastify's hello-world answering the same bytes (for the
 * answers that need no database) and the raw-query ceiling (the same SQL through the same driver,
 * nothing else). The ratios to the ceilings, run by run, are the figures that hold on a noisy
 * machine; issue 50's targets (targets.ts) are judged on their median. `--instances N` runs Redline as N
 * instances behind nginx (lib/instances.ts), the ceilings as before: how throughput scales with instances.
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
  removeLoadWrites,
} from './lib/dataset.ts';
import { type Deferred, DeferredJobs } from './lib/deferred-jobs.ts';
import { startRedlineInstances } from './lib/instances.ts';
import {
  LOAD_BOOKING_PHONE,
  LOAD_MESSAGE_BODY,
  type LoadResult,
  loadCar,
  runLoad,
  SCENARIOS,
  type Scenario,
  type ScenarioInputs,
} from './lib/load.ts';
import { cpuTimes, type Running, startProcess, watchRss } from './lib/processes.ts';
import { createSessions, signInUsers } from './lib/sessions.ts';
import { spreadOf, targetRows } from './targets.ts';

export interface ApiOptions {
  engines: Engine[];
  cars: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Runs of each scenario, each against Redline and its ceilings in turn. */
  runs: number;
  /** Redline as this many instances behind nginx; 0: one instance, answering the load itself. */
  instances: number;
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
  /**
   * Redline's runs on PostgreSQL: the jobs its writes (the warm-up's and the run's) left waiting,
   * waited out after the run, and their CPU a request, beyond the idle rate (lib/deferred-jobs.ts).
   */
  deferred?: Deferred;
}

/** One run of a scenario: Redline, then each server it is compared with, back to back. */
export interface ScenarioRun {
  redline: Measured;
  constant: Measured;
  /** For the answers that need no database. */
  fastify?: Measured;
  /** For the database-backed ones. */
  raw?: Measured;
}

export interface ScenarioRow {
  scenario: string;
  title: string;
  databaseBacked: boolean;
  runs: ScenarioRun[];
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

/** The paths of the answers the revalidation scenarios ask for again with their ETag (`Scenario.revalidates`). */
const REVALIDATED_PATHS: Record<string, string> = {
  categories: '/api/categories',
  advertise: '/api/advertise',
};

/**
 * The ETag of the answer at `path` now. Read again right before each run of a revalidation: the
 * answer changes with its data (another benchmark on the same database may post, sell or regenerate
 * cars meanwhile), and a run sending an older ETag measures full answers instead of 304s.
 */
async function currentEtag(baseUrl: string, path: string): Promise<string | undefined> {
  const res = await fetch(baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
  await res.arrayBuffer();
  return res.headers.get('etag') ?? undefined;
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
    const path = REVALIDATED_PATHS[key]!;
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
  /** A signed-in POST of JSON. */
  const post = (path: string, cookie: string, body: unknown, pattern: string) =>
    capture(
      baseUrl,
      {
        method: 'POST',
        path,
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      pattern,
    );
  const buyer = signed.cookie;
  const poster = inputs.posters[0]!;
  const sender = inputs.senders[0]!;
  responses.push(
    await post('/api/listing-activity', buyer, { viewed: inputs.carIds[0] }, '^/api/listing-activity$'),
    await post('/api/cars', poster.cookie, loadCar(inputs.categoryId, poster.photoKey), '^/api/cars$'),
    await post(
      `/api/conversations/${sender.conversationId}/messages`,
      sender.cookie,
      { body: LOAD_MESSAGE_BODY },
      '^/api/conversations/[^/]+/messages$',
    ),
  );
  const payment = inputs.payments.items[inputs.payments.taken++]!;
  responses.push(
    await post(
      '/api/payment',
      payment.cookie,
      { bookingId: payment.bookingId, transactionId: payment.transactionId },
      '^/api/payment$',
    ),
  );
  const booked = await post(
    '/api/testdrivebooking',
    buyer,
    {
      carId: inputs.bookableCarIds[0],
      phone: LOAD_BOOKING_PHONE,
      city: 'Miami',
      date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      time: '11:00',
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
  deferredJobs?: DeferredJobs,
): Promise<Measured> {
  await settle(server);
  let warmupRequests = 0;
  if (options.warmupSeconds > 0) {
    const warmup = await runLoad(
      server.baseUrl,
      scenario,
      { ...inputs, sessions: inputs.warmupSessions ?? inputs.sessions },
      {
        connections: options.connections,
        seconds: options.warmupSeconds,
      },
    );
    warmupRequests = warmup.requests;
    await settle(server);
  }
  const rss = watchRss(server.pid);
  const cpuBefore = cpuTimes(server.groups ?? [server.pid]);
  const result = await runLoad(server.baseUrl, scenario, inputs, {
    connections: options.connections,
    seconds: options.seconds,
  });
  const cpuAfter = cpuTimes(server.groups ?? [server.pid]);
  const peakRssMiB = rss.stop();
  const load1 = loadNow()[0];
  await settle(server);
  const perRequest = (of: 'group' | 'postgres') =>
    round((cpuAfter[of] - cpuBefore[of]) / Math.max(1, result.requests), 3);
  const measured: Measured = {
    ...result,
    peakRssMiB,
    load1,
    cpuMs: { server: perRequest('group'), postgres: perRequest('postgres') },
  };
  if (deferredJobs) {
    const { jobs, seconds, cpuMs } = await deferredJobs.waitOut(server);
    const requests = Math.max(1, warmupRequests + result.requests);
    measured.deferred = {
      jobs,
      seconds,
      cpuMs: { server: round(cpuMs.server / requests, 3), postgres: round(cpuMs.postgres / requests, 3) },
    };
  }
  return measured;
}

/**
 * The message scenario's senders: each buyer may send 30 messages a minute (the messages' rate
 * limit), so the load takes them in turn; 4,000 keep each under it up to about 4,000 messages a
 * second over two 13-second runs within a minute.
 */
const MESSAGE_SENDERS = 4_000;

/**
 * More payments a second than Redline and the raw-query ceiling record together here (the ceiling
 * recorded 341 a second at a load of 9): a payment is recorded once, so one is prepared for every
 * request the two may answer in every run, warm-ups included.
 */
const PAYMENTS_A_SECOND = 2_000;

/** The payments to prepare: the captured response's and, when the scenario runs, the load's. */
function paymentsToPrepare(options: ApiOptions): number {
  const runs = options.only.length === 0 || options.only.includes('record-payment');
  return 1 + (runs ? PAYMENTS_A_SECOND * (options.seconds + options.warmupSeconds) * options.runs : 0);
}

export async function benchEngine(
  engine: Engine,
  options: ApiOptions,
  log = console.log,
): Promise<EngineResult> {
  log(`\n=== ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${formatCount(options.cars)} cars ===`);
  const target = benchTarget(engine, options.cars);
  const dataset = await ensureDataset(target, options.cars, { fresh: options.fresh, log });
  await removeLoadWrites(target);
  const buyerCount = Math.min(options.connections, 64);
  // Twice as many buyers as connections: one half for the measured runs, the other for the warm-ups.
  const found: LoadInputs = await loadInputs(target, 2 * buyerCount, {
    senders: MESSAGE_SENDERS,
    payments: paymentsToPrepare(options),
  });
  // More senders than sign-ins could make in a run: their sessions are written before Redline opens the database.
  const senderSessions = await createSessions(
    target,
    found.conversations.map((c) => c.buyerId),
  );
  const senders = senderSessions.map((session, i) => ({
    ...session,
    conversationId: found.conversations[i]!.conversationId,
  }));

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
  const deferredJobs = target.engine === 'postgres' ? await DeferredJobs.open(target.databaseUrl) : undefined;
  try {
    const redline = await startRedlineInstances(`redline-${engine}`, targetEnv(target), options.instances);
    servers.push(redline);
    log(
      `Redline${options.instances > 0 ? `, ${options.instances} instance(s) behind nginx,` : ''} started and answered GET /api/categories in ${redline.startMs} ms`,
    );
    const idleRssMiB = watchRss(redline.pid).stop();
    const sessions = await signInUsers(redline.baseUrl, found.buyers);
    const cookies = new Map(sessions.map((s) => [s.userId, s.cookie]));
    const inputs: ScenarioInputs = {
      categoryId: found.categoryId,
      carIds: found.carIds,
      bookableCarIds: found.bookableCarIds,
      sessions: sessions.slice(0, buyerCount),
      warmupSessions: sessions.slice(buyerCount),
      etags: {},
      senders,
      posters: (await signInUsers(redline.baseUrl, found.posters)).map((session, i) => ({
        ...session,
        photoKey: found.posters[i]!.photoKey,
      })),
      payments: {
        items: found.payments.map((p) => ({
          userId: p.buyerId,
          cookie: cookies.get(p.buyerId)!,
          bookingId: p.bookingId,
          transactionId: p.transactionId,
        })),
        taken: 0,
      },
    };
    const responsesFile = await saveResponses(engine, redline.baseUrl, inputs);
    // After the reference answers: the car posted for one has the market values refitted ten seconds on.
    if (deferredJobs) {
      const { jobs, seconds } = await deferredJobs.start(redline);
      log(
        `Redline's job queue: ${jobs} job(s) from its start waited out in ${seconds} s; idle rate measured`,
      );
    }

    const fromMemory = (name: string, script: string) =>
      startProcess({ name, script, readyPath: '/api/categories', env: { BENCH_RESPONSES: responsesFile } });
    const constant = await fromMemory(`constant-${engine}`, 'bench/ceilings/constant-server.ts');
    servers.push(constant);
    const fastify = await fromMemory(`fastify-${engine}`, 'bench/ceilings/fastify-server.ts');
    servers.push(fastify);
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
      const runs: ScenarioRun[] = [];
      for (let run = 1; run <= options.runs; run++) {
        log(`${scenario.key}, run ${run} of ${options.runs}: ${describeLoad(loadNow())}`);
        if (scenario.revalidates) {
          const etag = await currentEtag(redline.baseUrl, REVALIDATED_PATHS[scenario.revalidates]!);
          if (etag !== inputs.etags[scenario.revalidates])
            log(
              `${scenario.key}: the answer changed since it was last read (its data did); revalidating its ETag now`,
            );
          if (etag) inputs.etags[scenario.revalidates] = etag;
        }
        const against = (server: Running, given = inputs) => measure(server, scenario, given, options);
        // The constant ceiling records nothing: sent one payment again and again, it leaves the
        // prepared ones to the servers that record them.
        const replayed = { ...inputs, payments: { items: inputs.payments.items.slice(0, 1), taken: 0 } };
        runs.push({
          redline: await measure(redline, scenario, inputs, options, deferredJobs),
          constant: await against(constant, replayed),
          fastify: scenario.databaseBacked ? undefined : await against(fastify),
          raw: scenario.databaseBacked ? await against(raw) : undefined,
        });
      }
      rows.push({
        scenario: scenario.key,
        title: scenario.title,
        databaseBacked: scenario.databaseBacked,
        runs,
      });
    }
    return { engine, dataset, startMs: redline.startMs, idleRssMiB, rows };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await deferredJobs?.close();
    await removeLoadWrites(target);
  }
}

/** The median of a figure over a scenario's runs, with its spread when there was more than one run. */
function medianOf(runs: ScenarioRun[], figure: (run: ScenarioRun) => number | undefined): string {
  const values = runs.map(figure).filter((v): v is number => v !== undefined);
  if (values.length === 0) return '';
  const s = spreadOf(values);
  return values.length === 1 ? `${s.median}` : `${s.median} (${s.min}–${s.max})`;
}

const percentOf = (a: Measured, b: Measured | undefined) =>
  b ? round((a.rps / Math.max(1, b.rps)) * 100, 1) : undefined;

export function printEngine(result: EngineResult, options: Pick<ApiOptions, 'connections' | 'instances'>) {
  const instances = options.instances > 0 ? `, Redline as ${options.instances} instance(s) behind nginx` : '';
  console.log(
    `\n${result.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${formatCount(result.dataset.cars)} cars, ${options.connections} connections${instances}, medians over the runs (min–max); start-up to first answer ${result.startMs} ms (target ≤3000: ${result.startMs <= 3000 ? 'met' : 'MISSED'}); idle RSS ${result.idleRssMiB} MiB`,
  );
  printTable(
    result.rows.map(({ scenario, runs }) => ({
      scenario,
      'req/s': medianOf(runs, (r) => r.redline.rps),
      'p99 ms': medianOf(runs, (r) => r.redline.p99),
      errors: runs.reduce((sum, r) => sum + r.redline.errors, 0),
      'RSS MiB': Math.max(...runs.map((r) => r.redline.peakRssMiB)),
      '% of constant': medianOf(runs, (r) => percentOf(r.redline, r.constant)),
      '% of Fastify': medianOf(runs, (r) => percentOf(r.redline, r.fastify)),
      '% of raw': medianOf(runs, (r) => percentOf(r.redline, r.raw)),
      'raw p99': medianOf(runs, (r) => r.raw?.p99),
      'CPU ms/req': `${medianOf(runs, (r) => r.redline.cpuMs.server)} + PG ${medianOf(runs, (r) => r.redline.cpuMs.postgres)}`,
      'deferred CPU ms/req': runs[0]?.redline.deferred
        ? `${medianOf(runs, (r) => r.redline.deferred?.cpuMs.server)} + PG ${medianOf(runs, (r) => r.redline.deferred?.cpuMs.postgres)}`
        : '',
      'raw CPU ms/req': runs[0]?.raw
        ? `${medianOf(runs, (r) => r.raw?.cpuMs.server)} + PG ${medianOf(runs, (r) => r.raw?.cpuMs.postgres)}`
        : '',
      load: medianOf(runs, (r) => r.redline.load1),
      'unexpected answers': runs.some((r) => r.redline.requests === 0)
        ? 'NO REQUEST COMPLETED in a run'
        : runs.reduce((sum, r) => sum + r.redline.errors, 0) > 0
          ? JSON.stringify(runs.map((r) => r.redline.statuses))
          : '',
    })),
  );
  if (result.engine === 'postgres') {
    console.log('\nIssue 50 targets (bench/targets.ts), from these runs:');
    printTable(targetRows(result.rows));
  }
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
    runs: countFlag(flags, 'runs', 3),
    instances: countFlag(flags, 'instances', 0),
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
  for (const r of results) printEngine(r, options);
  const file = saveResults('api', { machine: m, loadAfter: after, options, results });
  console.log(`\nresults: ${path.relative(process.cwd(), file)}`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
