/** The vehicle catalogue: makes (with their country) and each make's models (docs/catalogue.md). */
import { z } from 'zod';

/** The most makes, or models of one make, a list answers; a search text's answer holds the best few. */
export const VEHICLE_LIST_MAX = 500;
export const VEHICLE_MATCHES_MAX = 20;
export const VEHICLE_NAME_MAX = 60;

export const vehicleMakeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name in a URL: "mercedes-benz". */
  slug: z.string(),
  /** The make's home country, ISO 3166-1 alpha-2 ("DE"). */
  country: z.string().length(2),
});
export type VehicleMake = z.infer<typeof vehicleMakeSchema>;

export const vehicleModelSchema = z.object({
  id: z.number().int(),
  makeId: z.number().int(),
  name: z.string(),
  slug: z.string(),
});
export type VehicleModel = z.infer<typeof vehicleModelSchema>;

export const vehicleMakeListSchema = z.object({ items: z.array(vehicleMakeSchema).max(VEHICLE_LIST_MAX) });
export const vehicleModelListSchema = z.object({ items: z.array(vehicleModelSchema).max(VEHICLE_LIST_MAX) });

/** `q`: what a person typed; without it, the whole list in alphabetical order. */
export const vehicleQuerySchema = z.object({ q: z.string().trim().max(VEHICLE_NAME_MAX).optional() });
export const vehicleMakeParamsSchema = z.object({ makeId: z.coerce.number().int().positive() });
