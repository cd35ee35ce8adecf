/** The advertisements module's public surface: other code imports this file only. */
export { advertisementsRoutes } from './advertisements.routes.ts';
