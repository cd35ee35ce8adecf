/** The cars module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { followTheCatalogue } from './car-names.reactions.ts';
import { carNamesRoutes } from './car-names.routes.ts';
import { mapCarsToCatalogue } from './car-names.ts';
import type { AdvertisementOf, MarketValueOf } from './cars.repository.ts';
import { carsRoutes } from './cars.routes.ts';

export { lockCarsOfSeller, removeCar, removeCarsOfSeller } from './car-deletion.ts';
export {
  type ListingRow,
  listingCar,
  listingsForComparison,
  listingsForSale,
  sellerListings,
} from './car-listings.ts';
export { releaseCar, reserveCar } from './car-reservation.ts';
export { changesTo, type StockCar, stockCars, unsoldCarsMissingFrom } from './car-stock.ts';
export {
  carCoverUrl,
  carPlace,
  carSummaries,
  carsForSale,
  carsForValuation,
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
  type MarketValueOf,
  sitemapPagesOfCars,
} from './cars.repository.ts';
export { type EditedCar, editCar, postCar } from './cars.service.ts';

/**
 * The cars module, handed the advertisements' `advertisementOf` for its car views and the market
 * value module's `marketValueColumn` for a car's page, the comparison and a seller's list: scalar
 * subqueries its statements read, built by modules that import this one, so the app passes them
 * in (ADR 37). Registered after the
 * vehicles module, whose catalogue is filled before the cars are mapped to it (car-names.ts).
 */
export const carsModule = (advertisementOf: AdvertisementOf, marketValueOf: MarketValueOf) =>
  defineModule({
    name: 'cars',
    referenceData: ({ database }) => mapCarsToCatalogue(database.db),
    routes: (context) => async (app) => {
      await app.register(carsRoutes({ ...context, advertisementOf, marketValueOf }));
      await app.register(carNamesRoutes(context));
    },
    reactions: followTheCatalogue,
  });
