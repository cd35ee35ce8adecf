/** The payments module's tables: payments (test drives' fees, offers' holding deposits) and their refunds. */
import type { RefundReason, RefundStatus } from '@redline/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { bookings } from '../bookings/bookings.schema.ts';
import { offers } from '../offers/offers.schema.ts';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A test drive's fee pays for its booking; a holding deposit for the accepted offer (exactly one of the two). */
    bookingId: uuid('booking_id')
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    offerId: uuid('offer_id')
      .unique()
      .references(() => offers.id, { onDelete: 'restrict' }),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('usd'),
    transactionId: text('transaction_id').notNull().unique(),
    provider: text('provider').notNull(),
    // The columns keep the spec's names (`product_by`, `product`); the API answers them as `productBy`, `product`.
    sellerEmail: text('product_by').notNull(),
    carName: text('product').notNull(),
    paidBy: text('paid_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_price_check', sql`${t.price} >= 0`),
    check('payments_paid_for_check', sql`(${t.bookingId} is null) <> (${t.offerId} is null)`),
    index('payments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Money given back for a payment: at most one refund a payment (the unique payment id is what
 * makes a refund happen exactly once, whichever of a sale, a deletion, a decline, a late payment or
 * an admin asks first). Written `pending` with the change that asks for it; the job queue then asks
 * the provider (with the refund's id as the idempotency key) and marks it `succeeded`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id'),
    /** The admin who refunded; null when a sale, a deletion, a decline or a late payment did. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
