/** The cars module's public surface: other code imports this file only. */
export { lockCarsOfSeller, removeCar, removeCarsOfSeller } from './car-deletion.ts';
export { searchesFinding, searchKey } from './car-search.ts';
export { carCoverUrl, carSummaries, carsForSale, lockCar, lockCarWithSeller } from './car-summary.ts';
export { toAdvertisedCars } from './car-view.ts';
export { carsForSaleAmong, carsInBrief, carViews, findCar } from './cars.repository.ts';
export { carsRoutes } from './cars.routes.ts';
