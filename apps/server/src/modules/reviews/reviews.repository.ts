import { REVIEW_REPORTS_SHOWN } from '@redline/shared';
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { reviewModerations, reviewReports, reviews } from './reviews.schema.ts';

const buyerAccount = alias(users, 'buyer_account');
const sellerAccount = alias(users, 'seller_account');

/** A review as the answers show it, with its buyer's and seller's names. */
const reviewColumns = {
  id: reviews.id,
  sellerId: reviews.sellerId,
  buyerId: reviews.buyerId,
  buyerName: buyerAccount.name,
  sellerName: sellerAccount.name,
  carName: reviews.carName,
  experience: reviews.experience,
  accuracy: reviews.accuracy,
  communication: reviews.communication,
  body: reviews.body,
  answer: reviews.answer,
  answeredAt: reviews.answeredAt,
  hiddenAt: reviews.hiddenAt,
  createdAt: reviews.createdAt,
};
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;

function selectReviews(db: Db | Tx) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(buyerAccount, eq(buyerAccount.id, reviews.buyerId))
    .innerJoin(sellerAccount, eq(sellerAccount.id, reviews.sellerId));
}

export async function findReview(db: Db | Tx, id: string) {
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return row;
}

/** Undefined when the booking has a review already. */
export async function insertReview(tx: Tx, values: typeof reviews.$inferInsert) {
  const [row] = await tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: reviews.bookingId })
    .returning({ id: reviews.id });
  return row?.id;
}

/** The seller's answer, unless the review has one: false then. */
export async function setAnswer(tx: Tx, id: string, answer: string) {
  const updated = await tx
    .update(reviews)
    .set({ answer, answeredAt: new Date() })
    .where(and(eq(reviews.id, id), isNull(reviews.answer)))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

/** Hides or shows the review, unless it is that way already: false then. */
export async function setHidden(tx: Tx, id: string, hidden: boolean) {
  const updated = await tx
    .update(reviews)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(and(eq(reviews.id, id), hidden ? isNull(reviews.hiddenAt) : sql`${reviews.hiddenAt} is not null`))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

export async function appendModeration(tx: Tx, values: typeof reviewModerations.$inferInsert) {
  await tx.insert(reviewModerations).values(values);
}

/** A page of the seller's visible reviews, or of all the buyer's, newest first. */
export async function listReviews(
  db: Db,
  of: { sellerId: string } | { buyerId: string },
  limit: number,
  cursor: string | undefined,
) {
  const page = keyset(reviews.createdAt, reviews.id, cursor);
  const whose =
    'sellerId' in of
      ? and(eq(reviews.sellerId, of.sellerId), isNull(reviews.hiddenAt))
      : eq(reviews.buyerId, of.buyerId);
  const rows = await selectReviews(db)
    .where(and(whose, page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.createdAt, r.id]);
}

/** The average of each review's three ratings, to one decimal. */
const overallAverage = sql<
  number | null
>`round(avg((${reviews.experience} + ${reviews.accuracy} + ${reviews.communication}) / 3.0), 1)::float8`;

/** The averages, to one decimal, of the seller's visible reviews. */
export async function summaryOf(db: Db, sellerId: string) {
  const average = (column: SQLWrapper) => sql<number | null>`round(avg(${column}), 1)::float8`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      experience: average(reviews.experience),
      accuracy: average(reviews.accuracy),
      communication: average(reviews.communication),
      overall: overallAverage,
    })
    .from(reviews)
    .where(and(eq(reviews.sellerId, sellerId), isNull(reviews.hiddenAt)));
  return row!;
}

/** The count and overall average of the visible reviews of those of these sellers who have any. */
export function ratingsOf(db: Db, sellerIds: string[]) {
  return db
    .select({ sellerId: reviews.sellerId, count: sql<number>`count(*)::int`, overall: overallAverage })
    .from(reviews)
    .where(and(inArray(reviews.sellerId, sellerIds), isNull(reviews.hiddenAt)))
    .groupBy(reviews.sellerId);
}

