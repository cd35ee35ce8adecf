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
/** How a typed name matched a catalogue entry: its name (case aside), folded ("rx7" for "RX-7"), an alias, a typo. */
export const MATCH_KINDS = ['exact', 'folded', 'alias', 'typo'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** Another name of a make (`modelId` null) or of one of its models. */
export const vehicleAliasSchema = z.object({
  id: z.number().int(),
  makeId: z.number().int(),
  modelId: z.number().int().nullable(),
  alias: z.string(),
});
export type VehicleAlias = z.infer<typeof vehicleAliasSchema>;
export const vehicleAliasListSchema = z.object({ items: z.array(vehicleAliasSchema).max(VEHICLE_LIST_MAX) });
/** An admin's new alias: of the make, or of one of its models (`modelId`). */
export const vehicleAliasInputSchema = z.object({
  alias: vehicleNameSchema,
  modelId: z.number().int().positive().optional(),
});
export type VehicleAliasInput = z.infer<typeof vehicleAliasInputSchema>;
export const vehicleAliasParamsSchema = vehicleMakeParamsSchema.extend({
  aliasId: z.coerce.number().int().positive(),
});
/** The entry another one is merged into: it keeps its name, and takes the other's cars, models and aliases. */
export const vehicleMergeInputSchema = z.object({ into: z.number().int().positive() });

/** A make or model name that cars carry and the catalogue lacks ("other"), with how many cars carry it. */
export const otherCarNameSchema = z.object({
  /** The make's name the cars show: the seller's words when `makeId` is null, else the catalogue's. */
  brand: z.string(),
  /** The catalogue's make when only the model is other; null when the make is. */
  makeId: z.number().int().nullable(),
  /** The model the cars carry under a catalogue make; null when the make itself is other. */
  model: z.string().nullable(),
  cars: z.number().int(),
});
export type OtherCarName = z.infer<typeof otherCarNameSchema>;
export const OTHER_NAMES_MAX = 500;
export const otherCarNameListSchema = z.object({ items: z.array(otherCarNameSchema).max(OTHER_NAMES_MAX) });

/** One brand and model as sellers typed them, and what the mapping of the cars to the catalogue made of them. */
export const carNameMappingSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  model: z.string(),
  /** The names the cars show since: the catalogue's where it matched, else the seller's. */
  shownBrand: z.string(),
  shownModel: z.string(),
  makeMatch: z.enum(MATCH_KINDS).nullable(),
  modelMatch: z.enum(MATCH_KINDS).nullable(),
  cars: z.number().int(),
  mappedAt: z.string(),
  /** An admin's verdict on a typo match: confirmed (its spelling became an alias) or undone (the cars are other again). */
  review: z.enum(['confirmed', 'undone']).nullable(),
});
export type CarNameMapping = z.infer<typeof carNameMappingSchema>;
export const carNameMappingListSchema = z.object({
  items: z.array(carNameMappingSchema).max(OTHER_NAMES_MAX),
});
export const carNameMappingParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const carNameReviewSchema = z.object({ review: z.enum(['confirmed', 'undone']) });
export type CarNameReview = z.infer<typeof carNameReviewSchema>;
