/** Health checks, load shedding and metrics (issue 21, items 4 and 5). */
import { sql } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { it } from './fixtures.ts';
import { as, errorOf, runJob, signUpUser, type TestApp } from './helpers.ts';

/** An app of its own past its threshold from the first measurement: any heap is over one megabyte. */
const overloaded = it.extend('env', { scope: 'file' }, { OVERLOAD_HEAP_USED_MB: '1' });
/** An app of its own serving its metrics on a port of its own, at `metricsUrl`. */
const withMetrics = it
  .extend('env', { scope: 'file' }, { METRICS_PORT: '0' })
  .extend(
    'metricsUrl',
    { scope: 'file' },
    ({ t }) => `http://127.0.0.1:${t.context.metrics.address()!.port}/metrics`,
  );

describe('health checks', () => {
  const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

  it('answers live and ready while the database answers, fully migrated', async ({ t }) => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('is not ready while a migration is missing', async ({ t }) => {
    const [newest] = await t.db
      .select({ id: sql<number>`id`, hash: sql<string>`hash`, createdAt: sql<string>`created_at` })
      .from(sql`drizzle.__drizzle_migrations`)
      .orderBy(sql`created_at desc`)
      .limit(1);
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await get(t, '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).message).toBe('Not ready: 1 database migrations are not applied.');
      expect((await get(t, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.createdAt})`,
      );
    }
    expect((await get(t, '/api/health/ready')).statusCode).toBe(200);
  });

  it('answers ready only once the cars for sale are loaded for the search, and not while they fail to load', async ({
    t,
  }) => {
    let loaded!: () => void;
    const load = vi
      .spyOn(t.context.search, 'load')
      .mockRejectedValueOnce(new Error('connection reset'))
      .mockReturnValueOnce(new Promise<void>((resolve) => (loaded = resolve)));
    try {
      const failed = await get(t, '/api/health/ready');
      expect(failed.statusCode).toBe(503);
      expect(errorOf(failed).message).toBe(
        'Not ready: the cars for sale could not be loaded for the search.',
      );
      expect((await get(t, '/api/health/live')).statusCode).toBe(200);

      let answered = false;
      const ready = get(t, '/api/health/ready').then((res) => {
        answered = true;
        return res;
      });
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      loaded();
      expect((await ready).statusCode).toBe(200);
    } finally {
      load.mockRestore();
    }
  });

  it('is not ready once draining (SIGTERM), while it is still live and serving', async ({ t }) => {
    t.context.readiness.drain();
    const ready = await get(t, '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(errorOf(ready).message).toBe('Not ready: shutting down.');
    expect((await get(t, '/api/health/live')).statusCode).toBe(200);
    expect((await get(t, '/api/categories')).statusCode).toBe(200);
  });
});

describe('load shedding', () => {
  overloaded(
    'answers at once with 503 and Retry-After while overloaded, and stays live but not ready',
    async ({ t }) => {
      const shed = await vi.waitFor(
        async () => {
          const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
          if (res.statusCode !== 503) throw new Error(`answered ${res.statusCode}`);
          return res;
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(shed.headers['retry-after']).toBe('10');
      expect(errorOf(shed)).toMatchObject({
        code: 'service_unavailable',
        message: 'The service is busy. Please try again in a few seconds.',
      });
      expect(shed.json().error.requestId).toBe(shed.headers['x-request-id']);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(errorOf(ready).message).toBe('Not ready: overloaded.');
    },
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('a pool with no connection free, on PostgreSQL', () => {
  it("answers 503, not 500, to reads and writes that waited past the pool's timeout", async ({ t }) => {
    const user = await signUpUser(t, 'Buyer');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every connection of the app's pool (20) held open in a transaction until the requests answered.
    const holders = Array.from({ length: 20 }, () => t.db.transaction(() => held));
    try {
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/sellers/00000000-0000-4000-8000-000000000000' }),
        as(t, user, { method: 'POST', url: '/api/saved-searches', payload: { name: 'x', query: {} } }),
      ]);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(503);
        expect(errorOf(res).message).toBe(
          'The service is temporarily unavailable. Please try again shortly.',
        );
      }
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});

describe('metrics', () => {
  const scrape = async (metricsUrl: string) => (await fetch(metricsUrl)).text();

  withMetrics(
    'counts requests by route pattern and status, with their latency',
    async ({ t, metricsUrl }) => {
      await t.app.inject({ method: 'GET', url: '/api/cars/00000000-0000-4000-8000-000000000000' });
      for (const path of ['/wp-admin/1', '/wp-admin/2', '/.env'])
        await t.app.inject({ method: 'GET', url: path });
      const text = await scrape(metricsUrl);
      expect(text).toContain(
        'redline_http_requests_total{method="GET",route="/api/cars/:id",status="404"} 1',
      );
      expect(text).toMatch(
        /redline_http_request_duration_seconds_count\{method="GET",route="\/api\/cars\/:id",status="404"\} 1/,
      );
      // Addresses no route answers share one series, so a scan cannot grow the metrics.
      expect(text).not.toContain('wp-admin');
      expect(text).toMatch(/redline_http_requests_total\{method="GET",route="unmatched",status="404"\} 3/);
    },
  );

  withMetrics(
    'counts jobs run and e-mails sent, reads the queues, and reports the event loop',
    async ({ t, metricsUrl, buyer }) => {
      await runJob(t, 'rate-limits.sweep');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: buyer.email, redirectTo: '/user/reset-password' },
        headers: { origin: 'http://localhost:3000' },
      });
      // The e-mail goes after the answer.
      const text = await vi.waitFor(async () => {
        const scraped = await scrape(metricsUrl);
        expect(scraped).toContain('redline_emails_total{outcome="sent"} 1');
        return scraped;
      });
      expect(text).toContain('redline_job_attempts_total{queue="rate-limits.sweep",outcome="completed"} 1');
      expect(text).toMatch(/redline_jobs\{queue="rate-limits.sweep",state="ready"\} \d+/);
      expect(text).toMatch(/redline_nodejs_eventloop_lag_p99_seconds \d/);
      if (t.context.database.engine === 'postgres') {
        expect(text).toMatch(/redline_db_pool_connections\{state="total"\} [1-9]/);
      }
    },
  );

  withMetrics(
    'serves nothing on the public port, and only GET /metrics on its own',
    async ({ t, metricsUrl }) => {
      for (const url of ['/metrics', '/api/metrics']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
      expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(405);
    },
  );
});
