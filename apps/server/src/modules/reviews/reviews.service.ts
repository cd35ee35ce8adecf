/**
 * Verified reviews of sellers (ADR 64): only the buyer of a test drive that took place reviews its
 * seller, once; the seller answers once; nobody edits or deletes a review; admins hide and restore
 * reviews with a note, logged. A hidden review shows to its author and the admins only.
 */
import {
  type BookingStatus,
  bookingStatus,
  type Page,
  type PageQuery,
  REVIEW_MODERATION_SHOWN,
  REVIEWABLE_BOOKINGS_SHOWN,
  type ReportedReview,
  type Review,
  type ReviewAnswerInput,
  type ReviewableBooking,
  type ReviewInput,
  type ReviewReportInput,
  type ReviewReportReason,
  type ReviewSummary,
  type ReviewVisibilityInput,
  type SellerRating,
  type SessionUser,
} from '@redline/shared';
import { requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { acceptedBookingsOf, bookingSummary } from '../bookings/index.ts';
import * as repo from './reviews.repository.ts';

const ONLY_TAKEN_PLACE = 'only a test drive that took place can be reviewed.';
/** Why a booking cannot be reviewed, by the status it shows (the bookings module's rule). */
const NOT_TAKEN_PLACE: Record<Exclude<BookingStatus, 'completed'>, string> = {
  requested: `This test drive was never accepted: ${ONLY_TAKEN_PLACE}`,
  expired: `This test drive was never accepted: ${ONLY_TAKEN_PLACE}`,
  declined: `The seller declined this test drive: ${ONLY_TAKEN_PLACE}`,
  cancelled: `This test drive was cancelled: ${ONLY_TAKEN_PLACE}`,
  accepted: 'This test drive has not taken place yet: review it once it has.',
};

/** The booking's buyer reviews its seller, once, when the test drive took place. */
export async function postReview(
  context: AppContext,
  actor: SessionUser,
  input: ReviewInput,
): Promise<Review> {
  const { db } = context.database;
  const id = await db.transaction(async (tx) => {
    const booking = await requireAccess(context, actor, {
      permission: 'booking.review',
      id: input.bookingId,
      tx,
    });
    const status = bookingStatus(booking);
    if (status !== 'completed') throw conflict(NOT_TAKEN_PLACE[status]);
    const { carName, sellerId } = (await bookingSummary(context.database.statements, tx, booking.id))!;
    // The seller's account is gone: there is nobody left to review.
    if (!sellerId) throw notFound('The seller');
    const reviewId = await repo.insertReview(tx, { ...input, buyerId: actor.id, sellerId, carName });
    if (!reviewId) throw conflict('You have already reviewed this test drive.');
    await publish(tx, 'review.posted', { reviewId });
    return reviewId;
  });
  return toReview((await repo.findReview(db, id))!);
}

/** The signed-in buyer's test drives that took place and are not reviewed yet, the latest first. */
export async function listReviewableBookings(
  context: AppContext,
  actor: SessionUser,
): Promise<ReviewableBooking[]> {
  const { db } = context.database;
  const now = new Date();
  const tookPlace = (await acceptedBookingsOf(db, actor.id)).filter(
    (booking) => bookingStatus(booking, now) === 'completed',
  );
  const reviewed = await repo.reviewedBookings(
    db,
    tookPlace.map((booking) => booking.id),
  );
  return tookPlace
    .filter((booking) => !reviewed.has(booking.id))
    .slice(0, REVIEWABLE_BOOKINGS_SHOWN)
    .map((booking) => ({
      bookingId: booking.id,
      carName: booking.carName,
      carPhoto: booking.carPhoto,
      sellerId: booking.sellerId!,
      sellerName: booking.sellerName,
      date: booking.requestedDate,
      time: booking.requestedTime,
    }));
}

/** The signed-in buyer's own reviews, hidden ones included. */
export async function listMyReviews(
  context: AppContext,
  actor: SessionUser,
  query: PageQuery,
): Promise<Page<Review>> {
  const page = await repo.listReviews(context.database.db, { buyerId: actor.id }, query.limit, query.cursor);
  return { items: page.items.map(toReview), nextCursor: page.nextCursor };
}

/** A seller's visible reviews, newest first; a 404 for anyone who is not a seller. */
export async function listSellerReviews(
  context: AppContext,
  sellerId: string,
  query: PageQuery,
): Promise<Page<Review>> {
  const { db } = context.database;
  if (!(await repo.isSeller(db, sellerId))) throw notFound('The seller');
  const page = await repo.listReviews(db, { sellerId }, query.limit, query.cursor);
  return { items: page.items.map(toReview), nextCursor: page.nextCursor };
}

/** The seller's page's figures: count and averages of the visible reviews. */
export function reviewSummaryOf(
  context: Pick<AppContext, 'database'>,
  sellerId: string,
): Promise<ReviewSummary> {
  return repo.summaryOf(context.database.db, sellerId);
}

/** The compact rating of each seller asked, in the order asked (count 0 for a seller without reviews). */
export async function listSellerRatings(context: AppContext, sellerIds: string[]): Promise<SellerRating[]> {
  const rated = new Map(
    (await repo.ratingsOf(context.database.db, sellerIds)).map((rating) => [rating.sellerId, rating]),
  );
  return sellerIds.map((sellerId) => rated.get(sellerId) ?? { sellerId, count: 0, overall: null });
}

/** The reviewed seller answers, once, publicly. */
export async function answerReview(
  context: AppContext,
  actor: SessionUser,
  id: string,
  input: ReviewAnswerInput,
): Promise<Review> {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    await requireAccess(context, actor, { permission: 'review.answer', id, tx });
    if (!(await repo.setAnswer(tx, id, input.body))) throw conflict('You have already answered this review.');
    await publish(tx, 'review.answered', { reviewId: id });
  });
  return toReview((await repo.findReview(db, id))!);
}

