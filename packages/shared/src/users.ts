import { z } from 'zod';
import { userSchema } from './auth.ts';
import { dealerSchema, listedDealerSchema } from './dealers.ts';
import { postalCodeSchema } from './places.ts';
import { reviewSummarySchema } from './reviews.ts';

/**
 * A buyer or seller in the admin lists: `renamedFrom` is the name an admin verified when its owner
 * has changed it since (the rename cleared the verification: re-verify), otherwise null.
 */
export const listedUserSchema = userSchema.extend({ renamedFrom: z.string().nullable() });
export type ListedUser = z.infer<typeof listedUserSchema>;
/** A seller in the admins' list: a listed user, and the business they run when they are a dealer. */
export const listedSellerSchema = listedUserSchema.extend({
  role: z.literal('Seller'),
  dealer: listedDealerSchema.nullable(),
});
export type ListedSeller = z.infer<typeof listedSellerSchema>;
export const userIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Body of `PUT /me/location`: the signed-in user's default location, or null to have none. */
export const myLocationInputSchema = z.object({ postalCode: postalCodeSchema.nullable() });
export type MyLocationInput = z.infer<typeof myLocationInputSchema>;

/** A seller's page (`GET /sellers/{id}`): what any signed-in user may know of a seller, never the e-mail. */
export const sellerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  verified: z.boolean(),
  /** When the account was made. */
  memberSince: z.string(),
  carsForSale: z.number().int(),
  /** The business the seller runs, when they are a dealer (ADR 63); null for a private seller. */
  dealer: dealerSchema.nullable(),
  /** The seller's verified reviews in figures (ADR 64); the reviews: `GET /sellers/{id}/reviews`. */
  reviews: reviewSummarySchema,
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;
