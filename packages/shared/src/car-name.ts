/**
 * Apart from the schemas in cars.ts: the first page of the web app names cars, and a module with zod
 * schemas at its top level would bring zod into that page's JavaScript (docs/decisions/0002).
 */
import type { Car } from './cars.ts';

/**
 * How a car is named wherever it is shown (pages, lists, bookings, payments, notifications): its
 * year, make, model and trim, "2021 Porsche 911 GT3 RS" (a car without a trim: "2021 Porsche 911").
 */
export function carName(car: Pick<Car, 'year' | 'brand' | 'model' | 'trim'>): string {
  return `${car.year} ${carTitle(car)}`;
}

/** The make, model and trim without the year, where the year shows apart (a car's page, its card). */
export function carTitle(car: Pick<Car, 'brand' | 'model' | 'trim'>): string {
  return car.trim ? `${car.brand} ${car.model} ${car.trim}` : `${car.brand} ${car.model}`;
}
