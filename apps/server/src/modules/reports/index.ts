/** The reports module's public surface: other code imports this file only. */
export { reportsRoutes } from './reports.routes.ts';
