/** How a car reads on screen: the about preview, the saving, the distance (its mileage and speed: lib/units.ts). */
import {
  ABOUT_PREVIEW_LENGTH,
  distanceIn,
  distanceUnit,
  formatDistance,
  type UnitSystem,
} from '@redline/shared';

/** The first 100 characters of `about` followed by an ellipsis (spec section 9); short texts stay whole. */
export function aboutPreview(about: string): string {
  const text = about.trim();
  return text.length > ABOUT_PREVIEW_LENGTH ? `${text.slice(0, ABOUT_PREVIEW_LENGTH)}…` : text;
}

/**
 * What the buyer saves against the original price, or null when the asking price is not lower: then
 * the original price is shown plainly, never struck through as if it were a discount.
 */
export function priceSaving(car: { askingPrice: number; originalPrice: number }) {
  const amount = car.originalPrice - car.askingPrice;
  if (amount <= 0) return null;
  return { amount, percent: Math.round((amount / car.originalPrice) * 100) };
}

/** "12 mi away", in the visitor's unit; "Under 1 mi away" closer than that. */
export function distanceAway(km: number, system: UnitSystem): string {
  return `${distanceIn(km, system) < 1 ? `Under 1 ${distanceUnit(system)}` : formatDistance(km, system)} away`;
}
