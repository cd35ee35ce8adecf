import { REPORTS_SHOWN } from '@redline/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { carSummaries } from '../cars/index.ts';
import { reportedCars } from './reports.schema.ts';

/** Returns undefined when the buyer had already reported the car. */
export async function insertReport(tx: Tx, values: typeof reportedCars.$inferInsert) {
  const [row] = await tx
    .insert(reportedCars)
    .values(values)
    .onConflictDoNothing({ target: [reportedCars.buyerId, reportedCars.carId] })
    .returning();
  return row;
}

/** Redline's own report of a car (no buyer), once per car: nothing when it has one already. */
export async function insertAutomaticReport(
  tx: Db | Tx,
  values: { carId: string; reason: string; details: string },
) {
  await tx.insert(reportedCars).values(values).onConflictDoNothing();
}

export async function hasReported(db: Db, buyerId: string, carId: string) {
  const [row] = await db
    .select({ id: reportedCars.id })
    .from(reportedCars)
    .where(and(eq(reportedCars.buyerId, buyerId), eq(reportedCars.carId, carId)))
    .limit(1);
  return row !== undefined;
}

export async function hasReports(db: Db | Tx, carId: string) {
  const [row] = await db
    .select({ id: reportedCars.id })
    .from(reportedCars)
    .where(eq(reportedCars.carId, carId))
    .limit(1);
  return row !== undefined;
}

/** Reported cars, the most recently reported first. The cursor is (last report time, car id). */
export async function listReportedCars(db: Db, limit: number, cursor: string | undefined) {
  const perCar = db
    .select({
      carId: reportedCars.carId,
      lastReportedAt: sql<Date>`max(${reportedCars.createdAt})`
        .mapWith(reportedCars.createdAt)
        .as('last_reported_at'),
      reportCount: sql<number>`count(*)::int`.as('report_count'),
    })
    .from(reportedCars)
    .groupBy(reportedCars.carId)
    .as('per_car');
  const page = keyset(perCar.lastReportedAt, perCar.carId, cursor);
  const rows = await db
    .select({
      carId: perCar.carId,
      lastReportedAt: perCar.lastReportedAt,
      reportCount: perCar.reportCount,
      year: carSummaries.year,
      brand: carSummaries.brand,
      model: carSummaries.model,
      trim: carSummaries.trim,
      photos: carSummaries.photos,
      coverWidth: carSummaries.coverWidth,
      sellerName: carSummaries.sellerName,
      sellerEmail: carSummaries.sellerEmail,
      sellerVerified: carSummaries.sellerVerified,
    })
    .from(perCar)
    .innerJoin(carSummaries, eq(carSummaries.id, perCar.carId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.lastReportedAt, r.carId]);
}

/** The latest `REPORTS_SHOWN` reports of each of these cars, newest first, with who wrote them. */
export function reportsOfCars(db: Db, carIds: string[]) {
  if (carIds.length === 0) return Promise.resolve([]);
  const latest = db
    .select({
      carId: reportedCars.carId,
      reason: reportedCars.reason,
      details: reportedCars.details,
      buyerName: users.name,
      createdAt: reportedCars.createdAt,
      position: sql<number>`row_number() over (
        partition by ${reportedCars.carId} order by ${reportedCars.createdAt} desc, ${reportedCars.id} desc)`.as(
        'position',
      ),
    })
    .from(reportedCars)
    // Redline's own reports have no buyer.
    .leftJoin(users, eq(users.id, reportedCars.buyerId))
    .where(inArray(reportedCars.carId, carIds))
    .as('latest');
  return db
    .select({
      carId: latest.carId,
      reason: latest.reason,
      details: latest.details,
      buyerName: latest.buyerName,
      createdAt: latest.createdAt,
    })
    .from(latest)
    .where(lte(latest.position, REPORTS_SHOWN))
    .orderBy(latest.carId, latest.position);
}

/** How many reports of each of these cars gave each reason. */
export function reasonCountsOfCars(db: Db, carIds: string[]) {
  if (carIds.length === 0) return Promise.resolve([]);
  return db
    .select({ carId: reportedCars.carId, reason: reportedCars.reason, count: sql<number>`count(*)::int` })
    .from(reportedCars)
    .where(inArray(reportedCars.carId, carIds))
    .groupBy(reportedCars.carId, reportedCars.reason);
}

export async function deleteReportsOf(db: Db, carId: string) {
  const deleted = await db
    .delete(reportedCars)
    .where(eq(reportedCars.carId, carId))
    .returning({ id: reportedCars.id });
  return deleted.length;
}
