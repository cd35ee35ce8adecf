/**
 * The durable job queue (pg-boss; docs/decisions/0007-job-queue.md). Jobs are rows in the
 * database (pg-boss's own schema `pgboss`), so they survive restarts; each job is claimed by one
 * worker on one instance; a failed job is retried with exponential back-off; a scheduled job is
 * enqueued once per occurrence of its cron expression however many instances run.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  type Clock,
  fromPglite,
  type Job,
  type Db as JobDatabase,
  type JobResult,
  PgBoss,
  type QueuePolicy,
} from 'pg-boss';
import type { Config } from '../config/config.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { executeNamed } from '../db/prepared-statements.ts';
import { Metrics } from '../metrics/metrics.ts';
import type { JobName, Jobs } from './jobs.ts';

/** A job of `Jobs`: its name, and how it runs with what that name carries. */
export interface JobDefinition<N extends JobName> {
  /** `<module>.<what>`, e.g. `photos.cleanup`; also the queue's name. */
  name: N;
  /**
   * A cron expression (UTC): the job is enqueued once at each occurrence across all instances, and
   * once late for occurrences missed while no instance ran.
   */
  cron?: string;
  /**
   * pg-boss's queue policy (default `standard`); e.g. `stately`: per singletonKey at most one job
   * waiting and one running, so a job sent while another waits is that one.
   */
  policy?: QueuePolicy;
  /** Runs the job; throwing fails this attempt, which is retried later. What it returns is kept with the job. */
  run(data: Jobs[N], log: FastifyBaseLogger): Promise<object | undefined>;
  /** Runs once the last attempt has failed, no retry left: what the job's records should say of it. */
  gaveUp?(data: Jobs[N], error: unknown): Promise<void>;
  /**
   * An attempt may run for minutes (an inventory import): the worker takes such jobs one a fetch,
   * so that none waits claimed behind another (see JOBS_A_FETCH).
   */
  long?: boolean;
}

/** Retries of every job: 30 to 60 s after a failure, then about twice as long each time (at most an hour), six attempts in all. */
const JOB_RETRIES = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
} as const;
/**
 * Jobs a worker claims with one fetch, then runs in turn. While fetches come back full it fetches
 * again at once (a backlog drains as fast as its jobs run); a queue with fewer waiting is looked at
 * every 2 s (pg-boss's polling). One a fetch, a worker waits those 2 s after every job: 0.5 jobs a
 * second a queue, however many wait (ADR 76). A claimed job must start within its claim (15 minutes,
 * pg-boss's `expireInSeconds`): five short jobs (an e-mail's attempt is bounded by the mailer's
 * timeouts, a refund's by the payment client's) start well within it.
 */
const JOBS_A_FETCH = 5;
/** How long stop() lets running jobs finish; jobs still running then are failed and so retried later. */
const STOP_TIMEOUT_MS = 10_000;

export interface SendOptions {
  startAfter?: number;
  singletonKey?: string;
}

export interface JobQueueOptions {
  /** The source of time and timers; tests pass pg-boss's TestClock to drive schedules and retries. */
  clock?: Clock;
}

export class JobQueue {
  /** The pg-boss instance, for what this class does not wrap (finding jobs, operators' tools). */
  readonly boss: PgBoss;
  private readonly log: FastifyBaseLogger;
  private readonly metrics: Metrics;
  /** The queue's time in ms (its clock's, else the system's), from which a delay is set. */
  private readonly now: () => number;

  constructor(boss: PgBoss, log: FastifyBaseLogger, metrics: Metrics, clock?: Clock) {
    this.boss = boss;
    this.log = log;
    this.metrics = metrics;
    this.now = clock ? () => clock.now() : Date.now;
  }

