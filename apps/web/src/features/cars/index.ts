/** The cars feature's public surface: code outside features/cars imports only this file. */
export { advertisedCarsQueryOptions } from './api/get-advertised-cars.ts';
export { carQueryOptions, useCar } from './api/get-car.ts';
export { carComparablesQueryOptions } from './api/get-car-comparables.ts';
export { comparedCarsQueryOptions, useComparedCars } from './api/get-compared-cars.ts';
export { sellerCarsQueryOptions } from './api/get-seller-cars.ts';
export { CarComparison } from './components/car-comparison.tsx';
export {
  CarAbout,
  CarDetailsSkeleton,
  CarSeller,
  CarSpecs,
  CarSummary,
  SoldBadge,
} from './components/car-details.tsx';
export { CarForm } from './components/car-form.tsx';
export { CarGrid, CarGridSkeleton } from './components/car-grid.tsx';
export { CarMarketValue } from './components/car-market-value.tsx';
export { CarSpecifications } from './components/car-specifications.tsx';
export { CarStructuredData } from './components/car-structured-data.tsx';
export { PriceHistory } from './components/price-history.tsx';
export { SellerCarsList } from './components/seller-cars-list.tsx';
export { WhatsNew } from './components/whats-new.tsx';
export { aboutPreview } from './utils/car-text.ts';
export { comparisonOf } from './utils/comparison.ts';
