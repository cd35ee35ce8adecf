/**
 * What a load balancer or orchestrator asks of an instance, and what the instance does when it
 * cannot keep up (docs/operations.md, "Health and overload"):
 * - live (`/api/health/live`): the process answers; restart it when it does not;
 * - ready (`/api/health/ready`): send it traffic; not while its database does not answer or lacks a
 *   migration, while it sheds load, or while it drains after SIGTERM (`Readiness`);
 * - overload: while the event loop lags or memory is past its threshold (configurable), every other
 *   request is answered at once with 503 and `Retry-After` instead of queueing without bound
 *   (@fastify/under-pressure measures, once a second).
 */
import v8 from 'node:v8';
import underPressure from '@fastify/under-pressure';
import { ERROR_CODES } from '@redline/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { errorBody } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: answered even while the instance sheds load (the health checks). */
    shed?: boolean;
  }
}

/** How long a shed request's client is asked to wait. */
export const RETRY_AFTER_SECONDS = 10;
const MB = 1024 * 1024;
/** Shed load at most this often in the log (a line when it starts, then one every so often while it lasts). */
const SHED_LOG_INTERVAL_MS = 10_000;

/** Whether the instance still takes new work: it stops at SIGTERM (main.ts), before it closes. */
export class Readiness {
  private drained = false;

  get draining(): boolean {
    return this.drained;
  }

  drain(): void {
    this.drained = true;
  }
}

export async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  const heapLimit = config.OVERLOAD_HEAP_USED_MB ?? (0.95 * v8.getHeapStatistics().heap_size_limit) / MB;
  let lastLogged = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: Math.round(heapLimit * MB),
    maxRssBytes: config.OVERLOAD_RSS_MB * MB,
    pressureHandler: (request, reply, type, value) => {
      if (request.routeOptions.config?.shed === false) return;
      if (Date.now() - lastLogged > SHED_LOG_INTERVAL_MS) {
        lastLogged = Date.now();
        request.log.warn({ pressure: type, value }, 'overloaded: shedding requests with 503');
      }
      reply.status(503).header('retry-after', RETRY_AFTER_SECONDS);
      // The plugin sends what the handler returns (its types say it returns nothing), and goes on
      // with the request when it returns nothing.
      return errorBody(request, {
        code: ERROR_CODES.unavailable,
        message: 'The service is busy. Please try again in a few seconds.',
      }) as never;
    },
  });
}
