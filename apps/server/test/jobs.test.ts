/**
 * The durable job queue (pg-boss): retries with back-off, jobs and schedules that outlast a
 * restart, a schedule run once however many instances run it, jobs enqueued in a transaction
 * that exist only if it commits, and the photo cleanup scheduled on it. Schedules and retries run on pg-boss's TestClock, which moves
 * only when the test says so.
 */

import { TestClock } from 'pg-boss';
import pino from 'pino';
import { describe, expect, expectTypeOf, vi } from 'vitest';
import { type JobDefinition, type JobQueue, startJobQueue } from '../src/jobs/job-queue.ts';
import type { Scheduled } from '../src/jobs/jobs.ts';
import { defineModule, type ServerModule } from '../src/server-module.ts';
import { it as base } from './fixtures.ts';
import { createTestDatabase, tickUntil } from './helpers.ts';

// This file's own jobs, declared as the app's are.
declare module '../src/jobs/jobs.ts' {
  interface Jobs {
    'test.flaky': Scheduled;
    'test.doomed': { label: string };
    'test.durable': { photo: string };
    'test.scheduled': Scheduled;
    'test.hourly': Scheduled;
    'test.recorded': { label: string };
    'test.delayed': Scheduled;
    'test.backlog': { n: number };
    'test.batched': { label: string };
  }
}

const log = pino({ level: 'silent' });

const it = base
  /** A database of the file's without an app, for the queues the tests start on it. */
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('testDb', { scope: 'file' }, async ({}, { onCleanup }) => {
    const testDb = await createTestDatabase();
    onCleanup(() => testDb.close());
    return testDb;
  })
  /**
   * Starts another instance of the queue on that database, as another server process would run it;
   * the test's instances stop after it.
   */
  .extend('instance', ({ testDb }, { onCleanup }) => {
    const queues: JobQueue[] = [];
    onCleanup(async () => {
      for (const queue of queues) await queue.stop();
    });
    return async (clock: TestClock) => {
      const queue = await startJobQueue(testDb.config, testDb.database, log, { clock });
      queues.push(queue);
      return queue;
    };
  });

