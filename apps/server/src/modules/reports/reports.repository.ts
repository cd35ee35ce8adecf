import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { cars, reportedPosts, users } from '../../db/schema.ts';
import { coverPhotoJoin, coverWidth } from '../cars/index.ts';

/**
 * Locks the car until the transaction ends: `share` lets a report wait out a deletion in
 * progress; `update` makes a deletion wait for bookings and saves in progress.
 */
export async function lockCar(tx: Tx, carId: string, strength: 'share' | 'update') {
  const [row] = await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for(strength);
  return row;
}

/** Returns undefined when the buyer had already reported the car. */
export async function insertReport(tx: Tx, values: typeof reportedPosts.$inferInsert) {
  const [row] = await tx
    .insert(reportedPosts)
    .values(values)
    .onConflictDoNothing({ target: [reportedPosts.buyerId, reportedPosts.carId] })
    .returning();
  return row;
}

export async function hasReports(db: Db | Tx, carId: string) {
  const [row] = await db
    .select({ id: reportedPosts.id })
    .from(reportedPosts)
    .where(eq(reportedPosts.carId, carId))
    .limit(1);
  return row !== undefined;
}

/** Reported cars, the most recently reported first. The cursor is (last report time, car id). */
export async function listReportedCars(db: Db, limit: number, cursor: string | undefined) {
  const perCar = db
    .select({
      carId: reportedPosts.carId,
      lastReportedAt: sql<Date>`max(${reportedPosts.createdAt})`
        .mapWith(reportedPosts.createdAt)
        .as('last_reported_at'),
      reportCount: sql<number>`count(*)::int`.as('report_count'),
    })
    .from(reportedPosts)
    .groupBy(reportedPosts.carId)
    .as('per_car');
  const page = keyset(perCar.lastReportedAt, perCar.carId, cursor);
  const rows = await db
    .select({
      carId: perCar.carId,
      lastReportedAt: perCar.lastReportedAt,
      reportCount: perCar.reportCount,
      year: cars.year,
      brand: cars.brand,
      model: cars.model,
      photos: cars.photos,
      coverWidth,
      sellerName: users.name,
      sellerEmail: users.email,
      sellerVerified: users.isVerified,
    })
    .from(perCar)
    .innerJoin(cars, eq(cars.id, perCar.carId))
    .innerJoin(users, eq(users.id, cars.sellerId))
    .leftJoin(...coverPhotoJoin)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.lastReportedAt, r.carId]);
}

export function reportsOfCars(db: Db, carIds: string[]) {
  if (carIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      carId: reportedPosts.carId,
      reason: reportedPosts.reason,
      details: reportedPosts.details,
      buyerName: users.name,
      createdAt: reportedPosts.createdAt,
    })
    .from(reportedPosts)
    .innerJoin(users, eq(users.id, reportedPosts.buyerId))
    .where(inArray(reportedPosts.carId, carIds))
    .orderBy(desc(reportedPosts.createdAt), desc(reportedPosts.id));
}

export async function deleteReportsOf(db: Db, carId: string) {
  const deleted = await db
    .delete(reportedPosts)
    .where(eq(reportedPosts.carId, carId))
    .returning({ id: reportedPosts.id });
  return deleted.length;
}
