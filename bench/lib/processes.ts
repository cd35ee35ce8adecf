/**
 * Servers under test run in processes of their own, started with this process's Node (never npx,
 * which leaves orphans) in their own process group, stopped by that group's id, and watched for memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT, WORK_DIR } from './cli.ts';

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

export interface Running {
  name: string;
  baseUrl: string;
  pid: number;
  logFile: string;
  /** Milliseconds from spawn until `readyPath` first answered 200. */
  startMs: number;
  /** Every process group that serves it (instances behind nginx: lib/instances.ts); `pid`'s alone when absent. */
  groups?: number[];
  /** Each instance's own address behind nginx (lib/instances.ts), where each keeps its own memory; `baseUrl` alone when absent. */
  instances?: string[];
  stop(): Promise<void>;
}

/** Variables of the app that must not leak from the caller's shell into a server under test. */
const APP_VARIABLES = [
  'DATABASE_URL',
  'DATA_DIR',
  'ADMIN_EMAILS',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'SMTP_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_PUBLIC_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYMENTS',
  'LOG_LEVEL',
];

export async function startProcess(options: {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string> | ((baseUrl: string) => Record<string, string>);
  /** Answers 200 once the server is ready. */
  readyPath: string;
  timeoutMs?: number;
}): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(path.join(WORK_DIR, 'logs'), { recursive: true });
  const logFile = path.join(WORK_DIR, 'logs', `${options.name}.log`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  const extra = typeof options.env === 'function' ? options.env(baseUrl) : options.env;
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', ...extra });
  const log = openSync(logFile, 'w');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [options.script, ...(options.args ?? [])], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', log, log],
      detached: true,
    });
  } finally {
    closeSync(log);
  }
  const pid = child.pid;
  if (!pid) throw new Error(`could not start ${options.script}`);
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exit ${code ?? signal}`;
  });
  const stop = () => stopGroup(pid);
  process.once('exit', () => signalGroup(pid, 'SIGKILL'));

  const started = performance.now();
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (exited) {
      throw new Error(
        `${options.name} stopped during start-up (${exited}); see ${logFile}:\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(baseUrl + options.readyPath, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.name} did not answer ${options.readyPath} in time; see ${logFile}`);
    }
    await sleep(25);
  }
  return {
    name: options.name,
    baseUrl,
    pid,
    logFile,
    startMs: Math.round(performance.now() - started),
    stop,
  };
}

/**
 * One secret for every Redline start of a run, so that sessions outlive a restart (and the load can
 * sign the sessions it writes itself, sessions.ts).
 */
export const AUTH_SECRET = randomBytes(32).toString('hex');

/**
 * The Redline server itself as `npm start` runs it, in production mode (JSON logs at the default
 * level, to a file), on an existing dataset, without demo data. `startMs` is then the time to the
 * first answer of GET /api/categories.
 */
export function startRedline(name: string, env: Record<string, string>, script = 'apps/server/src/main.ts') {
  return startProcess({
    name,
    script,
    readyPath: '/api/categories',
    env: (baseUrl) => ({
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      AUTH_SECRET,
      PAYMENTS: 'test',
      PUBLIC_URL: baseUrl,
      ...env,
    }),
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function stopGroup(pid: number) {
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
  if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
}

/** Resident memory (MiB) of the largest process of a group: the server's node process. */
export function groupRssMiB(groupId: number): number {
  let largest = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      largest = Math.max(largest, kb / 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return Math.round(largest);
}

/** Linux's clock ticks a second, the unit of /proc's CPU times (USER_HZ: 100 on every architecture Node runs on). */
const CLOCK_TICKS = 100;

/**
 * CPU time used so far (ms, user and system): by the processes of some groups (a server under test), by
 * this machine's PostgreSQL processes, those that ended included (the postmaster has reaped them:
 * their time is its children's), and by this process (the load generator).
 */
export function cpuTimes(groupIds: number[]) {
  const times = { group: 0, postgres: 0, bench: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after the command name: the group is [2]; user and system time [11] and [12], those
      // of its ended children [13] and [14].
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      const ms = (ticks * 1000) / CLOCK_TICKS;
      if (groupIds.includes(Number(fields[2]))) times.group += ms;
      else if (command.startsWith('postgres')) times.postgres += ms;
    } catch {
      // the process ended meanwhile
    }
  }
  const own = process.cpuUsage();
  times.bench = (own.user + own.system) / 1000;
  return times;
}

/** Samples a group's memory until stopped; returns the peak. */
export function watchRss(groupId: number, everyMs = 250) {
  let peak = groupRssMiB(groupId);
  const timer = setInterval(() => {
    peak = Math.max(peak, groupRssMiB(groupId));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, groupRssMiB(groupId));
    },
  };
}
