/** Saved cars: a buyer's bookmarks. */
import { z } from 'zod';
import { placeSchema } from './places.ts';

const carId = z.guid({ error: 'Choose a car' });

export const savedCarInputSchema = z.object({ carId });

export const savedCarParamsSchema = z.object({ carId });

export const savedStateSchema = z.object({ saved: z.boolean() });

export const savedCarSchema = z.object({
  /** The buyer's user id. */
  buyer: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  /** The car's id. */
  car: z.string(),
  carName: z.string(),
  /** The seller's display name. */
  carSeller: z.string(),
  carSellerVerified: z.boolean(),
  carPhoto: z.string(),
  /** Where the car is; null for a car posted before places. */
  carLocation: placeSchema.nullable(),
  savedAt: z.string(),
});
export type SavedCar = z.infer<typeof savedCarSchema>;
