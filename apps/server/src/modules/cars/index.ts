/** The cars module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { followTheCatalogue } from './car-names.reactions.ts';
import { carNamesRoutes } from './car-names.routes.ts';
import { mapCarsToCatalogue } from './car-names.ts';
import type { AdvertisementOf } from './cars.repository.ts';
import { carsRoutes } from './cars.routes.ts';

export { lockCarsOfSeller, removeCar, removeCarsOfSeller } from './car-deletion.ts';
export { releaseCar, reserveCar } from './car-reservation.ts';
export {
  carCoverUrl,
  carPlace,
  carSummaries,
  carsForSale,
  lockCar,
  lockCarWithSeller,
} from './car-summary.ts';
export { toAdvertisedCars } from './car-view.ts';
export {
  type AdvertisementOf,
  carsForSaleAmong,
  carsForSaleSharingVin,
  carsInBrief,
  carsOfSitemapPage,
  carViews,
  findCar,
  listedByACar,
  sitemapPagesOfCars,
} from './cars.repository.ts';

/**
 * The cars module, handed the advertisements' `advertisementOf` for its car views: the
 * advertisements import this module, so the app passes it in (ADR 37). Registered after the
 * vehicles module, whose catalogue is filled before the cars are mapped to it (car-names.ts).
 */
export const carsModule = (advertisementOf: AdvertisementOf) =>
  defineModule({
    name: 'cars',
    referenceData: ({ database }) => mapCarsToCatalogue(database.db),
    routes: (context) => async (app) => {
      await app.register(carsRoutes({ ...context, advertisementOf }));
      await app.register(carNamesRoutes(context));
    },
    reactions: followTheCatalogue,
  });
