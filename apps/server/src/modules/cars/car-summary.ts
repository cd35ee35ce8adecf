/**
 * How bookings, saved cars and reports picture a car (and name it, by the shared `carName`), so that
 * the whole buyer journey shows a car the same way.
 */
import { PHOTO_WIDTHS } from '@redline/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { cars, photos, users } from '../../db/schema.ts';
import { thumbnailName } from '../photos/index.ts';

/** The cover photo's width, to select next to a car (join `coverPhotoJoin`). */
export const coverWidth = photos.width;
/** Joins each car's cover photo row (the first key), to learn which thumbnail exists. */
export const coverPhotoJoin = [photos, eq(photos.key, sql`(${cars.photos})[1]`)] as const;

/**
 * URL of a car's cover photo at thumbnail size. A cover without a photo row (cars stored
 * outside the upload call) is assumed to have every standard width.
 */
export function carCoverUrl(context: AppContext, photoKeys: readonly string[], width: number | null): string {
  return context.photos.url(thumbnailName(photoKeys[0]!, width ?? PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!));
}

/**
 * A car as a booking or a conversation keeps it (its name's parts, its cover, whether it is sold)
 * with its seller, locked until the transaction commits: two bookings, or two first messages, of
 * one car run one after the other (so what they check cannot race), and the car cannot be deleted
 * half-way.
 */
export async function lockCarWithSeller(tx: Tx, carId: string) {
  const [row] = await tx
    .select({
      id: cars.id,
      year: cars.year,
      brand: cars.brand,
      model: cars.model,
      photos: cars.photos,
      coverWidth,
      soldAt: cars.soldAt,
      sellerId: users.id,
      sellerName: users.name,
      sellerEmail: users.email,
      sellerVerified: users.isVerified,
    })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.sellerId))
    .leftJoin(...coverPhotoJoin)
    .where(eq(cars.id, carId))
    .for('update', { of: cars });
  return row;
}
