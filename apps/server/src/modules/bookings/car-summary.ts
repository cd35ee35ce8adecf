/**
 * How bookings, saved posts and reports name and picture a car. Saved posts and reports import
 * it from here so that the whole buyer journey shows a car the same way.
 */
import type { AppContext } from '../../context.ts';

export function carName(car: { year: number; brand: string; model: string }): string {
  return `${car.year} ${car.brand} ${car.model}`;
}

/** URL of a car's cover photo (the first key) at 480 px: the size of list thumbnails. */
export function carCoverUrl(_context: AppContext, photoKeys: readonly string[]): string {
  // Photos are served from /uploads until the photo service is on the context
  // (then: context.photos.url(`${key}-480.webp`)).
  return `/uploads/${photoKeys[0]}-480.webp`;
}
