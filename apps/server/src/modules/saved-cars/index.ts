/** The saved cars module's public surface: other code imports this file only. */

export { saversOf } from './saved-cars.repository.ts';
export { savedCarsRoutes } from './saved-cars.routes.ts';
