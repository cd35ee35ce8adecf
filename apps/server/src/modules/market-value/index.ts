/** The market value module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { firstFit, refitJob, refitOnEvents } from './market-value.jobs.ts';
import { marketValueRoutes } from './market-value.routes.ts';

export { estimateOf, marketValueColumn, marketValueOf } from './market-value.repository.ts';

/** A market value for every car for sale, refitted by a job when cars change (docs/market-value.md). */
export const marketValueModule = defineModule({
  name: 'market-value',
  routes: marketValueRoutes,
  jobs: (context) => [refitJob(context)],
  reactions: refitOnEvents,
  started: firstFit,
});
