/**
 * Apart from the schemas in cars.ts: the first page of the web app names cars, and a module with zod
 * schemas at its top level would bring zod into that page's JavaScript (docs/decisions/0002).
 */
import type { Car } from './cars.ts';

/** How a car is named wherever it is shown (pages, lists, bookings, payments): "2021 Porsche 911 GT3". */
export function carName(car: Pick<Car, 'year' | 'brand' | 'model'>): string {
  return `${car.year} ${car.brand} ${car.model}`;
}
