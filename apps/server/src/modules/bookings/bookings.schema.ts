/** The bookings module's table. */
import type { CancelReason, StoredBookingStatus } from '@redline/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { cars } from '../cars/cars.schema.ts';

/**
 * Test-drive bookings. The car and people are copied in as text so that paid bookings stay
 * readable for accounting after the car or a user is deleted (their ids then become null).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    carName: text('car_name').notNull(),
    carPhoto: text('car_photo').notNull(),
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
    sellerName: text('seller_name').notNull(),
    sellerEmail: text('seller_email').notNull(),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    requestedDate: date('requested_date').notNull(),
    requestedTime: text('requested_time').notNull(),
    requestedLocation: text('requested_location').notNull(),
    price: integer('price').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    /** One of STORED_BOOKING_STATUSES; `completed` and `expired` are told from the time when read. */
    status: text('status').$type<StoredBookingStatus>().notNull().default('requested'),
    /** Another time the seller proposed, until the buyer takes it (both set, or neither). */
    proposedDate: date('proposed_date'),
    proposedTime: text('proposed_time'),
    /** Why a cancelled booking was cancelled (CANCEL_REASONS). */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_price_check', sql`${t.price} >= 0`),
    check('bookings_time_check', sql`${t.requestedTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('bookings_status_check', sql`${t.status} in ('requested', 'accepted', 'declined', 'cancelled')`),
    check(
      'bookings_proposal_check',
      sql`(${t.proposedDate} is null) = (${t.proposedTime} is null)
        and (${t.proposedTime} is null or ${t.proposedTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`,
    ),
    check('bookings_cancel_reason_check', sql`(${t.status} = 'cancelled') = (${t.cancelReason} is not null)`),
    index('bookings_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bookings_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bookings_car_idx').on(t.carId),
  ],
);
