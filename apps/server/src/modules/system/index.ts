/** The system module's public surface: other code imports this file only. */
export { systemRoutes } from './system.routes.ts';
