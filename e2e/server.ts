/**
 * The real Redline server for the end-to-end suite: built web app, the compiled server run as
 * `npm run start:prod` runs it (ADR 31), free port, temporary data directory (fresh embedded
 * database, demo data seeded), NODE_ENV=production.
 * Started with this process's Node (never npx, which leaves orphans) in its own process group, so
 * stopping it by its process id also stops the seeding child it may start.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
/** The server's production command after `node`: its Node flags and the compiled entry point. */
const START_PROD_ARGS = (
  JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')).scripts['start:prod'] as string
)
  .split(' ')
  .slice(1);
/** What `npm run build` makes and the server needs: the web app and the compiled server. */
const BUILT_FILES = [path.join(REPO_ROOT, 'apps/web/dist/index.html'), path.join(SERVER_DIR, 'dist/main.js')];
/** Where the server's log is kept after the run (during the run it lives in the data directory). */
export const SERVER_LOG = path.join(import.meta.dirname, 'test-results', 'server.log');
const logIn = (dataDir: string) => path.join(dataDir, 'server.log');

/** The first start seeds the demo data (it renders every demo photo): allow for a slow machine. */
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_S || 600) * 1000;

/** Variables of the app that must not leak from the caller's shell into the test server. */
const APP_VARIABLES = [
  'DATABASE_URL',
  'ADMIN_EMAILS',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER',
  'SMTP_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYMENTS',
  'WEB_DIST',
  'BROWSING',
  'MARKET_UNITS',
];

export function build(): void {
  console.log('[e2e] building the web app and the server (npm run build; E2E_SKIP_BUILD=1 skips)');
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`[e2e] npm run build failed (exit ${result.status ?? result.signal})`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  pid: number;
  dataDir: string;
}

function logTail(file: string, lines = 60): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

/** `overrides`: the app's variables a spec needs different (its own server, e.g. without PUBLIC_URL). */
export async function startServer(overrides: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const missing = BUILT_FILES.find((file) => !existsSync(file));
  if (missing) throw new Error(`[e2e] ${missing} is missing: run npm run build or unset E2E_SKIP_BUILD`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'redline-e2e-'));

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // foundation.spec.ts reads the OpenAPI document, which production does not serve by default.
    API_DOCS: 'true',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // The suite pays with the test cards.
    PAYMENTS: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    // Every test signs its own users up, all from this machine's address (server tests check the limit).
    SIGN_UP_LIMIT: '1000',
    // Every simulated person's browser comes from 127.0.0.1: their pages' live-updates streams
    // together would meet the per-address cap meant for one person's tabs.
    LIVE_STREAMS_PER_CLIENT: '100',
    // E2E_DATABASE_URL runs the suite against a PostgreSQL database instead of the embedded one.
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  });
  Object.assign(env, overrides);

  // The log lives in the run's own data directory: runs in parallel (other checkouts, other
  // shells) never mix their logs; stopServer keeps a copy in test-results/.
  const logFile = logIn(dataDir);
  const log = openSync(logFile, 'w');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, START_PROD_ARGS, {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', log, log],
      detached: true, // own process group: the server and any child it starts stop together
    });
  } finally {
    closeSync(log);
  }
  const pid = child.pid;
  if (!pid) throw new Error(`[e2e] could not start the server`);
  // From its spawn, not once it is ready: a run interrupted during the start leaves no server.
  killServerOnExit(pid);
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exit ${code ?? signal}`;
  });

  const server = { baseURL, pid, dataDir };
  const startedAt = Date.now();
  const deadline = startedAt + HEALTH_TIMEOUT_MS;
  let nextNote = startedAt + 30_000;
  while (true) {
    if (exited) {
      const tail = logTail(logFile);
      await stopServer(server);
      throw new Error(`[e2e] the server stopped during start-up (${exited}). Log tail:\n${tail}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const tail = logTail(logFile);
      await stopServer(server);
      throw new Error(
        `[e2e] /api/health/ready not 200 after ${HEALTH_TIMEOUT_MS / 1000}s. Log tail:\n${tail}`,
      );
    }
    if (Date.now() > nextNote) {
      nextNote += 30_000;
      const waited = Math.round((Date.now() - startedAt) / 1000);
      console.log(
        `[e2e] server still starting after ${waited} s; last log line: ${logTail(logFile, 1).trim().slice(0, 200)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return server;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

const stopped = new Set<number>();

/**
 * SIGTERM (graceful shutdown), SIGKILL after 10 s; then the log is kept as `keepLogAs` and the data
 * directory is removed.
 */
export async function stopServer(
  { pid, dataDir }: { pid?: number; dataDir?: string },
  keepLogAs = SERVER_LOG,
): Promise<void> {
  if (pid && !stopped.has(pid)) {
    stopped.add(pid);
    signalGroup(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(pid)) {
      console.warn(`[e2e] server ${pid} ignored SIGTERM for 10 s: SIGKILL`);
      signalGroup(pid, 'SIGKILL');
    }
  }
  if (dataDir) {
    try {
      mkdirSync(path.dirname(keepLogAs), { recursive: true });
      copyFileSync(logIn(dataDir), keepLogAs);
    } catch {
      // no log to keep
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Last resort when the runner exits without running the teardown (or stopServer). */
export function killServerOnExit(pid: number): void {
  process.once('exit', () => {
    if (!stopped.has(pid)) signalGroup(pid, 'SIGKILL');
  });
}
