/**
 * Test harness: a real app on a fresh database per test file (in-memory PGlite, or a database of
 * its own on the PostgreSQL of TEST_DATABASE_URL), each a copy of one migrated database (ADR 78),
 * and helpers for signed-in calls.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LiveTopic, Me, Role } from '@redline/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestClock } from 'pg-boss';
import { inject, vi } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openDatabase, type Tx } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import type { JobName, Jobs, Scheduled } from '../src/jobs/jobs.ts';
import { REFIT_DELAY_SECONDS } from '../src/modules/market-value/market-value.jobs.ts';
import { freshPostgres } from './postgres-databases.ts';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  db: Database['db'];
  dataDir: string;
  close(): Promise<void>;
}

export interface TestDatabase {
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * In-memory PGlite's migrated empty database, copied (`dumpDataDir`) once a worker: a test's
 * database starts from the copy in about a second, where an empty one takes three to five (initdb
 * and the migrations). A worker runs file after file on this module (isolate: false), so the copy
 * outlives the file that made it.
 */
let migratedPglite: Promise<Blob> | undefined;
function migratedPgliteCopy(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const database = await openDatabase({});
    try {
      return await database.pglite!.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return migratedPglite;
}

/**
 * A fresh, migrated database (in-memory PGlite, or a PostgreSQL database of its own copied from
 * the migrated template global-setup.ts made) and the configuration that names it.
 */
export async function createTestDatabase(env: Record<string, string> = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'redline-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  // Outside Vitest (a benchmark's app, bench/inventory-import.ts) there is no template: migrate.
  const template = process.env.VITEST ? inject('migratedPostgres') : undefined;
  const pgDb = pgBase ? await freshPostgres(pgBase, template) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // No shedding for a lagging event loop: on a busy test machine PGlite's start-up and migrations
    // hold the loop for seconds, and a test would meet 503s (health.test.ts sheds by memory instead).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    loadDataDir: config.DATABASE_URL ? undefined : await migratedPgliteCopy(),
  });
  return {
    config,
    database,
    dataDir,
    async close() {
      await database.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real app on a fresh database; `options.clock` runs its job queue on a test clock, `options.logTo` reads its log. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(env);
  const { app, context } = await buildApp(testDb.config, testDb.database, options);
  await app.ready();
  return {
    app,
    context,
    db: testDb.database.db,
    dataDir: testDb.dataDir,
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

/**
 * Enqueues a job on the app's queue (a scheduled job with nothing, as its schedule does) and waits
 * until a worker has completed it; returns what the job returned.
 */
export async function runJob<N extends JobName>(
  t: TestApp,
  name: N,
  ...[data]: Jobs[N] extends Scheduled ? [] : [Jobs[N]]
): Promise<unknown> {
  const id = await t.context.jobs.send(name, data ?? ({} as Jobs[N]));
  if (!id) throw new Error(`job ${name} was not enqueued`);
  return vi.waitFor(
    async () => {
      const [job] = await t.context.jobs.boss.findJobs(name, { id });
      if (job?.state !== 'completed') throw new Error(`job ${name} is ${job?.state ?? 'missing'}`);
      return job.output;
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** How long a job may run before `tickUntil` gives up waiting for it (real time). */
const JOB_RUN_LIMIT_MS = 30_000;

/** Whether a job of any queue runs now: claimed by a worker, neither completed nor failed yet. */
async function anyJobRunning(jobs: JobQueue): Promise<boolean> {
  const { rows } = await jobs.boss
    .getDb()
    .executeSql("SELECT 1 FROM pgboss.job WHERE state = 'active' LIMIT 1");
  return rows.length > 0;
}

/**
 * On a test clock: until `done` holds, moves the clock a second at a time while no job runs (so that
 * the workers poll and what is due comes due), and waits on real time while one runs. A handler runs
 * on real time: were the clock moved on meanwhile, a slow machine would bring work due that the test
 * expects only later (a refit's delay after a post) before the test has looked.
 */
export async function tickUntil(
  jobs: JobQueue,
  clock: TestClock,
  done: () => boolean | Promise<boolean>,
  maxSeconds = 300,
): Promise<void> {
  for (let seconds = 0; seconds < maxSeconds; ) {
    if (await done()) return;
    if (await anyJobRunning(jobs)) {
      await vi.waitFor(
        async () => {
          if (await anyJobRunning(jobs)) throw new Error(`a job still runs after ${JOB_RUN_LIMIT_MS} ms`);
        },
        { timeout: JOB_RUN_LIMIT_MS, interval: 10 },
      );
      continue;
    }
    await clock.tick(1000);
    seconds += 1;
  }
  throw new Error(`still not done after ${maxSeconds} s of test clock`);
}

/** On a test clock: moves it (`tickUntil`) until every job of `name` enqueued so far has completed. */
export async function jobsDone(t: TestApp, clock: TestClock, name: JobName) {
  await tickUntil(t.context.jobs, clock, async () =>
    (await t.context.jobs.boss.findJobs(name)).every((job) => job.state === 'completed'),
  );
}

/** The refits the cars' changes have waiting, coalesced. */
export async function refitsWaiting(t: TestApp) {
  const jobs = await t.context.jobs.boss.findJobs('market-value.refit', { queued: true });
  return jobs.filter((job) => job.singletonKey === 'market-value.refit');
}

/** On a test clock: moves it past the refit's delay, then until the waiting refit has run; answers its output. */
export async function runWaitingRefit(t: TestApp, clock: TestClock) {
  const [waiting] = await refitsWaiting(t);
  if (!waiting) throw new Error('no refit waiting');
  await clock.tick(REFIT_DELAY_SECONDS * 1000);
  let output: unknown;
  await tickUntil(t.context.jobs, clock, async () => {
    const [job] = await t.context.jobs.boss.findJobs('market-value.refit', { id: waiting.id });
    output = job?.output;
    return job?.state === 'completed';
  });
  return output;
}

export const TEST_PASSWORD = 'correct-horse-7';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  cookie: string;
}

/** How `signUpUser` makes a user, when not as its defaults. */
export interface SignUpOverrides {
  name?: string;
  email?: string;
  isVerified?: boolean;
  emailVerified?: boolean;
}

let counter = 0;

/**
 * Signs a new user up through the real sign-up call, then in (signing up never signs in), each from
 * a client address of its own (sign-ups are limited per client); returns the session cookie. Their
 * address counts as confirmed unless `emailVerified: false` (sign-up.test.ts follows the real link).
 */
export async function signUpUser(t: TestApp, role: Role, overrides: SignUpOverrides = {}): Promise<TestUser> {
  counter += 1;
  const email = overrides.email ?? `${role.toLowerCase()}${counter}-${randomUUID().slice(0, 8)}@example.test`;
  const name = overrides.name ?? `${role} ${counter}`;
  const remoteAddress = `10.250.${counter >> 8}.${counter & 255}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    payload: { name, email, password: TEST_PASSWORD, role: role === 'Admin' ? 'Buyer' : role },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const [user] = await t.db
    .update(users)
    .set({
      ...(role === 'Admin' ? { role: 'Admin' as const } : {}),
      isVerified: overrides.isVerified ?? false,
      emailVerified: overrides.emailVerified ?? true,
    })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    payload: { email, password: TEST_PASSWORD },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  return { id: user!.id, name, email, role, cookie: cookieFrom(signIn) };
}

/** Follows the confirmation link e-mailed to `email` (the latest), as its owner's browser would; answers the redirect. */
export async function followConfirmationLink(t: TestApp, email: string) {
  const mail = await vi.waitFor(() => {
    const found = t.context.mailer.sent.findLast(
      (m) => m.to === email && m.subject === 'Confirm your e-mail address for Redline',
    );
    if (!found) throw new Error(`no confirmation e-mail to ${email}`);
    return found;
  });
  const link = new URL(mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]);
  return t.app.inject({ method: 'GET', url: link.pathname + link.search });
}

/** Another session of the same user, as from a second device or after signing out. */
export async function signInAgain(t: TestApp, user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:3000' },
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...user, cookie: cookieFrom(res) };
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * The user's live-updates stream from a listening server (`address`), over a real connection, and a
 * reader of what it says; `headers` beside the user's cookie (a proxy's `X-Forwarded-For`).
 */
export async function openStream(address: string, user: TestUser, headers: Record<string, string> = {}) {
  const res = await fetch(`${address}/api/notifications/stream`, {
    headers: { ...headers, cookie: user.cookie },
  });
  const reader = res.body!.getReader();
  let said = '';
  const read = async () => {
    const { value, done } = await reader.read();
    if (!done) said += new TextDecoder().decode(value);
    return done;
  };
  return {
    res,
    /** Reads until the stream has said `events` events of `topic` in all. */
    async until(events: number, topic: LiveTopic = 'notifications') {
      while ((said.match(new RegExp(`^event: ${topic}$`, 'gm')) ?? []).length < events) {
        if (await read()) throw new Error(`the stream ended after: ${said}`);
      }
      return said;
    },
    /** Reads until the server ends the stream (or its answer, a refusal); what it said. */
    async ended() {
      while (!(await read()));
      return said;
    },
    close: () => reader.cancel(),
  };
}

/** `inject` as a user (or anonymously when `user` is undefined). */
export function as(t: TestApp, user: TestUser | undefined, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) },
  });
}

/** What a test reads of an answer, whether `as` or `asStream` got it. */
export type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'>;

/**
 * `as`, for a route that may answer with an endless stream (Server-Sent Events): the answer's status
 * and headers, and its body when it ends (an error); an event stream is read no further and closed.
 */
export async function asStream(
  t: TestApp,
  user: TestUser | undefined,
  options: InjectOptions,
): Promise<Answer> {
  const res = await t.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) },
    payloadAsStream: true,
  });
  const stream = res.stream();
  let body = '';
  if (String(res.headers['content-type']).startsWith('text/event-stream')) stream.destroy();
  else for await (const chunk of stream) body += chunk;
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) };
}

/** Renames the user through Better Auth's update-user endpoint, from the app's own origin. */
export function renameUser(t: TestApp, user: TestUser, name: string) {
  return as(t, user, {
    method: 'POST',
    url: '/api/auth/update-user',
    headers: { origin: 'http://localhost:3000' },
    payload: { name },
  });
}

/** Who `GET /api/me` says the user's cookie signs in: the user, or null once the session has ended. */
export async function whoAmI(t: TestApp, user: TestUser): Promise<Me | null> {
  const res = await as(t, user, { method: 'GET', url: '/api/me' });
  if (res.statusCode !== 200) throw new Error(`GET /api/me answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export function errorOf(res: LightMyRequestResponse) {
  return (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

/**
 * How many of `responses` had each status, as `{ 400: 5, 429: 20 }`: a burst's test compares the whole
 * tally, so that an answer that is neither of the expected ones shows in the failure.
 */
export function statusTally(responses: readonly { statusCode: number }[]): Record<number, number> {
  const tally: Record<number, number> = {};
  for (const { statusCode } of responses) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
  return tally;
}

/**
 * Other spellings that Node's base64url decoder turns into the same bytes as `text`: another last
 * character where its unused bits differ, `=` padding, a space inside, base64's `+` and `/`.
 */
export function sameBytesSpellings(text: string): string[] {
  const bytes = Buffer.from(text, 'base64url');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const candidates = [
    ...[...alphabet].map((c) => `${text.slice(0, -1)}${c}`),
    `${text}=`,
    `${text}==`,
    `${text.slice(0, 4)} ${text.slice(4)}`,
    text.replaceAll('-', '+').replaceAll('_', '/'),
  ];
  return [...new Set(candidates)].filter(
    (spelling) => spelling !== text && Buffer.from(spelling, 'base64url').equals(bytes),
  );
}

/**
 * Runs `writes` at once on PostgreSQL (PGlite's one connection cannot race), while a transaction holds
 * what each waits for after its checks (`hold`), until every one of them waits for a lock: they then
 * go on together. Answers their results.
 */
export async function together<R>(
  t: TestApp,
  hold: (tx: Tx) => Promise<unknown>,
  writes: () => Promise<R>[],
): Promise<R[]> {
  const lockWaits = async () => {
    const result = (await t.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    return result.rows[0]!.waiting;
  };
  let all: Promise<R[]> | undefined;
  await t.db.transaction(async (tx) => {
    await hold(tx);
    const started = writes();
    all = Promise.all(started);
    while ((await lockWaits()) < started.length) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  return all!;
}
