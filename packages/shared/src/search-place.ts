/**
 * Where a search looks from and how far (`near`, `radius`), read without zod: the search's schemas
 * (search.ts) check them, and pages read a search's address (the web's search-params.ts) without
 * loading the schemas (ADR 2).
 */
import { SEARCH_RADIUS_MAX } from './constants.ts';
import type { Coordinates } from './places.ts';
import { KM_PER_MILE } from './units.ts';

/**
 * Where a search starts from (`near`): a US ZIP code, or a point in degrees ("34.0901,-118.4065"),
 * the browser's location given with the visitor's consent.
 */
export type Near = { postalCode: string } | ({ postalCode?: undefined } & Coordinates);

const ZIP = /^\d{5}$/;
const POINT = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/;

/** The place of a search's `near`, or undefined when it is neither a ZIP code nor a point on the Earth. */
export function parseNear(near: string): Near | undefined {
  if (ZIP.test(near)) return { postalCode: near };
  const point = POINT.exec(near);
  if (!point) return undefined;
  const [latitude, longitude] = [Number(point[1]), Number(point[2])];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : undefined;
}

const RADIUS = /^(\d{1,4})(mi|km)$/;

/** A search's `radius` ("50mi", "100km"): its number and unit, or undefined when it is not one. */
export function parseRadius(radius: string): { value: number; unit: 'mi' | 'km' } | undefined {
  const match = RADIUS.exec(radius);
  if (!match) return undefined;
  const value = Number(match[1]);
  return value >= 1 && value <= SEARCH_RADIUS_MAX ? { value, unit: match[2] as 'mi' | 'km' } : undefined;
}

/** A radius that parseRadius accepts, in km. */
export function radiusKm(radius: string): number {
  const { value, unit } = parseRadius(radius)!;
  return unit === 'mi' ? value * KM_PER_MILE : value;
}
