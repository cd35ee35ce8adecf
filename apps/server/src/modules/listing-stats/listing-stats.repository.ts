/** The listing stats module's queries (Drizzle only). */
import { and, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { amongCars } from '../../db/daily-counts.ts';
import { carsInBrief, type ListingRow, listingsForComparison } from '../cars/index.ts';
import { listingDays, listingViewers } from './listing-stats.schema.ts';

/** Cars shown to one viewer (null: not signed in) on a day, and how many times. */
export interface ShownCount {
  carId: string;
  day: string;
  viewerId: string | null;
  count: number;
}

/** A car's page viewed by a visitor on a day (`visitor`: listing-stats.schema.ts). */
export interface Viewer {
  carId: string;
  day: string;
  visitor: string;
  viewerId: string | null;
}

/** Rows a statement inserts at most: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Adds a batch to the day's counts, in one transaction: a car gone since counts nothing, nor a car's
 * seller seeing their own; a page view only when its visitor has none of that car that day. Rows
 * are written in the order of their keys, so that two instances' batches never deadlock.
 */
export async function storeActivity(db: Db, shown: ShownCount[], viewed: Viewer[]) {
  const ids = [...new Set([...shown.map((entry) => entry.carId), ...viewed.map((entry) => entry.carId)])];
  await db.transaction(async (tx) => {
    const sellerOf = new Map((await carsInBrief(tx, ids)).map((car) => [car.id, car.sellerId]));
    const counted = (entry: { carId: string; viewerId: string | null }) =>
      sellerOf.has(entry.carId) && sellerOf.get(entry.carId) !== entry.viewerId;
    const days = new Map<string, { carId: string; day: string; impressions: number; views: number }>();
    const add = (carId: string, day: string, counts: { impressions?: number; views?: number }) => {
      const key = `${carId}|${day}`;
      const row = days.get(key) ?? { carId, day, impressions: 0, views: 0 };
      row.impressions += counts.impressions ?? 0;
      row.views += counts.views ?? 0;
      days.set(key, row);
    };
    for (const entry of shown.filter(counted)) add(entry.carId, entry.day, { impressions: entry.count });
    const views = viewed
      .filter(counted)
      .map(({ carId, day, visitor }) => ({ carId, day, visitor }))
      .sort((a, b) => `${a.carId}|${a.day}|${a.visitor}`.localeCompare(`${b.carId}|${b.day}|${b.visitor}`));
    for (const chunk of chunks(views)) {
      const firsts = await tx
        .insert(listingViewers)
        .values(chunk)
        .onConflictDoNothing()
        .returning({ carId: listingViewers.carId, day: listingViewers.day });
      for (const first of firsts) add(first.carId, first.day, { views: 1 });
    }
    const rows = [...days.values()].sort((a, b) =>
      `${a.carId}|${a.day}`.localeCompare(`${b.carId}|${b.day}`),
    );
    for (const chunk of chunks(rows)) {
      await tx
        .insert(listingDays)
        .values(chunk)
        .onConflictDoUpdate({
          target: [listingDays.carId, listingDays.day],
          set: {
            impressions: sql`${listingDays.impressions} + excluded.impressions`,
            views: sql`${listingDays.views} + excluded.views`,
          },
        });
    }
  });
}

/** Each of these cars' impressions and views per day since `since` (`YYYY-MM-DD`). */
export async function shownAndViewed(db: Db | Tx, carIds: readonly string[], since: string) {
  if (carIds.length === 0) return [];
  return db
    .select({
      carId: listingDays.carId,
      day: listingDays.day,
      impressions: listingDays.impressions,
      views: listingDays.views,
    })
    .from(listingDays)
    .where(and(amongCars(listingDays.carId, carIds), gte(listingDays.day, since)));
}

/** The most similar cars a comparison reads: the newest (a median of this many is steady). */
const SIMILAR_CARS_READ = 500;
/** How far the price of a similar car of the same category (not make) may lie from the listing's. */
const CATEGORY_PRICE_BAND = 0.25;

/**
 * The cars for sale similar to a listing (`by` the same model, make, or category and price band),
 * each with its views since `since`, newest first, at most SIMILAR_CARS_READ.
 */
export async function similarListings(
  db: Db,
  car: ListingRow,
  by: 'model' | 'make' | 'category',
  since: string,
) {
  const similar = listingsForComparison;
  const alike =
    by === 'model'
      ? car.modelId === null
        ? undefined
        : eq(similar.modelId, car.modelId)
      : by === 'make'
        ? car.makeId === null
          ? undefined
          : eq(similar.makeId, car.makeId)
        : and(
            eq(similar.categoryId, car.categoryId),
            sql`${similar.askingPrice} between ${Math.floor(car.askingPrice * (1 - CATEGORY_PRICE_BAND))} and ${Math.ceil(car.askingPrice * (1 + CATEGORY_PRICE_BAND))}`,
          );
  if (alike === undefined) return [];
  return db
    .select({
      id: similar.id,
      askingPrice: similar.askingPrice,
      addedDate: similar.addedDate,
      views: sql<number>`coalesce(sum(${listingDays.views}), 0)::int`,
    })
    .from(similar)
    .leftJoin(listingDays, and(eq(listingDays.carId, similar.id), gte(listingDays.day, since)))
    .where(and(alike, ne(similar.id, car.id)))
    .groupBy(similar.id, similar.askingPrice, similar.addedDate)
    .orderBy(desc(similar.addedDate), desc(similar.id))
    .limit(SIMILAR_CARS_READ);
}

/** Drops who viewed what before `day`: they only kept a view to once per visitor and day. */
export async function dropViewersBefore(db: Db, day: string) {
  await db.delete(listingViewers).where(lt(listingViewers.day, day));
}
