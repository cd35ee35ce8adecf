/** The vehicle catalogue: makes (with their country) and each make's models (docs/catalogue.md). */
import { z } from 'zod';
import { bodyStyleSchema, drivetrainSchema, fuelSchema, transmissionSchema } from './cars.ts';

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
export const vehicleModelParamsSchema = vehicleMakeParamsSchema.extend({
  modelId: z.coerce.number().int().positive(),
});

const vehicleNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(VEHICLE_NAME_MAX, `At most ${VEHICLE_NAME_MAX} characters`);

const COUNTRY_MESSAGE = 'Country must be a two-letter code (ISO 3166-1), such as IT';

/** What an admin gives of a new make. */
export const vehicleMakeInputSchema = z.object({
  name: vehicleNameSchema,
  country: z
    .string()
    .length(2, COUNTRY_MESSAGE)
    .regex(/^[A-Z]{2}$/, COUNTRY_MESSAGE),
});
export type VehicleMakeInput = z.infer<typeof vehicleMakeInputSchema>;
/** An admin's change of a make: its name (the old one stays as an alias), its country, or both. */
export const vehicleMakeChangeSchema = vehicleMakeInputSchema.partial();
export type VehicleMakeChange = z.infer<typeof vehicleMakeChangeSchema>;
/** What an admin gives of a new model, or of a model's new name (the old one stays as an alias). */
export const vehicleModelInputSchema = z.object({ name: vehicleNameSchema });

/**
 * What a VIN says of its car, decoded offline (`GET /vehicles/vin/{vin}`), to prefill the posting
 * form: each field null when the decoder does not know it. `brand` and `model` are the catalogue's
 * names when `makeId` / `modelId` link them to it, the decoder's words otherwise.
 */
export const vinDecodeSchema = z.object({
  vin: z.string(),
  year: z.number().int().nullable(),
  brand: z.string().nullable(),
  makeId: z.number().int().nullable(),
  model: z.string().nullable(),
  modelId: z.number().int().nullable(),
  trim: z.string().nullable(),
  bodyStyle: bodyStyleSchema.nullable(),
  /** A short text: "3.8 L flat-6", "2.0 L 4-cylinder turbo". */
  engine: z.string().nullable(),
  fuel: fuelSchema.nullable(),
  drivetrain: drivetrainSchema.nullable(),
  transmission: transmissionSchema.nullable(),
  doors: z.number().int().nullable(),
});
export type VinDecode = z.infer<typeof vinDecodeSchema>;
