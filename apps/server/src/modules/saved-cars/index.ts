/** The saved cars module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { savedCarsRoutes } from './saved-cars.routes.ts';

export const savedCarsModule: ServerModule = { name: 'saved-cars', routes: savedCarsRoutes };