/** Which of these bookings have a review. */
export async function reviewedBookings(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ bookingId: reviews.bookingId })
    .from(reviews)
    .where(inArray(reviews.bookingId, bookingIds));
  return new Set(rows.map((row) => row.bookingId));
}

/** Undefined when this person had already reported the review. */
export async function insertReport(tx: Db | Tx, values: typeof reviewReports.$inferInsert) {
  const [row] = await tx
    .insert(reviewReports)
    .values(values)
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] })
    .returning({ id: reviewReports.id });
  return row?.id;
}

/**
 * The reviews the admins look after: those reported, and those hidden (whose reports may have been
 * dismissed), the latest report or hiding first. The cursor is (that time, review id).
 */
export async function listReportedReviews(db: Db, limit: number, cursor: string | undefined) {
  const perReview = db
    .select({
      reviewId: reviewReports.reviewId,
      lastReportedAt: sql<Date>`max(${reviewReports.createdAt})`
        .mapWith(reviewReports.createdAt)
        .as('last_reported_at'),
      reportCount: sql<number>`count(*)::int`.as('report_count'),
    })
    .from(reviewReports)
    .groupBy(reviewReports.reviewId)
    .as('per_review');
  const listedAt = sql<Date>`coalesce(${perReview.lastReportedAt}, ${reviews.hiddenAt})`.mapWith(
    reviews.createdAt,
  );
  const page = keyset(listedAt, reviews.id, cursor);
  const rows = await db
    .select({
      ...reviewColumns,
      listedAt,
      lastReportedAt: perReview.lastReportedAt,
      reportCount: sql<number>`coalesce(${perReview.reportCount}, 0)`,
    })
    .from(reviews)
    .leftJoin(perReview, eq(perReview.reviewId, reviews.id))
    .innerJoin(buyerAccount, eq(buyerAccount.id, reviews.buyerId))
    .innerJoin(sellerAccount, eq(sellerAccount.id, reviews.sellerId))
    .where(and(or(isNotNull(perReview.reviewId), isNotNull(reviews.hiddenAt)), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.listedAt, r.id]);
}

/** The latest `REVIEW_REPORTS_SHOWN` reports of each of these reviews, newest first, with who wrote them. */
export function reportsOfReviews(db: Db, reviewIds: string[]) {
  if (reviewIds.length === 0) return Promise.resolve([]);
  const latest = db
    .select({
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      details: reviewReports.details,
      reporterName: users.name,
      createdAt: reviewReports.createdAt,
      position: sql<number>`row_number() over (
        partition by ${reviewReports.reviewId} order by ${reviewReports.createdAt} desc, ${reviewReports.id} desc)`.as(
        'position',
      ),
    })
    .from(reviewReports)
    .innerJoin(users, eq(users.id, reviewReports.reporterId))
    .where(inArray(reviewReports.reviewId, reviewIds))
    .as('latest');
  return db
    .select({
      reviewId: latest.reviewId,
      reason: latest.reason,
      details: latest.details,
      reporterName: latest.reporterName,
      createdAt: latest.createdAt,
    })
    .from(latest)
    .where(lte(latest.position, REVIEW_REPORTS_SHOWN))
    .orderBy(latest.reviewId, latest.position);
}

/** The moderation log of each of these reviews, newest first, with the admins' names. */
export function moderationOfReviews(db: Db, reviewIds: string[]) {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      reviewId: reviewModerations.reviewId,
      action: reviewModerations.action,
      note: reviewModerations.note,
      adminName: users.name,
      createdAt: reviewModerations.createdAt,
    })
    .from(reviewModerations)
    .leftJoin(users, eq(users.id, reviewModerations.adminId))
    .where(inArray(reviewModerations.reviewId, reviewIds))
    .orderBy(desc(reviewModerations.createdAt), desc(reviewModerations.id));
}

export async function deleteReportsOf(db: Db, reviewId: string) {
  const deleted = await db
    .delete(reviewReports)
    .where(eq(reviewReports.reviewId, reviewId))
    .returning({ id: reviewReports.id });
  return deleted.length;
}

export async function isSeller(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'Seller')));
  return row !== undefined;
}
