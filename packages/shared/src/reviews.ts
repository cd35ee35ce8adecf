/**
 * Verified reviews of sellers (ADR 64): a buyer reviews the seller once for a test drive that took
 * place; the seller answers once; anyone signed in reports a review; admins hide or restore it.
 */
import { z } from 'zod';
import { multiLineText, reportInput } from './common.ts';
import { comparedIdsOf, isComparableId } from './compare.ts';
import { MESSAGE_MAX_LENGTH, PAGE_SIZE_MAX, REVIEW_REPORT_REASONS } from './constants.ts';

/** A review's text and a seller's answer follow the messages' rules (a message's length at most). */
const reviewText = (label: string, message: string) =>
  multiLineText(label, MESSAGE_MAX_LENGTH, { min: 1, message });

const stars = (label: string) =>
  z
    .number({ error: `Rate the ${label} from 1 to 5 stars` })
    .int({ error: `Rate the ${label} from 1 to 5 stars` })
    .min(1, { error: `Rate the ${label} from 1 to 5 stars` })
    .max(5, { error: `Rate the ${label} from 1 to 5 stars` });

export const reviewInputSchema = z.object({
  bookingId: z.guid({ error: 'Choose a test drive' }),
  experience: stars('experience'),
  accuracy: stars("listing's accuracy"),
  communication: stars('communication'),
  body: reviewText('Review', 'Write your review'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewAnswerInputSchema = z.object({ body: reviewText('Answer', 'Write your answer') });
export type ReviewAnswerInput = z.infer<typeof reviewAnswerInputSchema>;

/** A review as everyone sees it on the seller's page, with the seller's answer when there is one. */
export const reviewSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  buyerName: z.string(),
  /** The car the test drive was of, as the booking named it. */
  carName: z.string(),
  experience: z.number().int().min(1).max(5),
  accuracy: z.number().int().min(1).max(5),
  communication: z.number().int().min(1).max(5),
  body: z.string(),
  answer: z.object({ body: z.string(), answeredAt: z.string() }).nullable(),
  createdAt: z.string(),
  /** Hidden by an admin: only its author and the admins see it, and it counts in no average. */
  hidden: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * A seller's reviews in figures, of the visible ones only: how many, and the average of each rating
 * and of all three (`overall`), to one decimal; the averages are null while there is no review.
 */
export const reviewSummarySchema = z.object({
  count: z.number().int(),
  experience: z.number().nullable(),
  accuracy: z.number().nullable(),
  communication: z.number().nullable(),
  overall: z.number().nullable(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** A seller's compact rating, as a car card shows it beside the seller's name. */
export const sellerRatingSchema = reviewSummarySchema.pick({ count: true, overall: true }).extend({
  sellerId: z.string(),
});
export type SellerRating = z.infer<typeof sellerRatingSchema>;

/** One read of ratings names a page of cars' sellers at most (PAGE_SIZE_MAX). */
const SELLER_IDS_MESSAGE = `Name 1 to ${PAGE_SIZE_MAX} seller ids, separated by commas`;

/** The sellers whose ratings a page of car cards needs (`?ids=a,b`; split as a comparison's ids are). */
export const sellerRatingsQuerySchema = z.object({
  ids: z
    .string({ error: SELLER_IDS_MESSAGE })
    .max(PAGE_SIZE_MAX * 65, SELLER_IDS_MESSAGE)
    .transform(comparedIdsOf)
    .pipe(
      z
        .array(z.string())
        .min(1, SELLER_IDS_MESSAGE)
        .max(PAGE_SIZE_MAX, SELLER_IDS_MESSAGE)
        .refine((ids) => ids.every(isComparableId), SELLER_IDS_MESSAGE),
    )
    .meta({ description: SELLER_IDS_MESSAGE, example: 'id1,id2' }),
});

/** A test drive the signed-in buyer may review: it took place, and they have not reviewed it. */
export const reviewableBookingSchema = z.object({
  bookingId: z.string(),
  carName: z.string(),
  carPhoto: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  date: z.string(),
  time: z.string(),
});
export type ReviewableBooking = z.infer<typeof reviewableBookingSchema>;
/** How many reviewable test drives the list shows at most, the latest first. */
export const REVIEWABLE_BOOKINGS_SHOWN = 50;

export const reviewReportReasonSchema = z.enum(REVIEW_REPORT_REASONS, { error: 'Choose a reason' });

export const reviewReportInputSchema = reportInput(reviewReportReasonSchema, {});
export type ReviewReportInput = z.infer<typeof reviewReportInputSchema>;

/** An admin hides a review or shows it again, saying why. */
export const reviewVisibilityInputSchema = z.object({
  hidden: z.boolean(),
  note: multiLineText('Note', 500, { min: 1, message: 'Say why' }),
});
export type ReviewVisibilityInput = z.infer<typeof reviewVisibilityInputSchema>;

/** A line of a review's moderation log: who hid or restored it, when and why. */
export const reviewModerationSchema = z.object({
  action: z.enum(['hidden', 'restored']),
  note: z.string(),
  /** Null once that admin's account is gone. */
  adminName: z.string().nullable(),
  createdAt: z.string(),
});

/** How many of a reported review's reports, and of its moderation log's lines, the admins' list shows: the latest. */
export const REVIEW_REPORTS_SHOWN = 10;
export const REVIEW_MODERATION_SHOWN = 10;

/**
 * A review in the admins' list, reported or hidden (hidden ones stay listed once their reports are
 * dismissed, so that they can be restored): the review, its latest reports and its log.
 */
export const reportedReviewSchema = z.object({
  review: reviewSchema,
  sellerName: z.string(),
  reportCount: z.number().int(),
  /** Null for a hidden review whose reports were dismissed. */
  lastReportedAt: z.string().nullable(),
  reports: z
    .array(
      z.object({
        reason: reviewReportReasonSchema,
        details: z.string(),
        reporterName: z.string(),
        createdAt: z.string(),
      }),
    )
    .max(REVIEW_REPORTS_SHOWN),
  /** Newest first. */
  moderation: z.array(reviewModerationSchema).max(REVIEW_MODERATION_SHOWN),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
