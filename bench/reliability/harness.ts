/**
 * What the reliability scripts share: the real server in a process (and process group) of its own,
 * started as the server's start script starts it (`node`, its flags, `src/main.ts`; or `start:prod`'s
 * compiled `dist/main.js`) but without npm, so its pid is the server's
 * (SIGKILL hits the server, RSS is the server's); HTTP users with their own cookies; percentiles.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { freePort } from '../lib/processes.ts';

export { freePort };

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');

/** Variables of the app that must not leak from the caller's shell into the server under test. */
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
  'PUBLIC_URL',
];

/**
 * The server's own scripts without npm: its TypeScript sources (`start`), or compiled (`start:prod`,
 * ADR 31); or `npm start` itself, launched as a user launches it (npm, the web build when its sources
 * changed, then the server in the process of scripts/start.mjs: ADR 69).
 */
export type ServerScript = 'start' | 'start:prod' | 'npm start';

/** A script of the server's package.json after `node`: the memory measured is `npm start`'s (or `npm run start:prod`'s). */
function serverArguments(script: ServerScript): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'));
  return (scripts[script] as string).split(' ').slice(1);
}

/** One session secret for every server this process starts, so that a restart keeps sessions. */
const AUTH_SECRET = randomBytes(32).toString('hex');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  logFile: string;
  startMs: number;
  exited(): string | undefined;
  /** Resident memory of the server process in MB. */
  rssMb(): number;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export async function startServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  port?: number;
  logFile: string;
  timeoutMs?: number;
  script?: ServerScript;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    AUTH_SECRET,
    PAYMENTS: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // The runs sign up their users from one address.
    SIGN_UP_LIMIT: '1000000',
    ...options.env,
  });
  // `npm start` serves the web app it builds; the others run the API alone.
  if (options.script !== 'npm start') env.WEB_DIST = path.join(options.dataDir, 'no-web');
  const log = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    const script = options.script ?? 'start';
    const [command, args, cwd] =
      script === 'npm start'
        ? ['npm', ['start'], REPO_ROOT]
        : [process.execPath, serverArguments(script), SERVER_DIR];
    child = spawn(command, args, { cwd, env, stdio: ['ignore', log, log], detached: true });
  } finally {
    closeSync(log);
  }
  const pid = child.pid;
  if (!pid) throw new Error('could not start the server');
  let exited: string | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exit ${code ?? signal}`;
      resolve();
    }),
  );
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  process.once('exit', () => killGroup('SIGKILL'));

  const started = performance.now();
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    if (exited) throw new Error(`the server stopped during start-up (${exited}); see ${options.logFile}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup('SIGKILL');
      throw new Error(`the server did not become healthy in time; see ${options.logFile}`);
    }
    await sleep(50);
  }
  // Under npm, the server is the process of its group that runs scripts/start.mjs.
  const serverPid = options.script === 'npm start' ? groupMember(pid, 'scripts/start.mjs') : pid;
  return {
    baseUrl,
    pid,
    logFile: options.logFile,
    startMs: Math.round(performance.now() - started),
    exited: () => exited,
    rssMb: () => {
      try {
        const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    async stop() {
      killGroup('SIGTERM');
      await Promise.race([exit, sleep(20_000)]);
      killGroup('SIGKILL');
      await Promise.race([exit, sleep(5_000)]);
    },
    async kill() {
      killGroup('SIGKILL');
      await Promise.race([exit, sleep(5_000)]);
    },
  };
}

/** The process of group `group` that has `argument` among its arguments (not a shell's command). */
function groupMember(group: number, argument: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fifth field of stat is the process group; the command (second) may hold spaces.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ');
      if (Number(fields?.[2]) !== group) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(argument)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no process of group ${group} runs ${argument}`);
}

export interface Answer {
  status: number;
  ms: number;
  body: unknown;
}

/** A browser-like client: keeps its session cookie and sends the site's own Origin on writes. */
export class Client {
  cookie = '';
  readonly baseUrl: string;
  readonly forwardedFor?: string;

  constructor(baseUrl: string, forwardedFor?: string) {
    this.baseUrl = baseUrl;
    this.forwardedFor = forwardedFor;
  }

  async request(method: string, url: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    let payload: BodyInit | undefined;
    if (method !== 'GET') headers.origin = this.baseUrl;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const started = performance.now();
    try {
      const res = await fetch(this.baseUrl + url, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const setCookie = res.headers.getSetCookie();
      if (setCookie.length > 0) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: res.status, ms: performance.now() - started, body: parsed };
    } catch {
      return { status: 0, ms: performance.now() - started, body: null };
    }
  }
}

export async function signUp(client: Client, role: 'Buyer' | 'Seller', email: string, name = email) {
  const res = await client.request('POST', '/api/auth/sign-up/email', {
    name,
    email,
    password: 'reliability-1',
    role,
  });
  if (res.status !== 200) throw new Error(`sign-up of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  // Signing up signs no one in (ADR 35).
  const signIn = await client.request('POST', '/api/auth/sign-in/email', {
    email,
    password: 'reliability-1',
  });
  if (signIn.status !== 200)
    throw new Error(`sign-in of ${email}: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return (res.body as { user: { id: string } }).user.id;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB PNG with noise in it (so it does not compress to nothing). */
export function noisyPng(width: number, height: number, seed = 1): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue;
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = x >> 16;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function photoForm(png: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'car.png');
  return form;
}

export function futureDate(days: number): string {
  const now = new Date();
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
