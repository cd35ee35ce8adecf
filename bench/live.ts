/**
 * Live updates at scale (issue 50): `npm run bench:live [-- --quick] [--streams 10000] [--runs 3]
 * [--engine postgres|pglite] [--cars 100k]`.
 *
 * Per run: Redline starts in production mode (`LIVE_STREAMS_MAX` raised to --streams, the per-client
 * cap left at its default), and that many signed-in buyers each open their notifications stream
 * (GET /api/notifications/stream) from loopback, a few a client address (127.1.x.y, as many as
 * browsers behind one address would). Then:
 * - memory a stream: the server's resident memory and V8 heap with every stream open minus before
 *   any was, each after a full garbage collection (asked through the inspector the server is started
 *   with), divided by the streams;
 * - one event for all of them: their car's seller lowers its price (PATCH /api/cars/:id), which
 *   tells every buyer who saved it (10,000 in one transaction) and so every stream; timed from the
 *   commit (on PostgreSQL the transaction's NOTIFY, which PostgreSQL delivers at commit; on PGlite,
 *   which has none, from the PATCH's sending) to each client's receipt of its `event:` line.
 * Issue 50's live targets (targets.ts) are judged on the median of the runs. The buyers' saves,
 * sessions and notifications, and the car's price, are put back afterwards.
 */

