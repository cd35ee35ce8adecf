/**
 * How bookings, saved cars and reports picture a car (and name it, by the shared `carName`), so that
 * the whole buyer journey shows a car the same way.
 */
import { type Country, PHOTO_WIDTHS, type Place } from '@redline/shared';
import { eq, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { photoSizes, thumbnailName } from '../photos/index.ts';
import { cars } from './cars.schema.ts';

/** Joins each car's cover photo's size (the first key), to learn which thumbnail exists. */
const coverPhotoJoin = [photoSizes, eq(photoSizes.key, sql`(${cars.photos})[1]`)] as const;

/** The cars for sale, by seller: a read model the users module counts in a seller's profile, in its statement. */
export const carsForSale = new QueryBuilder()
  .select({ id: cars.id, sellerId: cars.sellerId })
  .from(cars)
  .where(isNull(cars.soldAt))
  .as('cars_for_sale');

/**
 * Each car as saved cars and reports list it (its name's parts, its cover, its seller): a read
 * model those modules join by `id` in their own statements, so that a page of them stays one
 * query. PostgreSQL inlines it, so the join costs what a join of the tables did.
 */
export const carSummaries = new QueryBuilder()
  .select({
    id: cars.id,
    year: cars.year,
    brand: cars.brand,
    model: cars.model,
    trim: cars.trim,
    photos: cars.photos,
    postalCode: cars.postalCode,
    country: cars.country,
    city: cars.city,
    region: cars.region,
    coverWidth: sql<number | null>`${photoSizes.width}`.as('cover_width'),
    sellerName: sql<string>`${users.name}`.as('seller_name'),
    sellerEmail: sql<string>`${users.email}`.as('seller_email'),
    sellerVerified: sql<boolean>`${users.isVerified}`.as('seller_verified'),
  })
  .from(cars)
  .innerJoin(users, eq(users.id, cars.sellerId))
  .leftJoin(...coverPhotoJoin)
  .as('car_summaries');

/**
 * Every car, for sale and sold (at the last price it was asked), as the market value model reads it:
 * its make and model family (the catalogue's ids, else the folded names), what adjusts its price, and
 * what its line among another car's comparables shows. A read model the market value module selects
 * from; nothing of its seller.
 */
export const carsForValuation = new QueryBuilder()
  .select({
    id: cars.id,
    makeId: cars.makeId,
    modelId: cars.modelId,
    brandKey: sql<string>`${cars.brandKey}`.as('brand_key'),
    nameKey: sql<string>`${cars.nameKey}`.as('name_key'),
    brand: cars.brand,
    model: cars.model,
    trim: cars.trim,
    year: cars.year,
    kmDriven: cars.kmDriven,
    askingPrice: cars.askingPrice,
    soldAt: cars.soldAt,
    titleStatus: cars.titleStatus,
    previousOwners: cars.previousOwners,
    transmission: cars.transmission,
    drivetrain: cars.drivetrain,
    postalCode: cars.postalCode,
    country: cars.country,
    city: cars.city,
    region: cars.region,
  })
  .from(cars)
  .as('cars_for_valuation');

/** A car's place as pages show it, from its columns (all set or all null: cars_location_check); null without one. */
export function carPlace(row: {
  postalCode: string | null;
  country: Country | null;
  city: string | null;
  region: string | null;
}): Place | null {
  return row.postalCode === null
    ? null
    : { postalCode: row.postalCode, country: row.country!, city: row.city!, region: row.region! };
}

/**
 * URL of a car's cover photo at thumbnail size. A cover without a photo row (cars stored
 * outside the upload call) is assumed to have every standard width.
 */
export function carCoverUrl(
  context: Pick<AppContext, 'photos'>,
  photoKeys: readonly string[],
  width: number | null,
): string {
  return context.photos.url(thumbnailName(photoKeys[0]!, width ?? PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!));
}

/**
 * A car as a booking, a conversation or an offer keeps it (its name's parts, its cover, whether it
 * is sold or reserved, its price) with its seller, locked until the transaction commits: two bookings, or two first messages, of
 * one car run one after the other (so what they check cannot race), and the car cannot be deleted
 * half-way.
 */
export async function lockCarWithSeller(statements: Statements, tx: Tx, carId: string) {
  const [row] = await statements.on(tx, 'car_with_seller_locked', carWithSellerLocked).execute({ carId });
  return row;
}

const carWithSellerLocked = (db: Db) =>
  db
    .select({
      id: cars.id,
      year: cars.year,
      brand: cars.brand,
      model: cars.model,
      trim: cars.trim,
      photos: cars.photos,
      coverWidth: photoSizes.width,
      soldAt: cars.soldAt,
      askingPrice: cars.askingPrice,
      reservedAt: cars.reservedAt,
      sellerId: users.id,
      sellerName: users.name,
      sellerEmail: users.email,
      sellerVerified: users.isVerified,
    })
    .from(cars)
    .innerJoin(users, eq(users.id, cars.sellerId))
    .leftJoin(...coverPhotoJoin)
    .where(eq(cars.id, sql.placeholder('carId')))
    .for('update', { of: cars });

/**
 * Locks the car until the transaction ends: `share` lets a save or a report wait out a deletion in
 * progress; `update` makes a deletion wait for bookings, saves and reports in progress. Undefined
 * when the car does not exist.
 */
export async function lockCar(tx: Tx, carId: string, strength: 'share' | 'update') {
  const [row] = await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for(strength);
  return row;
}
