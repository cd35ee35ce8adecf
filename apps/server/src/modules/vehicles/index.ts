/** The vehicles module's public surface: the catalogue of makes and models, and its resolver. */
import { defineModule } from '../../server-module.ts';
import { vehiclesRoutes } from './vehicles.routes.ts';
import { fillCatalogue } from './vehicles.service.ts';

export {
  type CatalogueLink,
  linkToCatalogue,
  readCatalogueNames,
  resolveMake,
  resolveModel,
} from './vehicles.service.ts';

export const vehiclesModule = defineModule({
  name: 'vehicles',
  routes: vehiclesRoutes,
  referenceData: ({ database }) => fillCatalogue(database.db),
});
