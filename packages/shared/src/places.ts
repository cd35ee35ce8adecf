import { z } from 'zod';
import { ZIP_CODE_PATTERN } from './constants.ts';

/**
 * Where a car stands (and a seller's default): a postal code of a country the gazetteer knows, from
 * which the server derives the city, region and coordinates offline (apps/server/src/places/,
 * docs/catalogue.md). The United States' five-digit ZIP codes today.
 */
export const COUNTRIES = ['US'] as const;
export type Country = (typeof COUNTRIES)[number];

/** A US ZIP code as typed: five digits, a ZIP+4's extension dropped ("90210-1234" is "90210"). */
export const postalCodeSchema = z
  .string({ error: 'Enter a ZIP code' })
  .trim()
  .max(10, 'Enter a 5-digit ZIP code')
  .regex(ZIP_CODE_PATTERN, 'Enter a 5-digit ZIP code')
  .transform((code) => code.slice(0, 5))
  .meta({ example: '90210' });

/** The farthest a seller may offer to deliver a car, in km (the form's largest choice, 500 mi, is 805 km). */
export const DELIVERY_RADIUS_MAX_KM = 1000;

/** How far from its place a seller delivers a car, in km; null when they do not deliver. */
export const deliveryRadiusSchema = z
  .number({ error: 'Choose how far you deliver' })
  .positive('The delivery distance must be more than 0')
  .max(DELIVERY_RADIUS_MAX_KM, `The delivery distance must be at most ${DELIVERY_RADIUS_MAX_KM} km`)
  .nullable();

/** A place as pages show it: the postal code typed and what the gazetteer derives from it. */
export const placeSchema = z.object({
  postalCode: z.string(),
  country: z.enum(COUNTRIES),
  city: z.string(),
  /** The state's (or province's) abbreviation: "CA". */
  region: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** A point on the Earth, in degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The Earth's mean radius (IUGG), the sphere of distanceKm. */
export const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/** The great-circle distance between two points, in km (the haversine formula on a sphere). */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const dLatitude = (to.latitude - from.latitude) * RADIANS;
  const dLongitude = (to.longitude - from.longitude) * RADIANS;
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(from.latitude * RADIANS) * Math.cos(to.latitude * RADIANS) * Math.sin(dLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
