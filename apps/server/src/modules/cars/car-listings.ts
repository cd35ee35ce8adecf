/**
 * A seller's cars as the listing stats module reads them (issue 49): what a line of the seller's
 * figures shows, and what finds the similar cars a listing is compared with.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { cars } from './cars.schema.ts';

const listingColumns = {
  id: cars.id,
  year: cars.year,
  brand: cars.brand,
  model: cars.model,
  trim: cars.trim,
  photos: cars.photos,
  askingPrice: cars.askingPrice,
  addedDate: cars.addedDate,
  soldAt: cars.soldAt,
  reservedAt: cars.reservedAt,
  sellerId: cars.sellerId,
  makeId: cars.makeId,
  modelId: cars.modelId,
  categoryId: cars.categoryId,
};

export type ListingRow = NonNullable<Awaited<ReturnType<typeof listingCar>>>;

/** One car as a listing (sold ones included); undefined when there is none of this id. */
export async function listingCar(db: Db, id: string) {
  const [row] = await db.select(listingColumns).from(cars).where(eq(cars.id, id));
  return row;
}

/** A page of a seller's cars for sale (reserved ones included), newest first. */
export async function listingsForSale(db: Db, sellerId: string, limit: number, cursor: string | undefined) {
  const page = keyset(cars.addedDate, cars.id, cursor);
  const rows = await db
    .select(listingColumns)
    .from(cars)
    .where(and(eq(cars.sellerId, sellerId), isNull(cars.soldAt), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (row) => [row.addedDate, row.id]);
}

/** Every car of a seller (sold ones included), and how many are for sale. */
export async function sellerListings(db: Db, sellerId: string) {
  const rows = await db
    .select({ id: cars.id, forSale: sql<boolean>`${cars.soldAt} is null` })
    .from(cars)
    .where(eq(cars.sellerId, sellerId));
  return { ids: rows.map((row) => row.id), forSale: rows.filter((row) => row.forSale).length };
}

/**
 * The cars for sale a listing is compared with, by what makes them similar: a read model the
 * listing stats module selects from with its own figures, in one statement.
 */
export const listingsForComparison = new QueryBuilder()
  .select({
    id: cars.id,
    askingPrice: cars.askingPrice,
    addedDate: cars.addedDate,
    makeId: cars.makeId,
    modelId: cars.modelId,
    categoryId: cars.categoryId,
  })
  .from(cars)
  .where(isNull(cars.soldAt))
  .as('listings_for_comparison');
