/**
 * Faults under load (needs root and the local PostgreSQL cluster; not part of npm test):
 *
 * 1. PostgreSQL stopped for --outage seconds (default 10) with `pg_ctlcluster <version> <cluster> stop`
 *    while clients write (contact messages) and read: every answer during the outage must be a 503
 *    within a second, /api/health/ready must say 503, the server must recover by itself once the cluster
 *    is back, and every write answered 201 must be in the database.
 * 2. Photo storage full (a small tmpfs filled up) and unwritable (the tmpfs remounted read-only)
 *    under the embedded database: the upload fails with a clear error, no partial file is left,
 *    and uploads work again once the storage does, without a restart.
 *
 *   npm run bench:faults -- --outage 10 --pg-version 15 --pg-cluster main
 *   npm run bench:faults -- --only photos
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type Answer,
  Client,
  machine,
  noisyPng,
  percentile,
  photoForm,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
} from './reliability/harness.ts';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const OUTAGE_S = Number(option('outage', '10'));
const PG_VERSION = option('pg-version', '15');
const PG_CLUSTER = option('pg-cluster', 'main');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://redline:redline@127.0.0.1:5432/redline';
const ONLY = option('only', 'all');

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

interface Sample extends Answer {
  kind: 'write' | 'read' | 'health';
  at: number;
  marker?: string;
}

const pgctl = (action: 'stop' | 'start') => {
  const started = performance.now();
  execFileSync('pg_ctlcluster', [PG_VERSION, PG_CLUSTER, action], { stdio: 'inherit' });
  return performance.now() - started;
};

async function postgresOutage() {
  console.log(`\n## PostgreSQL stopped for ${OUTAGE_S} s under load (cluster ${PG_VERSION}/${PG_CLUSTER})`);
  const name = `redline_faults_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const others = await admin.query(
    "select count(*)::int as n from pg_stat_activity where datname is not null and datname <> current_database() and state = 'active'",
  );
  if (others.rows[0].n > 0)
    console.log(`note: ${others.rows[0].n} other active sessions on the cluster will see the outage too`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-faults-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      dataDir,
      logFile: path.join(dataDir, 'server.log'),
      env: { DATABASE_URL: url.toString() },
    });
    const base = server.baseUrl;
    const samples: Sample[] = [];
    const t0 = performance.now();
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const marker = `fault-${randomUUID()}`;
        const at = performance.now() - t0;
        const res = await new Client(base, nextIp()).request(
          'POST',
          '/api/contact',
          { name: 'Fault test', email: 'fault@example.test', message: `Written under a fault: ${marker}` },
          5_000,
        );
        samples.push({ ...res, kind: 'write', at, marker });
        await sleep(20);
      }
    };
    const reader = async () => {
      while (!stop) {
        const at = performance.now() - t0;
        samples.push({
          ...(await new Client(base).request('GET', '/api/categories', undefined, 5_000)),
          kind: 'read',
          at,
        });
        await sleep(20);
      }
    };
    const health = async () => {
      while (!stop) {
        const at = performance.now() - t0;
        samples.push({
          ...(await new Client(base).request('GET', '/api/health/ready', undefined, 5_000)),
          kind: 'health',
          at,
        });
        await sleep(250);
      }
    };
    const load = [...Array.from({ length: 8 }, writer), ...Array.from({ length: 4 }, reader), health()];

    await sleep(5_000);
    const stopAt = performance.now() - t0;
    const stopMs = pgctl('stop');
    const downAt = performance.now() - t0;
    await sleep(OUTAGE_S * 1000);
    const startAt = performance.now() - t0;
    const startMs = pgctl('start');
    const upAt = performance.now() - t0;
    await sleep(15_000);
    stop = true;
    await Promise.all(load);

    // Requests sent while the cluster was fully down.
    const during = samples.filter((s) => s.at >= downAt && s.at + s.ms <= startAt);
    const statuses = (list: Sample[]) => {
      const counts = new Map<number, number>();
      for (const s of list) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
      return [...counts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s === 0 ? 'no answer' : s}×${n}`)
        .join(', ');
    };
    const duringMs = during.map((s) => s.ms).sort((a, b) => a - b);
    const firstWriteBack = samples.find((s) => s.kind === 'write' && s.at >= upAt && s.status === 201);
    const firstHealthBack = samples.find((s) => s.kind === 'health' && s.at >= upAt && s.status === 200);
    const unexpected = samples.filter((s) => ![200, 201, 503].includes(s.status));

    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const stored = new Set<string>(
      (await check.query('select message from contact_messages')).rows
        .map((r: { message: string }) => /fault-[0-9a-f-]{36}/.exec(r.message)?.[0])
        .filter((m): m is string => m !== undefined),
    );
    await check.end();
    const writes = samples.filter((s) => s.kind === 'write');
    const acknowledged = writes.filter((s) => s.status === 201);
    const lost = acknowledged.filter((s) => !stored.has(s.marker!));
    const storedUnacknowledged = writes.filter((s) => s.status !== 201 && stored.has(s.marker!));

    console.log(
      `stop took ${(stopMs / 1000).toFixed(1)} s (from ${(stopAt / 1000).toFixed(1)} s), start took ${(startMs / 1000).toFixed(1)} s`,
    );
    console.log(`| | |\n|---|---|`);
    console.log(`| requests sent while the cluster was down | ${during.length} (${statuses(during)}) |`);
    console.log(`| …of them health checks | ${statuses(during.filter((s) => s.kind === 'health'))} |`);
    console.log(
      `| answer time during the outage | p50 ${percentile(duringMs, 50).toFixed(0)} ms, p99 ${percentile(duringMs, 99).toFixed(0)} ms, max ${(duringMs.at(-1) ?? 0).toFixed(0)} ms; over 1 s: ${duringMs.filter((ms) => ms > 1000).length} |`,
    );
    console.log(
      `| first write answered 201 after the cluster was up | ${firstWriteBack ? `${((firstWriteBack.at + firstWriteBack.ms - upAt) / 1000).toFixed(2)} s` : 'never'} |`,
    );
    console.log(
      `| first health 200 after the cluster was up | ${firstHealthBack ? `${((firstHealthBack.at + firstHealthBack.ms - upAt) / 1000).toFixed(2)} s` : 'never'} |`,
    );
    console.log(
      `| answers other than 200/201/503 (whole run) | ${unexpected.length}${unexpected.length ? ` (${statuses(unexpected)})` : ''} |`,
    );
    console.log(
      `| writes: sent / answered 201 / rows of those 201s in the database / 201s missing | ${writes.length} / ${acknowledged.length} / ${acknowledged.length - lost.length} / ${lost.length} |`,
    );
    console.log(`| writes stored although not answered 201 | ${storedUnacknowledged.length} |`);
    console.log(
      `| server restarted | no (pid ${server.pid} ${server.exited() ? `exited: ${server.exited()}` : 'still running'}) |`,
    );
    if (lost.length > 0 || unexpected.length > 0 || duringMs.some((ms) => ms > 1000)) process.exitCode = 1;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const drop = new pg.Client({ connectionString: PG_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
}

function sh(command: string, args: string[]) {
  execFileSync(command, args, { stdio: 'inherit' });
}

async function photoStorage() {
  console.log('\n## Photo storage full and unwritable (local store on a 4 MB tmpfs, embedded database)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-photos-'));
  const uploads = path.join(dataDir, 'uploads');
  mkdirSync(uploads);
  sh('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'redline-photos', uploads]);
  let server: ServerProcess | undefined;
  const filesNow = () => readdirSync(uploads).filter((f) => f !== 'filler');
  const rows: string[] = [];
  try {
    server = await startServer({ dataDir, logFile: path.join(dataDir, 'server.log') });
    const seller = new Client(server.baseUrl);
    await signUp(seller, 'Seller', `photo-seller-${Date.now()}@example.test`);
    let seed = 1;
    const upload = async () =>
      seller.request('POST', '/api/uploads', photoForm(noisyPng(1800, 1200, seed++)));
    const describe = (res: Answer) =>
      `${res.status} ${(res.body as { error?: { message?: string } })?.error?.message ?? ''}`.trim();

    const ok = await upload();
    rows.push(`| storage fine | ${describe(ok)} | ${filesNow().length} files |`);

    // Full: a filler file takes all but 64 KB.
    const before = filesNow();
    const free = Number(execFileSync('df', ['--output=avail', '-B1', uploads]).toString().split('\n')[1]);
    writeFileSync(path.join(uploads, 'filler'), Buffer.alloc(Math.max(0, free - 64 * 1024)));
    const full = await upload();
    const leftFull = filesNow().filter((f) => !before.includes(f));
    rows.push(
      `| storage full (ENOSPC) | ${describe(full)} | new files left behind: ${leftFull.length}${leftFull.length ? ` (${leftFull.join(', ')})` : ''} |`,
    );
    rmSync(path.join(uploads, 'filler'));
    const afterFull = await upload();
    rows.push(`| space freed again, same server | ${describe(afterFull)} | |`);

    // Unwritable: remounted read-only.
    const beforeRo = filesNow();
    sh('mount', ['-o', 'remount,ro', uploads]);
    const readOnly = await upload();
    const leftRo = filesNow().filter((f) => !beforeRo.includes(f));
    rows.push(
      `| storage read-only (EROFS) | ${describe(readOnly)} | new files left behind: ${leftRo.length} |`,
    );
    sh('mount', ['-o', 'remount,rw', uploads]);
    const afterRo = await upload();
    rows.push(`| writable again, same server | ${describe(afterRo)} | |`);

    console.log('| case | upload answer | files |\n|---|---|---|');
    for (const row of rows) console.log(row);
    if (
      full.status !== 503 ||
      readOnly.status !== 503 ||
      leftFull.length ||
      leftRo.length ||
      afterFull.status !== 201 ||
      afterRo.status !== 201
    )
      process.exitCode = 1;
  } finally {
    await server?.stop();
    try {
      sh('umount', [uploads]);
    } catch {
      // not mounted
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`db-faults: ${new Date().toISOString()}; machine: ${machine()}`);
if (ONLY === 'all' || ONLY === 'postgres') await postgresOutage();
if (ONLY === 'all' || ONLY === 'photos') await photoStorage();
