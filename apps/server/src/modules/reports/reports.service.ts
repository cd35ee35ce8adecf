import {
  carName,
  type Page,
  type PageQuery,
  type Report,
  type ReportedCar,
  type ReportedState,
  type ReportInput,
  type ReportReason,
  type SessionUser,
} from '@redline/shared';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { carCoverUrl, lockCar, removeCar } from '../cars/index.ts';
import { AUTOMATIC_REPORTER } from './duplicate-vins.ts';
import * as repo from './reports.repository.ts';

/** A buyer reports a car once; the report goes to the admins' Reported Items. */
export async function reportCar(
  context: AppContext,
  buyer: SessionUser,
  input: ReportInput,
): Promise<Report> {
  const row = await context.database.db.transaction(async (tx) => {
    if (!(await lockCar(tx, input.carId, 'share'))) throw notFound('The car');
    const inserted = await repo.insertReport(tx, { ...input, buyerId: buyer.id });
    if (!inserted) throw conflict('You have already reported this post.');
    return inserted;
  });
  return {
    id: row.id,
    carId: row.carId,
    reason: row.reason as ReportReason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether this buyer reported the car: their own report only, so nobody learns who reported what. */
export async function hasReported(
  context: AppContext,
  buyer: SessionUser,
  carId: string,
): Promise<ReportedState> {
  return { reported: await repo.hasReported(context.database.db, buyer.id, carId) };
}

export async function listReportedCars(context: AppContext, query: PageQuery): Promise<Page<ReportedCar>> {
  const { db } = context.database;
  const page = await repo.listReportedCars(db, query.limit, query.cursor);
  const carIds = page.items.map((car) => car.carId);
  const [reports, reasons] = await Promise.all([
    repo.reportsOfCars(db, carIds),
    repo.reasonCountsOfCars(db, carIds),
  ]);
  return {
    items: page.items.map((car) => ({
      id: car.carId,
      carName: carName(car),
      carPhoto: carCoverUrl(context, car.photos, car.coverWidth),
      postedBy: car.sellerName,
      sellerEmail: car.sellerEmail,
      sellerVerified: car.sellerVerified,
      reportCount: car.reportCount,
      lastReportedAt: car.lastReportedAt.toISOString(),
      reasons: reasons
        .filter((reason) => reason.carId === car.carId)
        .map((reason) => ({ reason: reason.reason as ReportReason, count: reason.count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      reports: reports
        .filter((report) => report.carId === car.carId)
        .map((report) => ({
          reason: report.reason as ReportReason,
          details: report.details,
          buyerName: report.buyerName ?? AUTOMATIC_REPORTER,
          createdAt: report.createdAt.toISOString(),
        })),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * "Delete Post": the car goes with everything the deletion rule removes. Only a car that is
 * still reported: if another admin dismissed the reports meanwhile, nothing is deleted.
 */
export async function deleteReportedCar(context: AppContext, carId: string) {
  return context.database.db.transaction(async (tx) => {
    // Locked first so that no booking or save slips in between the rule's statements.
    const car = await lockCar(tx, carId, 'update');
    if (!car || !(await repo.hasReports(tx, carId))) throw notFound('The reported post');
    await publish(tx, 'car.removed-by-admin', { carId, reported: true });
    const deleted = await removeCar(tx, carId);
    return { deletedCount: deleted.length };
  });
}

/** The reports were unfounded: they go, the car stays. */
export async function dismissReports(context: AppContext, carId: string) {
  return { deletedCount: await repo.deleteReportsOf(context.database.db, carId) };
}
