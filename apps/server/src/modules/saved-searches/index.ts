/** The saved searches module's public surface: other code imports this file only. */
export { digestJob, matchJob, matchOnEvents } from './saved-search-alerts.ts';
export { findSavedSearch } from './saved-searches.repository.ts';
export { savedSearchesRoutes } from './saved-searches.routes.ts';