// The tests share one database, which remembers when a schedule was last looked at: each test's
// clock starts later than the clocks of the tests before it.
describe('jobs on a test clock', () => {
  it('retries a failed job after a back-off, and the retry succeeds', async ({ instance }) => {
    const clock = new TestClock('2026-03-02T10:00:00Z');
    const queue = await instance(clock);
    const attempts: number[] = [];
    await queue.define({
      name: 'test.flaky',
      async run() {
        attempts.push(clock.now());
        if (attempts.length === 1) throw new Error('the first attempt fails');
        return { done: true };
      },
    });
    const id = (await queue.send('test.flaky', {}))!;
    const job = async () => (await queue.boss.findJobs('test.flaky', { id }))[0]!;

    await tickUntil(queue, clock, async () => (await job()).state === 'retry');
    const failedAt = clock.now();
    const retry = await job();
    expect(attempts).toHaveLength(1);
    // Back-off: the retry waits at least the first delay (30 s) before it may run.
    expect(retry.startAfter.getTime() - failedAt).toBeGreaterThanOrEqual(29_000);
    await clock.tick(20_000);
    expect(attempts).toHaveLength(1);

    await tickUntil(queue, clock, async () => (await job()).state === 'completed');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]! - failedAt).toBeGreaterThanOrEqual(29_000);
    expect((await job()).output).toEqual({ done: true });
  });

  it('gives a job up after its sixth failed attempt, telling it once', async ({ instance }) => {
    const clock = new TestClock('2026-03-02T11:00:00Z');
    const queue = await instance(clock);
    let attempts = 0;
    const givenUp: unknown[] = [];
    await queue.define({
      name: 'test.doomed',
      async run() {
        attempts += 1;
        throw new Error(`attempt ${attempts} fails`);
      },
      async gaveUp(data, error) {
        givenUp.push([data, (error as Error).message]);
      },
    });
    const id = (await queue.send('test.doomed', { label: 'x' }))!;
    const job = async () => (await queue.boss.findJobs('test.doomed', { id }))[0]!;
    await tickUntil(queue, clock, async () => (await job()).state === 'failed', 7200);
    expect(attempts).toBe(6);
    expect(givenUp).toEqual([[{ label: 'x' }, 'attempt 6 fails']]);
  });

  it('keeps a job through a restart: enqueued before, run by the instance started after', async ({
    instance,
  }) => {
    const clock = new TestClock('2026-03-02T12:00:00Z');
    const before = await instance(clock);
    await before.boss.createQueue('test.durable');
    const id = (await before.send('test.durable', { photo: 'abc' }))!;
    await before.stop();

    const after = await instance(clock);
    const seen: object[] = [];
    await after.define({
      name: 'test.durable',
      async run(data) {
        seen.push(data);
        return undefined;
      },
    });
    await tickUntil(
      after,
      clock,
      async () => (await after.boss.findJobs('test.durable', { id }))[0]?.state === 'completed',
    );
    expect(seen).toEqual([{ photo: 'abc' }]);
  });

  it('runs a scheduled job once per occurrence when two instances run the schedule', async ({ instance }) => {
    const clock = new TestClock('2026-03-03T11:00:05Z');
    const runs: string[] = [];
    const scheduled = (instanceName: string): JobDefinition<'test.scheduled'> => ({
      name: 'test.scheduled',
      cron: '* * * * *',
      async run() {
        runs.push(instanceName);
        return undefined;
      },
    });
    const [a, b] = [await instance(clock), await instance(clock)];
    await a.define(scheduled('a'));
    await b.define(scheduled('b'));

    // Both instances look at the schedule several times within the minute of 11:00 (test clock).
    await tickUntil(a, clock, () => runs.length > 0, 50);
    await clock.tick(55_000 - (clock.now() - Date.parse('2026-03-03T11:00:00Z')));
    expect(new Date(clock.now()).toISOString()).toBe('2026-03-03T11:00:55.000Z');

    expect(runs).toHaveLength(1);
    expect(await a.boss.findJobs('test.scheduled')).toHaveLength(1);
  });
  it('runs a scheduled occurrence missed while no instance ran once, when one starts again', async ({
    instance,
  }) => {
    const runs: string[] = [];
    const hourly = (instanceName: string): JobDefinition<'test.hourly'> => ({
      name: 'test.hourly',
      cron: '0 * * * *',
      async run() {
        runs.push(instanceName);
        return undefined;
      },
    });
    const before = await instance(new TestClock('2026-03-04T09:30:00Z'));
    await before.define(hourly('before'));
    await before.stop();

    // Down from 9:30 to 11:20: the occurrences of 10:00 and 11:00 came due while nothing ran.
    const clock = new TestClock('2026-03-04T11:20:00Z');
    const after = await instance(clock);
    await after.define(hourly('after'));
    await tickUntil(after, clock, () => runs.length > 0, 60);
    await clock.tick(60_000);
    expect(runs).toEqual(['after']);
  });

  it("runs a job delayed in the app's transaction when the queue's clock reaches its time, however far that clock is from the database's", async ({
    instance,
    testDb,
  }) => {
    // Months behind the database's clock: a delay counted from the database's would not come due here.
    const clock = new TestClock('2026-03-05T08:00:00Z');
    const queue = await instance(clock);
    const runs: number[] = [];
    await queue.define({
      name: 'test.delayed',
      async run() {
        runs.push(clock.now());
        return undefined;
      },
    });
    const sentAt = clock.now();
    await testDb.database.db.transaction(async (tx) => {
      await queue.send('test.delayed', {}, tx, { startAfter: 60 });
    });
    await clock.tick(55_000);
    expect(runs).toEqual([]);
    await tickUntil(queue, clock, () => runs.length > 0, 30);
    expect(runs[0]! - sentAt).toBeGreaterThanOrEqual(60_000);
  });

  // The clock stands still in both: a worker that waits its poll (2 s) between jobs runs one and stops.
  it('works a backlog as fast as its jobs run, not one job a poll', async ({ instance }) => {
    const clock = new TestClock('2026-03-06T08:00:00Z');
    const queue = await instance(clock);
    await queue.boss.createQueue('test.backlog');
    for (let n = 0; n < 12; n++) await queue.send('test.backlog', { n });
    const done: number[] = [];
    await queue.define({
      name: 'test.backlog',
      async run({ n }) {
        done.push(n);
        return undefined;
      },
    });
    await vi.waitFor(() => expect(done).toHaveLength(12), { timeout: 30_000, interval: 50 });
    expect(done.toSorted((a, b) => a - b)).toEqual([...Array(12).keys()]);
    const jobs = await queue.boss.findJobs('test.backlog');
    expect(jobs.map((job) => job.state)).toEqual(Array(12).fill('completed'));
  });

  it('retries a failed job alone: the jobs claimed with it complete', async ({ instance }) => {
    const clock = new TestClock('2026-03-06T09:00:00Z');
    const queue = await instance(clock);
    await queue.boss.createQueue('test.batched');
    const ids = new Map<string, string>();
    for (const label of ['first', 'fails once', 'last'])
      ids.set(label, (await queue.send('test.batched', { label }))!);
    const runs: string[] = [];
    await queue.define({
      name: 'test.batched',
      async run({ label }) {
        runs.push(label);
        if (label === 'fails once' && runs.filter((run) => run === label).length === 1)
          throw new Error('busy');
        return { label };
      },
    });
    const state = async (label: string) =>
      (await queue.boss.findJobs('test.batched', { id: ids.get(label)! }))[0]!;
    await vi.waitFor(async () => expect((await state('fails once')).state).toBe('retry'), {
      timeout: 30_000,
    });
    expect(runs.toSorted()).toEqual(['fails once', 'first', 'last']);
    for (const label of ['first', 'last']) {
      const job = await state(label);
      expect([job.state, job.output]).toEqual(['completed', { label }]);
    }
    expect((await state('fails once')).output).toMatchObject({ message: 'busy' });

    await tickUntil(queue, clock, async () => (await state('fails once')).state === 'completed');
    expect(runs.toSorted()).toEqual(['fails once', 'fails once', 'first', 'last']);
  });
});

