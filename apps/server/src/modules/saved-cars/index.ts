/** The saved cars module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { savedCarsRoutes } from './saved-cars.routes.ts';

export { saversOf, savesPerDay } from './saved-cars.repository.ts';

export const savedCarsModule = defineModule({ name: 'saved-cars', routes: savedCarsRoutes });