import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { benchBuyerEmail } from './data.ts';
import {
  countFlag,
  describeLoad,
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
import { benchTarget, type Engine, openTarget, type Target, targetEnv } from './lib/database.ts';
import { ensureDataset } from './lib/dataset.ts';
import type { Session } from './lib/load.ts';
import { cpuTimes, freePort, type Running, sleep, startRedline } from './lib/processes.ts';
import { createSessions } from './lib/sessions.ts';
import { percentile } from './reliability/harness.ts';
import { boundTargetRows, LIVE_TARGETS, type LiveRun } from './targets.ts';

/** The start of the tokens of the sessions this benchmark writes (and removes). */
const LIVE_SESSION_TOKEN = 'bench-live-';
/** Streams a client address opens: fewer than the per-client cap (LIVE_STREAMS_PER_CLIENT, 6). */
const STREAMS_AN_ADDRESS = 4;
/** Streams being opened at once. */
const OPENING_AT_ONCE = 64;
/** Attempts at a stream, or at the event's PATCH, that the loaded instance refuses (503) or resets. */
const OPENING_TRIES = 5;
/** The wait before trying a refused request again. */
const RETRY_AFTER_MS = 2_000;
/** Streams opened and closed before the memory without streams is read. */
const WARM_UP_STREAMS = 200;
/** How long the event may take to reach every stream before the stragglers count as missed. */
const DELIVERY_TIMEOUT_MS = 30_000;
/** The event a price drop tells a saver's streams (LiveUpdates.tell). */
const EVENT_LINE = 'event: notifications\n';

const flags = parseFlags();
const quick = flags.quick === true;
const STREAMS = countFlag(flags, 'streams', quick ? 1_000 : 10_000);
const RUNS = countFlag(flags, 'runs', quick ? 1 : 3);
const CARS = countFlag(flags, 'cars', quick ? 10_000 : 100_000);
const ENGINE = (stringFlag(flags, 'engine') ?? 'postgres') as Engine;
if (ENGINE !== 'postgres' && ENGINE !== 'pglite')
  throw new Error(`--engine is postgres or pglite, not "${ENGINE}"`);

/** The car whose price drops and the people of the runs, written before the server opens the target. */
interface Setup {
  carId: string;
  askingPrice: number;
  seller: Session;
  buyers: Session[];
}

/** What the setup changed, to put back once the runs are done. */
interface Undo {
  carId: string;
  car: { asking_price: number; updated_at: Date; price_dropped_at: Date | null };
  saveIds: string[];
  preferenceUserIds: string[];
  since: Date;
}

/** Whether the target holds at least `count` bench buyers. */
async function benchBuyersIn(target: Target, count: number) {
  const { database, client } = await openTarget(target);
  try {
    const { rows } = await client.query(
      'select count(*)::int as n from users where email = any($1::text[])',
      [Array.from({ length: count }, (_, i) => benchBuyerEmail(i))],
    );
    return Number(rows[0]?.n) === count;
  } finally {
    await database.close();
  }
}

/**
 * A car of a private seller (no dealer team), saved by `streams` bench buyers who want its price
 * drops in the app and not by e-mail (10,000 e-mails queued here would be sent by whichever server
 * next opens the dataset), and sessions for them and the seller.
 */
async function prepare(target: Target, streams: number): Promise<{ setup: Setup; undo: Undo }> {
  const { database, client } = await openTarget(target);
  let setup: Omit<Setup, 'seller' | 'buyers'> & { sellerId: string; buyerIds: string[] };
  let undo: Undo;
  try {
    const since = new Date();
    const car = await client.query(
      `select c.id, c.seller_id, c.asking_price, c.updated_at, c.price_dropped_at from cars c
         join users u on u.id = c.seller_id
        where c.sold_at is null and c.reserved_at is null and u.role = 'Seller'
          and not exists (select 1 from dealer_members m where m.dealer_id = c.seller_id)
        order by c.id limit 1`,
    );
    const row = car.rows[0];
    if (!row) throw new Error('the dataset has no unsold car of a private seller');
    const emails = Array.from({ length: streams }, (_, i) => benchBuyerEmail(i));
    const buyers = await client.query('select id from users where email = any($1::text[]) order by email', [
      emails,
    ]);
    if (buyers.rows.length < streams) {
      throw new Error(
        `the dataset has ${buyers.rows.length} bench buyers; ${streams} are needed (--cars ${formatCount(streams * 4)} or more)`,
      );
    }
    const buyerIds = buyers.rows.map((r) => r.id as string);
    const saves = await client.query(
      `insert into saved_posts (buyer_id, car_id) select b, $2 from unnest($1::text[]) as b
       on conflict (buyer_id, car_id) do nothing returning id`,
      [buyerIds, row.id],
    );
    const preferences = await client.query(
      `insert into notification_preferences (user_id, type, in_app, email)
       select b, 'saved-car.price-dropped', true, false from unnest($1::text[]) as b
       on conflict (user_id, type) do nothing returning user_id`,
      [buyerIds],
    );
    setup = {
      carId: row.id as string,
      askingPrice: Number(row.asking_price),
      sellerId: row.seller_id as string,
      buyerIds,
    };
    undo = {
      carId: setup.carId,
      car: {
        asking_price: Number(row.asking_price),
        updated_at: row.updated_at as Date,
        price_dropped_at: row.price_dropped_at as Date | null,
      },
      saveIds: saves.rows.map((r) => r.id as string),
      preferenceUserIds: preferences.rows.map((r) => r.user_id as string),
      since,
    };
  } finally {
    await database.close();
  }
  const [seller, ...buyers] = await createSessions(
    target,
    [setup.sellerId, ...setup.buyerIds],
    LIVE_SESSION_TOKEN,
  );
  return {
    setup: { carId: setup.carId, askingPrice: setup.askingPrice, seller: seller!, buyers },
    undo,
  };
}

/** Puts back what `prepare` and the runs changed: the car's price, the saves, preferences, notifications and sessions. */
async function restore(target: Target, undo: Undo) {
  const { database, client } = await openTarget(target);
  try {
    await client.query(
      'update cars set asking_price = $2, updated_at = $3, price_dropped_at = $4 where id = $1',
      [undo.carId, undo.car.asking_price, undo.car.updated_at, undo.car.price_dropped_at],
    );
    await client.query('delete from car_prices where car_id = $1 and changed_at >= $2', [
      undo.carId,
      undo.since,
    ]);
    await client.query(
      `delete from notifications where type = 'saved-car.price-dropped' and link = $1 and created_at >= $2`,
      [`/cars/${undo.carId}`, undo.since],
    );
    await client.query('delete from saved_posts where id = any($1::uuid[])', [undo.saveIds]);
    await client.query(
      `delete from notification_preferences where type = 'saved-car.price-dropped' and user_id = any($1::text[])`,
      [undo.preferenceUserIds],
    );
    await client.query('delete from sessions where starts_with(token, $1)', [LIVE_SESSION_TOKEN]);
  } finally {
    await database.close();
  }
}

/**
 * The server's inspector (Chrome DevTools protocol): a full garbage collection and the process's
 * memory as it reports it, so that "memory with the streams open" is live memory, not garbage.
 */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (message) => {
    const { id, result } = JSON.parse(String(message.data)) as { id?: number; result?: unknown };
    if (id !== undefined) waiting.get(id)?.(result);
  });
  // A server that stopped (or was stopped) answers nothing: the run fails rather than waits for ever.
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timeout = setTimeout(
        () => reject(new Error(`the server's inspector did not answer ${method}`)),
        60_000,
      );
      waiting.set(id, (result) => {
        clearTimeout(timeout);
        resolve(result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const usage = async () => {
    const evaluated = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(evaluated.result.value) as NodeJS.MemoryUsage;
  };
  return {
    /**
     * Resident and heap memory (bytes) after full collections, once the heap stays within a MiB
     * over two seconds (the server may still be loading something when asked).
     */
    async settledMemory(pid: number) {
      let heapUsed = 0;
      for (let tries = 0; tries < 10; tries++) {
        const previous = heapUsed;
        await call('HeapProfiler.collectGarbage');
        await call('HeapProfiler.collectGarbage');
        heapUsed = (await usage()).heapUsed;
        if (Math.abs(heapUsed - previous) < 2 ** 20) break;
        await sleep(2_000);
      }
      const { heapUsed: settled, external } = await usage();
      // The kernel's figure, not the process's own (the same, read from outside).
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
      // `external` counts the Buffers' memory (arrayBuffers) too.
      return { rss, heapUsed: settled, external };
    },
    close: () => socket.close(),
  };
}

interface Stream {
  /** When this client read its `event:` line (performance.now()), once the event was sent. */
  receivedAt?: number;
  /** Whether the connection ended (the server closed it, or it was reset). */
  closed: boolean;
  close(): void;
}

/** The client address of the i-th stream: STREAMS_AN_ADDRESS streams each, all on loopback. */
function clientAddress(i: number) {
  const n = Math.floor(i / STREAMS_AN_ADDRESS);
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/**
 * Opens one stream as a browser's EventSource does; answers it, or the status it was refused with
 * ('reset': the connection was, before an answer).
 */
function openStream(baseUrl: URL, cookie: string, localAddress: string): Promise<Stream | number | 'reset'> {
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        path: '/api/notifications/stream',
        headers: { cookie, accept: 'text/event-stream' },
        localAddress,
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve(response.statusCode ?? 0);
          return;
        }
        const stream: Stream = { closed: false, close: () => request.destroy() };
        response.once('close', () => {
          stream.closed = true;
        });
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (stream.receivedAt !== undefined) return;
          text += chunk;
          if (text.includes(EVENT_LINE)) stream.receivedAt = performance.now();
          else text = text.slice(-EVENT_LINE.length);
        });
        response.on('error', () => undefined);
        resolve(stream);
      },
    );
    request.on('error', () => resolve('reset'));
  });
}

