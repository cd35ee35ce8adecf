/** The cars module's public surface: other code imports this file only. */
export { deleteCarsWhere } from './car-deletion.ts';
export { searchesFinding, searchKey } from './car-search.ts';
export { carCoverUrl, coverPhotoJoin, coverWidth, lockCarWithSeller } from './car-summary.ts';
export { toAdvertisedCars } from './car-view.ts';
export { carsInBrief, carViewColumns, findCar } from './cars.repository.ts';
export { carsRoutes } from './cars.routes.ts';
