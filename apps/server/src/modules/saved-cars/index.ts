/** The saved cars module's public surface: other code imports this file only. */
export { savedCarsRoutes } from './saved-cars.routes.ts';
