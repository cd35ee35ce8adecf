/**
 * What a server module gives the app, each part made from the app's context: its reference data,
 * its routes, its jobs and its reactions to domain events. A module's `index.ts` exports one, made by `defineModule`;
 * `buildApp` registers every module's in one loop (app.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import type { JobDefinition } from './jobs/job-queue.ts';
import type { JobName } from './jobs/jobs.ts';

/** Any one job of `Jobs` whose name starts with `<module>.` (`JobOf<string>`: any job at all). */
type JobOf<Module extends string> = {
  [N in JobName]: N extends `${Module}.${string}` ? JobDefinition<N> : never;
}[JobName];

export interface ServerModule {
  /** The module's folder (`saved-searches`), which its jobs' names start with (`saved-searches.match`). */
  name: string;
  /**
   * Fills the reference data its tables must hold before it serves (the vehicle catalogue) when
   * they lack it; run as the app is built, before its routes are registered. Answers whether it
   * filled anything.
   */
  referenceData?: (context: AppContext) => Promise<boolean>;
  /** Its API routes, registered under `/api`. */
  routes: (context: AppContext) => FastifyPluginAsyncZod;
  /** Its jobs (`Jobs`), defined on the queue as the app starts. */
  jobs?: (context: AppContext) => JobOf<string>[];
  /**
   * Its reactions, subscribed with `context.database.events.react` (each runs in the transaction
   * that publishes its event); answers their unsubscribes, called when the app closes.
   */
  reactions?: (context: AppContext) => (() => void)[];
  /**
   * Runs as the app starts, once its jobs are defined and its reactions subscribed: the work it
   * enqueues when its tables lack what they keep (the market values' first fit).
   */
  started?: (context: AppContext) => Promise<void>;
}

/** A module's definition, as it is; the type-check refuses a job not named after the module. */
export function defineModule<Name extends string>(
  module: ServerModule & { name: Name; jobs?: (context: AppContext) => JobOf<NoInfer<Name>>[] },
): ServerModule {
  return module;
}