  /** Creates the job's queue and schedule (idempotent) and starts working it on this instance. */
  async define<N extends JobName>(job: JobDefinition<N>): Promise<void> {
    await this.boss.createQueue(job.name, { ...JOB_RETRIES, policy: job.policy });
    // An occurrence missed while no instance ran (a restart across the hour) is sent once, late.
    if (job.cron) await this.boss.schedule(job.name, job.cron, {}, { missed: 'once' });
    const log = this.log.child({ job: job.name });
    const batchSize = job.long ? 1 : JOBS_A_FETCH;
    const options = { batchSize, burstWhenBatchFull: true, perJobResults: true } as const;
    await this.boss.work<Jobs[N]>(job.name, options, async (claimed) => {
      const results: JobResult[] = [];
      for (const one of claimed) results.push(await this.attempt(job, one, log));
      return results;
    });
  }

  /** Runs one claimed job: its result for pg-boss, which retries a failed one alone. */
  private async attempt<N extends JobName>(
    job: JobDefinition<N>,
    claimed: Job<Jobs[N]>,
    log: FastifyBaseLogger,
  ): Promise<JobResult> {
    try {
      const output = await job.run(claimed.data, log);
      this.metrics.jobAttempt(job.name, 'completed');
      return { id: claimed.id, status: 'completed', output };
    } catch (error) {
      this.metrics.jobAttempt(job.name, 'failed');
      const attempt = claimed.retryCount + 1;
      const attempts = JOB_RETRIES.retryLimit + 1;
      log.warn({ err: error, id: claimed.id, attempt, attempts }, 'job attempt failed');
      if (attempt === attempts && job.gaveUp) {
        await job
          .gaveUp(claimed.data, error)
          .catch((failure: unknown) =>
            log.error({ err: failure, id: claimed.id }, 'recording a job given up failed'),
          );
      }
      return { id: claimed.id, status: 'failed', output: error };
    }
  }

  /**
   * Enqueues a job with what its name carries (`Jobs`). Given the transaction `tx`, the job is
   * written in it: it exists only if the transaction commits (given the database handle, at once).
   * Inside a transaction always pass it: on PGlite a write outside it waits for the transaction to
   * end, which waits for the write.
   * `options.startAfter` (seconds) delays it; `options.singletonKey` names it for its queue's
   * policy. Answers null when the policy refused it (its key has a job waiting already).
   * The delay becomes a time on the queue's clock, as pg-boss sets a retry's: left in seconds, it
   * would be counted from the database's clock of the connection that writes it, and only pg-boss's
   * own connections follow a test's clock.
   */
  send<N extends JobName>(
    name: N,
    data: Jobs[N],
    tx?: Db | Tx,
    { startAfter, singletonKey }: SendOptions = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, {
      singletonKey,
      ...(startAfter === undefined ? {} : { startAfter: new Date(this.now() + startAfter * 1000) }),
      ...(tx ? { db: inTransaction(tx) } : {}),
    });
  }

  /** Stops fetching; running jobs get STOP_TIMEOUT_MS to finish, then are failed (and so retried). */
  stop(): Promise<void> {
    return this.boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
  }
}

/**
 * pg-boss's statements run in the app's transaction, each named after its text (a job's insert is
 * one text a queue): PostgreSQL plans it once a connection, not with every job sent. Both drivers
 * (PGlite, node-postgres) take pg-boss's `$n` parameters as they are and answer with `{ rows }`.
 */
function inTransaction(tx: Db | Tx): JobDatabase {
  return { executeSql: (text, values = []) => executeNamed(tx, statementName(text), text, values) };
}

/** The name of each pg-boss statement run in the app's transactions, by its text. */
const statementNames = new Map<string, string>();

function statementName(text: string) {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `pgboss_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Starts the queue on the app's database, creating or migrating pg-boss's schema first. On
 * PostgreSQL pg-boss opens a small pool of its own; PGlite is one connection, shared with the app.
 */
export async function startJobQueue(
  config: Pick<Config, 'DATABASE_URL'>,
  database: Database,
  log: FastifyBaseLogger,
  options: JobQueueOptions = {},
  metrics = new Metrics(),
): Promise<JobQueue> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...options })
    : new PgBoss({ connectionString: config.DATABASE_URL, max: 4, ...options });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn(warning.data, warning.message));
  await boss.start();
  return new JobQueue(boss, log, metrics, options.clock);
}
