/** The listing stats module's public surface: other code imports this file only. */
import { authSecret } from '../../config/auth-secret.ts';
import { defineModule } from '../../server-module.ts';
import { ListingActivity } from './listing-activity.ts';
import { pruneViewersJob } from './listing-stats.jobs.ts';
import { listingStatsRoutes } from './listing-stats.routes.ts';

/**
 * What each listing earns (issue 49, ADR 62): what visitors saw, taken in memory
 * and written in batches by this instance's `ListingActivity` (written out as the app closes), and the
 * seller's figures.
 */
export const listingStatsModule = defineModule({
  name: 'listing-stats',
  routes: (context) => async (app) => {
    const activity = new ListingActivity(context.database.db, authSecret(context.config), app.log);
    app.addHook('onClose', () => activity.close());
    await app.register(listingStatsRoutes({ ...context, activity }));
  },
  jobs: (context) => [pruneViewersJob(context)],
});
