/**
 * A seller's cars as an inventory import compares them with its rows (modules/inventory-import): each
 * car's form fields as its seller would see them in the edit form, found by stock number or VIN.
 */
import { type CarInput, type CarUpdate, IMPORT_COLUMNS, type ImportColumn } from '@redline/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cars } from './cars.schema.ts';

const stockColumns = {
  id: cars.id,
  soldAt: cars.soldAt,
  postalCodeStored: cars.postalCode,
  stockNumber: cars.stockNumber,
  vin: cars.vin,
  year: cars.year,
  // The seller's own words where the catalogue's names replaced them: what they would write again.
  brand: sql<string>`coalesce(${cars.postedBrand}, ${cars.brand})`,
  model: sql<string>`coalesce(${cars.postedModel}, ${cars.model})`,
  storedBrand: cars.brand,
  storedModel: cars.model,
  trim: cars.trim,
  categoryId: cars.categoryId,
  bodyStyle: cars.bodyStyle,
  transmission: cars.transmission,
  drivetrain: cars.drivetrain,
  fuel: cars.fuel,
  engine: cars.engine,
  topSpeed: cars.topSpeed,
  kmDriven: cars.kmDriven,
  exteriorColour: cars.exteriorColour,
  exteriorColourName: cars.exteriorColourName,
  interiorColour: cars.interiorColour,
  interiorColourName: cars.interiorColourName,
  doors: cars.doors,
  seats: cars.seats,
  previousOwners: cars.previousOwners,
  titleStatus: cars.titleStatus,
  askingPrice: cars.askingPrice,
  originalPrice: cars.originalPrice,
  deliveryRadiusKm: cars.deliveryRadiusKm,
  about: cars.about,
  photos: cars.photos,
};

export type StockCar = Awaited<ReturnType<typeof stockCars>>[number];

/** The seller's cars of these stock numbers or VINs (all their cars when `keys` is not given). */
export function stockCars(db: Db | Tx, sellerId: string, keys?: { stockNumbers: string[]; vins: string[] }) {
  const named: SQL[] = [];
  if (keys?.stockNumbers.length) named.push(inArray(cars.stockNumber, keys.stockNumbers));
  if (keys?.vins.length) named.push(inArray(cars.vin, keys.vins));
  if (keys && named.length === 0) return Promise.resolve([]);
  return db
    .select(stockColumns)
    .from(cars)
    .where(and(eq(cars.sellerId, sellerId), keys ? or(...named) : undefined));
}

/** The seller's cars for sale that none of these stock numbers or VINs names: what a full import marks sold. */
export async function unsoldCarsMissingFrom(
  tx: Tx,
  sellerId: string,
  keys: { stockNumbers: string[]; vins: string[] },
) {
  const rows = await tx
    .select(stockColumns)
    .from(cars)
    .where(
      and(
        eq(cars.sellerId, sellerId),
        isNull(cars.soldAt),
        sql`not (coalesce(${cars.stockNumber} = any(${sql.param(keys.stockNumbers)}::text[]), false)
          or coalesce(${cars.vin} = any(${sql.param(keys.vins)}::text[]), false))`,
      ),
    );
  return rows;
}

/** What an import row's columns say of the car, compared with it as stored; the place and the photos apart. */
const COMPARED = IMPORT_COLUMNS.filter(
  (column): column is Exclude<ImportColumn, 'postalCode' | 'photos'> =>
    column !== 'postalCode' && column !== 'photos',
);

/**
 * What of `input` differs from the car as stored, as an edit of it (a sold car in the file is back
 * on sale); undefined when nothing does.
 */
export function changesTo(car: StockCar, input: CarInput): CarUpdate | undefined {
  const update: Record<string, unknown> = {};
  for (const field of COMPARED) {
    const value = input[field] ?? null;
    if (value !== car[field]) update[field] = value;
  }
  if (input.postalCode !== car.postalCodeStored) update.postalCode = input.postalCode;
  if (input.photos.join('\n') !== car.photos.join('\n')) update.photos = input.photos;
  if (car.soldAt !== null) update.sold = false;
  return Object.keys(update).length > 0 ? (update as CarUpdate) : undefined;
}