/**
 * Opens a stream for each buyer, OPENING_AT_ONCE at a time. A stream refused (503: the instance
 * sheds load) or reset is tried again a little later, as the web app's reconnection would, up to
 * OPENING_TRIES times; each refusal is counted.
 */
async function openStreams(baseUrl: string, buyers: Session[]) {
  const url = new URL(baseUrl);
  const streams: Stream[] = [];
  const refused = new Map<number | 'reset', number>();
  let next = 0;
  const worker = async () => {
    while (next < buyers.length) {
      const i = next++;
      for (let tries = 1; ; tries++) {
        const opened = await openStream(url, buyers[i]!.cookie, clientAddress(i));
        if (typeof opened === 'object') streams.push(opened);
        else refused.set(opened, (refused.get(opened) ?? 0) + 1);
        if (typeof opened === 'object' || tries === OPENING_TRIES) break;
        await sleep(RETRY_AFTER_MS);
      }
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, worker));
  return { streams, refused: Object.fromEntries(refused) };
}

/** Resolves at the commit of the transaction that changes `carId` (its `car.updated` NOTIFY); PostgreSQL only. */
async function commitOf(databaseUrl: string, carId: string) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  let committed: (at: number) => void = () => undefined;
  const at = new Promise<number>((resolve) => {
    committed = resolve;
  });
  listener.on('notification', ({ payload }) => {
    const message = JSON.parse(payload ?? '{}') as { name?: string; payload?: { carId?: string } };
    if (message.name === 'car.updated' && message.payload?.carId === carId) committed(performance.now());
  });
  await listener.query('listen redline_events');
  return { at, close: () => listener.end() };
}

