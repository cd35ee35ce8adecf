/** The vehicles module's public surface: the catalogue of makes and models, and its resolver. */
import { defineModule } from '../../server-module.ts';
import { vehiclesRoutes } from './vehicles.routes.ts';
import { fillCatalogue } from './vehicles.service.ts';

export {
  aliasSpelling,
  catalogueResolver,
  changeCatalogue,
  linkToCatalogue,
  readCatalogueNames,
  resolveMake,
  resolveModel,
} from './vehicles.service.ts';
/** Fills an empty catalogue; the bench's data generator writes into databases no server has started on. */
export { fillCatalogue };

export const vehiclesModule = defineModule({
  name: 'vehicles',
  routes: vehiclesRoutes,
  referenceData: ({ database }) => fillCatalogue(database.db),
});
