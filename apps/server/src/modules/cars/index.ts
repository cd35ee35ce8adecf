/** The cars module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import type { AdvertisementOf } from './cars.repository.ts';
import { carsRoutes } from './cars.routes.ts';

export { lockCarsOfSeller, removeCar, removeCarsOfSeller } from './car-deletion.ts';
export { carCoverUrl, carSummaries, carsForSale, lockCar, lockCarWithSeller } from './car-summary.ts';
export { toAdvertisedCars } from './car-view.ts';
export {
  type AdvertisementOf,
  carsForSaleAmong,
  carsForSaleSharingVin,
  carsInBrief,
  carViews,
  findCar,
  listedByACar,
} from './cars.repository.ts';

/**
 * The cars module, handed the advertisements' `advertisementOf` for its car views: the
 * advertisements import this module, so the app passes it in (ADR 37).
 */
export const carsModule = (advertisementOf: AdvertisementOf) =>
  defineModule({ name: 'cars', routes: (context) => carsRoutes({ ...context, advertisementOf }) });