describe('jobs in the app', () => {
  it('never runs a job enqueued in a transaction that rolled back', async ({ t }) => {
    const runs: string[] = [];
    await t.context.jobs.define({
      name: 'test.recorded',
      async run({ label }) {
        runs.push(label);
        return undefined;
      },
    });

    await expect(
      t.db.transaction(async (tx) => {
        await t.context.jobs.send('test.recorded', { label: 'rolled back' }, tx);
        throw new Error('the transaction fails after enqueueing');
      }),
    ).rejects.toThrow('the transaction fails after enqueueing');
    await t.db.transaction(async (tx) => {
      await t.context.jobs.send('test.recorded', { label: 'committed' }, tx);
    });

    await vi.waitFor(() => expect(runs).toContain('committed'), { timeout: 30_000, interval: 100 });
    expect(runs).toEqual(['committed']);
    const jobs = await t.context.jobs.boss.findJobs<{ label: string }>('test.recorded');
    expect(jobs.map((job) => job.data.label)).toEqual(['committed']);
  });

  it('enqueues a job only with what its name carries (checked by the type-check)', ({ t }) => {
    const send = t.context.jobs.send.bind(t.context.jobs);
    expectTypeOf(send<'payments.refund'>)
      .parameter(1)
      .toEqualTypeOf<{ refundId: string }>();
    // Never called: the type-check fails if a wrong payload, or a name no job has, type-checks.
    const wrong = () => [
      // @ts-expect-error payments.refund carries the refund's id, not a car's
      send('payments.refund', { carId: 'a car' }),
      // @ts-expect-error saved-searches.match carries the car's id
      send('saved-searches.match', {}),
      // @ts-expect-error no job has this name
      send('payments.refnd', { refundId: 'a refund' }),
    ];
    expectTypeOf(wrong).returns.toEqualTypeOf<Promise<string | null>[]>();
  });

  it('lets a module list only jobs named after it (checked by the type-check)', () => {
    const cleanup: JobDefinition<'photos.cleanup'> = { name: 'photos.cleanup', run: async () => undefined };
    const routes = () => async () => undefined;
    expectTypeOf(
      defineModule({ name: 'photos', routes, jobs: () => [cleanup] }),
    ).toEqualTypeOf<ServerModule>();
    // Never called: the type-check fails if the payments module may list the photos module's job.
    const misnamed = () =>
      // @ts-expect-error photos.cleanup is not a payments job
      defineModule({ name: 'payments', routes, jobs: () => [cleanup] });
    expectTypeOf(misnamed).returns.toEqualTypeOf<ServerModule>();
  });

  it('schedules the photo cleanup every hour', async ({ t }) => {
    const [schedule] = await t.context.jobs.boss.getSchedules('photos.cleanup');
    expect(schedule?.cron).toBe('0 * * * *');
  });
});
