/**
 * The work a write leaves to Redline's job queue: its notifications' e-mails (two minutes on), the
 * market values refitted after cars change (ten seconds on), a refund. It runs in Redline's process
 * when it comes due, which without a wait would be during a later measured run, Redline's or a
 * ceiling's, at random. On PostgreSQL the bench waits after each of Redline's runs until no job
 * waits or runs, and counts the CPU used meanwhile, beyond what the idle server and database use
 * (measured once before the first run), as that run's deferred work. A PGlite database is open in
 * Redline's process alone: there the bench cannot look at the queue, and does not wait.
 */
import pg from 'pg';
import { cpuTimes, type Running, sleep } from './processes.ts';

/**
 * What one wait saw: the jobs waiting or running when it began, how long it took, and their CPU
 * above the idle rate, of the server's processes and of PostgreSQL (ms in all; bench:api divides
 * it by the run's requests).
 */
export interface Deferred {
  jobs: number;
  seconds: number;
  cpuMs: { server: number; postgres: number };
}

/** The longest wait: an e-mail's two minutes, with room for the e-mails to be sent. */
const WAIT_LIMIT_MS = 300_000;
const IDLE_SAMPLE_MS = 10_000;

export class DeferredJobs {
  /** CPU ms a second of the idle server and database. */
  private idle = { server: 0, postgres: 0 };

  private readonly client: pg.Client;

  private constructor(client: pg.Client) {
    this.client = client;
  }

  static async open(databaseUrl: string): Promise<DeferredJobs> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return new DeferredJobs(client);
  }

  private async waiting(): Promise<number> {
    const { rows } = await this.client.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
    );
    return rows[0]!.n;
  }

  /** Before the first run: waits out what the start enqueued, then measures the idle rate. */
  async start(server: Running): Promise<Deferred> {
    const startup = await this.waitOut(server);
    const groups = server.groups ?? [server.pid];
    const before = cpuTimes(groups);
    await sleep(IDLE_SAMPLE_MS);
    const after = cpuTimes(groups);
    this.idle = {
      server: ((after.group - before.group) / IDLE_SAMPLE_MS) * 1000,
      postgres: ((after.postgres - before.postgres) / IDLE_SAMPLE_MS) * 1000,
    };
    return startup;
  }

  /** Waits until no job waits or runs (at most WAIT_LIMIT_MS); answers what that took. */
  async waitOut(server: Running): Promise<Deferred> {
    const groups = server.groups ?? [server.pid];
    const started = performance.now();
    const before = cpuTimes(groups);
    const jobs = await this.waiting();
    let left = jobs;
    while (left > 0 && performance.now() - started < WAIT_LIMIT_MS) {
      await sleep(500);
      left = await this.waiting();
    }
    const after = cpuTimes(groups);
    const seconds = (performance.now() - started) / 1000;
    if (left > 0) console.log(`  ${left} job(s) still waiting after ${Math.round(seconds)} s: going on`);
    const above = (used: number, idle: number) => Math.max(0, Math.round(used - idle * seconds));
    return {
      jobs,
      seconds: Math.round(seconds * 10) / 10,
      cpuMs: {
        server: above(after.group - before.group, this.idle.server),
        postgres: above(after.postgres - before.postgres, this.idle.postgres),
      },
    };
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
