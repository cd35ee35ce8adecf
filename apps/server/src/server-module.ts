/**
 * What a server module gives the app, each part made from the app's context: its routes, its jobs
 * and its reactions to domain events. A module's `index.ts` exports one; `buildApp` registers every
 * module's in one loop (app.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import type { AnyJobDefinition } from './jobs/job-queue.ts';

export interface ServerModule {
  /** The module's folder (`saved-searches`), which its jobs' names start with (`saved-searches.match`). */
  name: string;
  /** Its API routes, registered under `/api`. */
  routes: (context: AppContext) => FastifyPluginAsyncZod;
  /** Its jobs (`Jobs`), defined on the queue as the app starts. */
  jobs?: (context: AppContext) => AnyJobDefinition[];
  /**
   * Its reactions, subscribed with `context.database.events.react` (each runs in the transaction
   * that publishes its event); answers their unsubscribes, called when the app closes.
   */
  reactions?: (context: AppContext) => (() => void)[];
}
