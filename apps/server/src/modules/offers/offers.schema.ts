/** The offers module's tables: the offers, each offer's moves, and the waitlists of reserved cars. */
import type { OfferMoveKind, OfferSide, OfferStatus } from '@redline/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { cars } from '../cars/cars.schema.ts';
import { conversations } from '../conversations/conversations.schema.ts';

/**
 * A buyer's offer on a car (modules/offers). The car's name and photo are kept, as a conversation
 * keeps them, so that the offer reads the same once the car is gone.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    carName: text('car_name').notNull(),
    carPhoto: text('car_photo').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's conversation with the seller about the car, where every move shows. */
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The amount on the table, in cents: the last offered or countered. */
    amount: integer('amount').notNull(),
    /** One of OFFER_STATUSES. */
    status: text('status').$type<OfferStatus>().notNull().default('open'),
    /** Whose answer an open offer awaits (null once it is not open). */
    turn: text('turn').$type<OfferSide>(),
    /** When an open offer lapses unanswered (the `offers.expire` job; null once it is not open). */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    /** When an accepted offer's reservation lapses unless its buyer confirms the purchase (the `offers.lapse` job). */
    reservedUntil: timestamp('reserved_until', { withTimezone: true, precision: 3 }),
    /** When the buyer confirmed the purchase of the car reserved for them: a sale then keeps the deposit. */
    purchaseConfirmedAt: timestamp('purchase_confirmed_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('offers_amount_check', sql`${t.amount} > 0`),
    check(
      'offers_status_check',
      sql`${t.status} in ('open', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'released', 'sold', 'lapsed')`,
    ),
    check(
      'offers_open_check',
      sql`(${t.status} = 'open') = (${t.turn} is not null) and (${t.status} = 'open') = (${t.expiresAt} is not null)`,
    ),
    // One open offer per buyer and car, and one accepted (the reservation) per car, whatever runs at once.
    uniqueIndex('offers_open_idx').on(t.carId, t.buyerId).where(sql`${t.status} = 'open'`),
    uniqueIndex('offers_accepted_idx').on(t.carId).where(sql`${t.status} = 'accepted'`),
    index('offers_buyer_idx').on(t.buyerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('offers_seller_idx').on(t.sellerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Every move of an offer, in order: who made it (null: Redline), what, and the amount it named. */
export const offerMoves = pgTable(
  'offer_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OfferMoveKind>().notNull(),
    by: text('by').$type<OfferSide>(),
    amount: integer('amount').notNull(),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'offer_moves_kind_check',
      sql`${t.kind} in ('offered', 'countered', 'deposit-paid', 'confirmed', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'released', 'sold', 'lapsed')`,
    ),
    check('offer_moves_by_check', sql`${t.by} in ('buyer', 'seller')`),
    index('offer_moves_offer_idx').on(t.offerId, t.createdAt),
  ],
);

/**
 * Buyers waiting for a reserved car (modules/offers): told when its reservation ends, for sale again
 * or sold, and then taken off. One row per buyer and car.
 */
export const waitlist = pgTable(
  'waitlist',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.carId, t.buyerId] }), index('waitlist_buyer_idx').on(t.buyerId)],
);
