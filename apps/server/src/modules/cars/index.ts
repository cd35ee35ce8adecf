/** The cars module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { carsRoutes } from './cars.routes.ts';

export { lockCarsOfSeller, removeCar, removeCarsOfSeller } from './car-deletion.ts';
export { carCoverUrl, carSummaries, carsForSale, lockCar, lockCarWithSeller } from './car-summary.ts';
export { toAdvertisedCars } from './car-view.ts';
export { carsForSaleAmong, carsInBrief, carViews, findCar } from './cars.repository.ts';

export const carsModule = defineModule({ name: 'cars', routes: carsRoutes });