/** Anyone who sees a review reports it, once. */
export async function reportReview(
  context: AppContext,
  actor: SessionUser,
  id: string,
  input: ReviewReportInput,
) {
  await requireAccess(context, actor, { permission: 'review.report', id });
  const reportId = await repo.insertReport(context.database.db, {
    ...input,
    reviewId: id,
    reporterId: actor.id,
  });
  if (!reportId) throw conflict('You have already reported this review.');
  return { id: reportId };
}

/** The admins' list of reported and hidden reviews, the latest reported or hidden first. */
export async function listReportedReviews(
  context: AppContext,
  query: PageQuery,
): Promise<Page<ReportedReview>> {
  const { db } = context.database;
  const page = await repo.listReportedReviews(db, query.limit, query.cursor);
  const ids = page.items.map((row) => row.id);
  const [reports, moderation] = await Promise.all([
    repo.reportsOfReviews(db, ids),
    repo.moderationOfReviews(db, ids),
  ]);
  return {
    items: page.items.map((row) => ({
      review: toReview(row),
      sellerName: row.sellerName,
      reportCount: row.reportCount,
      lastReportedAt: row.lastReportedAt?.toISOString() ?? null,
      reports: reports
        .filter((report) => report.reviewId === row.id)
        .map((report) => ({
          reason: report.reason as ReviewReportReason,
          details: report.details,
          reporterName: report.reporterName,
          createdAt: report.createdAt.toISOString(),
        })),
      moderation: moderation
        .filter((line) => line.reviewId === row.id)
        .slice(0, REVIEW_MODERATION_SHOWN)
        .map((line) => ({
          action: line.action,
          note: line.note,
          adminName: line.adminName,
          createdAt: line.createdAt.toISOString(),
        })),
    })),
    nextCursor: page.nextCursor,
  };
}

/** An admin hides a review or shows it again, with a note, logged; asking for the state it is in is a 409. */
export async function setReviewVisibility(
  context: AppContext,
  admin: SessionUser,
  id: string,
  input: ReviewVisibilityInput,
): Promise<Review> {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    await requireAccess(context, admin, { permission: 'review.moderate', id, tx });
    if (!(await repo.setHidden(tx, id, input.hidden)))
      throw conflict(input.hidden ? 'The review is already hidden.' : 'The review is not hidden.');
    await repo.appendModeration(tx, {
      reviewId: id,
      adminId: admin.id,
      action: input.hidden ? 'hidden' : 'restored',
      note: input.note,
    });
    await publish(tx, 'review.moderated', { reviewId: id });
  });
  return toReview((await repo.findReview(db, id))!);
}

/** The reports were unfounded, or dealt with: they go; the review stays as it is (a hidden one stays listed). */
export async function dismissReports(context: AppContext, admin: SessionUser, id: string) {
  await requireAccess(context, admin, { permission: 'review.moderate', id });
  const deletedCount = await repo.deleteReportsOf(context.database.db, id);
  if (deletedCount === 0) throw notFound('The reported review');
  return { deletedCount };
}

function toReview(row: repo.ReviewRow): Review {
  return {
    id: row.id,
    sellerId: row.sellerId,
    buyerName: row.buyerName,
    carName: row.carName,
    experience: row.experience,
    accuracy: row.accuracy,
    communication: row.communication,
    body: row.body,
    answer:
      row.answer === null || row.answeredAt === null
        ? null
        : { body: row.answer, answeredAt: row.answeredAt.toISOString() },
    createdAt: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
  };
}
