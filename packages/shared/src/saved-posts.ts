/** Saved posts: a buyer's bookmarks of cars. */
import { z } from 'zod';

const carId = z.guid({ error: 'Choose a car' });

export const savedPostInputSchema = z.object({ carId });
export type SavedPostInput = z.infer<typeof savedPostInputSchema>;

export const savedPostCarParamsSchema = z.object({ carId });

export const savedStateSchema = z.object({ saved: z.boolean() });
export type SavedState = z.infer<typeof savedStateSchema>;

export const savedPostSchema = z.object({
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
  savedAt: z.string(),
});
export type SavedPost = z.infer<typeof savedPostSchema>;
