/** The saved searches module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { digestJob, matchJob, matchOnEvents, matchRatedJob } from './saved-search-alerts.ts';
import { savedSearchesRoutes } from './saved-searches.routes.ts';

export { findSavedSearch } from './saved-searches.repository.ts';

export const savedSearchesModule = defineModule({
  name: 'saved-searches',
  routes: savedSearchesRoutes,
  jobs: (context) => [matchJob(context), matchRatedJob(context), digestJob(context)],
  reactions: matchOnEvents,
});
