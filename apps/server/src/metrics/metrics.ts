/**
 * Prometheus metrics (prom-client) of one app: requests by route and status with their latency,
 * the database pool, the job queue's depth and failed attempts, e-mails sent and failed, and
 * Node's own (event-loop delay, heap, garbage collection). Counted always, at the cost of a counter's
 * increment; served only on a port of their own that the operator names (METRICS_PORT), never on the
 * public one. Each app has a registry of its own, so that apps in one process (the tests) never share counts.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { QueueResult } from 'pg-boss';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';

/** Routes answered by no route of the app (404s, refused paths) share one label, so a scan adds no series. */
const UNMATCHED_ROUTE = 'unmatched';

/** What the metrics read when they are scraped. */
export interface MetricsSources {
  connections: Database['connections'];
  /** The queues' jobs, as pg-boss last counted them. */
  queues(): Promise<QueueResult[]>;
}

export class Metrics {
  readonly registry = new Registry();
  private server: Server | undefined;

  private readonly requests = new Counter({
    name: 'redline_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly requestSeconds = new Histogram({
    name: 'redline_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly jobAttempts = new Counter({
    name: 'redline_job_attempts_total',
    help: "Jobs run on this instance, by queue and outcome (a failed attempt is retried until the queue's limit).",
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly emails = new Counter({
    name: 'redline_emails_total',
    help: 'E-mails handed to the mail server (or the dev outbox), by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Counts every answer of `app` by its route's pattern (`/api/cars/:id`), never its address. */
  countRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: String(reply.statusCode),
      };
      this.requests.inc(labels);
      this.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    });
  }

  jobAttempt(queue: string, outcome: 'completed' | 'failed'): void {
    this.jobAttempts.inc({ queue, outcome });
  }

  /** `mailer`, counting what it sends and fails to send. */
  countEmails(mailer: Mailer): Mailer {
    return {
      sent: mailer.sent,
      send: async (mail) => {
        try {
          await mailer.send(mail);
        } catch (error) {
          this.emails.inc({ outcome: 'failed' });
          throw error;
        }
        this.emails.inc({ outcome: 'sent' });
      },
    };
  }

  /**
   * Serves the metrics at `GET /metrics` on `port` of `host` (0: a free port), with what is read
   * when Prometheus scrapes: the pool's connections, the queues' jobs (as pg-boss last counted them)
   * and Node's own metrics. Answers the address it listens at.
   */
  async serve(host: string, port: number, sources: MetricsSources): Promise<AddressInfo> {
    this.collect(sources);
    this.server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://metrics').pathname;
      if (path !== '/metrics') return response.writeHead(404).end();
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return response.writeHead(405, { allow: 'GET' }).end();
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    this.server.listen(port, host);
    await once(this.server, 'listening');
    return this.address()!;
  }

  /** Where the metrics are served; undefined when they are not. */
  address(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  private collect({ connections, queues }: MetricsSources): void {
    if (connections) {
      new Gauge({
        name: 'redline_db_pool_connections',
        help: 'Connections of the database pool: open (total), idle, and requests waiting for one (waiting).',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const { total, idle, waiting } = connections();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
    new Gauge({
      name: 'redline_jobs',
      help: 'Jobs in each queue by state: ready to run, deferred (a later start or a retry), active, failed (kept for a while).',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        for (const queue of await queues()) {
          this.set({ queue: queue.name, state: 'ready' }, queue.readyCount);
          this.set({ queue: queue.name, state: 'deferred' }, queue.deferredCount);
          this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
          this.set({ queue: queue.name, state: 'failed' }, queue.failedCount);
        }
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'redline_' });
  }
}
