/** The reviews module's tables (ADR 64). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { bookings } from '../bookings/bookings.schema.ts';

const starsCheck = (column: string) => sql.raw(`${column} between 1 and 5`);

/**
 * A buyer's review of a seller, one per test drive that took place: never edited nor deleted by its
 * people (it goes with the buyer's or the seller's account). The car's name is copied from the booking.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carName: text('car_name').notNull(),
    experience: smallint('experience').notNull(),
    accuracy: smallint('accuracy').notNull(),
    communication: smallint('communication').notNull(),
    body: text('body').notNull(),
    /** The seller's one public answer (both set, or neither). */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
    /** Set while an admin has it hidden (the log: review_moderations). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_booking_idx').on(t.bookingId),
    index('reviews_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('reviews_experience_check', starsCheck('experience')),
    check('reviews_accuracy_check', starsCheck('accuracy')),
    check('reviews_communication_check', starsCheck('communication')),
    check('reviews_answer_check', sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
  ],
);

/** A report of a review to the admins: once per person and review; dismissing them deletes them. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_reports_review_reporter_idx').on(t.reviewId, t.reporterId),
    index('review_reports_created_idx').on(t.createdAt.desc(), t.reviewId),
  ],
);

/** The log of the admins hiding and restoring reviews: who, when, why. */
export const reviewModerations = pgTable(
  'review_moderations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<'hidden' | 'restored'>().notNull(),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('review_moderations_action_check', sql`${t.action} in ('hidden', 'restored')`),
    index('review_moderations_review_idx').on(t.reviewId, t.createdAt),
  ],
);
