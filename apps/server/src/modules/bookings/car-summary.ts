/**
 * How bookings, saved posts and reports name and picture a car. Saved posts and reports import
 * it from here so that the whole buyer journey shows a car the same way.
 */
import type { AppContext } from '../../context.ts';

export function carName(car: { year: number; brand: string; model: string }): string {
  return `${car.year} ${car.brand} ${car.model}`;
}

/** URL of a car's cover photo (the first key) at 480 px: the size of list thumbnails. */
export function carCoverUrl(context: AppContext, photoKeys: readonly string[]): string {
  return context.photos.url(`${photoKeys[0]}-480.webp`);
}
