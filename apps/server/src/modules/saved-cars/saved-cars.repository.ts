import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dailyCounts } from '../../db/daily-counts.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { carSummaries } from '../cars/index.ts';
import { savedCars } from './saved-cars.schema.ts';

function selectSavedCars(db: Db | Tx) {
  return db
    .select({
      id: savedCars.id,
      carId: savedCars.carId,
      savedAt: savedCars.createdAt,
      year: carSummaries.year,
      brand: carSummaries.brand,
      model: carSummaries.model,
      trim: carSummaries.trim,
      photos: carSummaries.photos,
      coverWidth: carSummaries.coverWidth,
      postalCode: carSummaries.postalCode,
      country: carSummaries.country,
      city: carSummaries.city,
      region: carSummaries.region,
      sellerName: carSummaries.sellerName,
      sellerVerified: carSummaries.sellerVerified,
    })
    .from(savedCars)
    .innerJoin(carSummaries, eq(carSummaries.id, savedCars.carId));
}

export type SavedCarRow = Awaited<ReturnType<typeof listSavedCars>>['items'][number];

export async function isSaved(db: Db, buyerId: string, carId: string) {
  const [row] = await db
    .select({ id: savedCars.id })
    .from(savedCars)
    .where(and(eq(savedCars.buyerId, buyerId), eq(savedCars.carId, carId)))
    .limit(1);
  return row !== undefined;
}

export async function listSavedCars(db: Db, buyerId: string, limit: number, cursor: string | undefined) {
  const page = keyset(savedCars.createdAt, savedCars.id, cursor);
  const rows = await selectSavedCars(db)
    .where(and(eq(savedCars.buyerId, buyerId), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.savedAt, r.id]);
}

export async function findSavedCar(db: Db | Tx, buyerId: string, carId: string) {
  const [row] = await selectSavedCars(db)
    .where(and(eq(savedCars.buyerId, buyerId), eq(savedCars.carId, carId)))
    .limit(1);
  return row;
}

/** Returns false when the buyer had already saved the car. */
export async function insertSavedCar(tx: Tx, buyerId: string, carId: string) {
  const inserted = await tx
    .insert(savedCars)
    .values({ buyerId, carId })
    .onConflictDoNothing({ target: [savedCars.buyerId, savedCars.carId] })
    .returning({ id: savedCars.id });
  return inserted.length > 0;
}

export async function deleteSavedCar(db: Db, buyerId: string, carId: string) {
  const deleted = await db
    .delete(savedCars)
    .where(and(eq(savedCars.buyerId, buyerId), eq(savedCars.carId, carId)))
    .returning({ id: savedCars.id });
  return deleted.length;
}

/** The buyers who saved the car. */
export async function saversOf(tx: Db | Tx, carId: string) {
  const rows = await tx
    .select({ buyerId: savedCars.buyerId })
    .from(savedCars)
    .where(eq(savedCars.carId, carId));
  return rows.map((row) => row.buyerId);
}

/** How many buyers saved each of these cars per day since `since` (those who removed it since not counted). */
export function savesPerDay(db: Db | Tx, carIds: readonly string[], since: Date) {
  return dailyCounts(
    db,
    { table: savedCars, carId: savedCars.carId, at: savedCars.createdAt },
    carIds,
    since,
  );
}