/** One run: a fresh server, the streams, memory before and after, the event. */
async function oneRun(target: Target, setup: Setup, price: number, run: number): Promise<LiveRun> {
  const inspectorPort = await freePort();
  const server: Running = await startRedline(`live-${target.engine}-${run}`, {
    ...targetEnv(target),
    LIVE_STREAMS_MAX: String(setup.buyers.length),
    NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}`,
  });
  const memory = await inspector(inspectorPort);
  const opened: Stream[] = [];
  try {
    // Streams opened and closed first, so that what the first ones load once (compiled code, the
    // database pool's connections, the search columns the start-up began loading) is not counted a stream.
    const warmUp = await openStreams(server.baseUrl, setup.buyers.slice(0, WARM_UP_STREAMS));
    for (const stream of warmUp.streams) stream.close();
    const before = await memory.settledMemory(server.pid);
    const openStarted = performance.now();
    const { streams, refused } = await openStreams(server.baseUrl, setup.buyers);
    opened.push(...streams);
    const openSeconds = round((performance.now() - openStarted) / 1000, 1);
    const after = await memory.settledMemory(server.pid);
    const perStream = (bytes: number) => round(bytes / Math.max(1, streams.length) / 1024, 1);

    const commit = target.engine === 'postgres' ? await commitOf(target.databaseUrl, setup.carId) : undefined;
    // The forced collections stall the server's event loop: it sheds requests until its next sample.
    await sleep(RETRY_AFTER_MS);
    const closedBefore = streams.filter((s) => s.closed).length;
    const cpuBefore = cpuTimes([server.pid]);
    let sent = 0;
    let res: Response;
    for (let tries = 1; ; tries++) {
      sent = performance.now();
      res = await fetch(`${server.baseUrl}/api/cars/${setup.carId}`, {
        method: 'PATCH',
        headers: { cookie: setup.seller.cookie, 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ askingPrice: price }),
      });
      if (res.status !== 503 || tries === OPENING_TRIES) break;
      await sleep(RETRY_AFTER_MS);
    }
    const answeredMs = performance.now() - sent;
    if (!res.ok) throw new Error(`PATCH /api/cars/${setup.carId}: ${res.status} ${await res.text()}`);
    const deadline = sent + DELIVERY_TIMEOUT_MS;
    while (streams.some((s) => s.receivedAt === undefined) && performance.now() < deadline) await sleep(20);
    const cpuAfter = cpuTimes([server.pid]);
    const committedAt = commit ? await Promise.race([commit.at, sleep(1_000).then(() => sent)]) : sent;
    await commit?.close();
    // A stream the event never reached counts as the whole wait: it can only push the p99 up.
    const delays = streams
      .map((s) => (s.receivedAt === undefined ? DELIVERY_TIMEOUT_MS : s.receivedAt - committedAt))
      .sort((a, b) => a - b);
    return {
      streams: streams.length,
      refused,
      openSeconds,
      rssBefore: round(before.rss / 2 ** 20),
      rssAfter: round(after.rss / 2 ** 20),
      kbPerStream: perStream(after.rss - before.rss),
      heapKbPerStream: perStream(after.heapUsed - before.heapUsed),
      externalKbPerStream: perStream(after.external - before.external),
      timedFrom: commit ? 'commit' : 'request',
      commitAfterMs: round(committedAt - sent),
      answeredMs: round(answeredMs),
      delivered: streams.filter((s) => s.receivedAt !== undefined).length,
      closedBeforeEvent: closedBefore,
      closedWithoutEvent: streams.filter((s) => s.closed && s.receivedAt === undefined).length,
      deliveryP50Ms: round(percentile(delays, 50)),
      deliveryP99Ms: round(percentile(delays, 99)),
      deliveryMaxMs: round(delays.at(-1) ?? 0),
      eventCpuMs: {
        server: round(cpuAfter.group - cpuBefore.group),
        clients: round(cpuAfter.bench - cpuBefore.bench),
      },
      load1: loadNow()[0],
    };
  } finally {
    for (const stream of opened) stream.close();
    memory.close();
    await server.stop();
  }
}

async function main() {
  printMachine(machine());
  const target = benchTarget(ENGINE, CARS);
  console.log(
    `live updates: ${formatCount(STREAMS)} streams, ${RUNS} run(s), ${ENGINE}, ${formatCount(CARS)}-car dataset`,
  );
  // Any dataset with the bench buyers will do: one another benchmark is writing to (a car it posted
  // and has not removed yet) is not regenerated under it.
  if (!(await benchBuyersIn(target, STREAMS))) await ensureDataset(target, CARS);
  const { setup, undo } = await prepare(target, STREAMS);
  const runs: LiveRun[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      // Each run drops the price by a dollar more: a drop is what tells the savers.
      const result = await oneRun(target, setup, setup.askingPrice - run, run);
      runs.push(result);
      console.log(
        `run ${run}: ${result.streams} streams open in ${result.openSeconds} s${Object.keys(result.refused).length ? ` (refused: ${JSON.stringify(result.refused)})` : ''}; ` +
          `RSS ${result.rssBefore} → ${result.rssAfter} MiB: ${result.kbPerStream} KB a stream (heap ${result.heapKbPerStream}, buffers ${result.externalKbPerStream}); ` +
          `${result.closedBeforeEvent} closed before the event, ${result.closedWithoutEvent} without it; ` +
          `event to ${result.delivered} streams from the ${result.timedFrom}: p50 ${result.deliveryP50Ms} ms, p99 ${result.deliveryP99Ms} ms, max ${result.deliveryMaxMs} ms ` +
          `(commit ${result.commitAfterMs} ms after the PATCH was sent, answered after ${result.answeredMs} ms); ` +
          `CPU from the PATCH to the last receipt: server ${result.eventCpuMs.server} ms, clients ${result.eventCpuMs.clients} ms; ${describeLoad(loadNow())}`,
      );
    }
  } finally {
    await restore(target, undo);
  }
  console.log(`\nIssue 50's live-updates targets (bench/targets.ts), median of ${runs.length} run(s):`);
  printTable(boundTargetRows(LIVE_TARGETS, runs, 'npm run bench:live'));
  const file = saveResults('live', {
    machine: machine(),
    options: {
      streams: STREAMS,
      runs: RUNS,
      cars: CARS,
      engine: ENGINE,
      streamsAnAddress: STREAMS_AN_ADDRESS,
    },
    runs,
  });
  console.log(`\nsaved ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
