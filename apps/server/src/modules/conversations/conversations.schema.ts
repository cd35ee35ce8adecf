/** The conversations module's tables. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { cars } from '../cars/cars.schema.ts';

/**
 * A buyer's conversation with a car's seller (modules/conversations): one per buyer and car. The car's
 * name and photo are kept, as a booking keeps them, so that it reads the same once the car is gone.
 */
export const conversations = pgTable(
  'conversations',
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
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Until when each side has read it (nothing at first): what the other sent after is unread. */
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`'epoch'`),
    sellerReadAt: timestamp('seller_read_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`'epoch'`),
  },
  (t) => [
    uniqueIndex('conversations_car_buyer_idx').on(t.carId, t.buyerId),
    index('conversations_buyer_idx').on(
      t.buyerId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('conversations_seller_idx').on(
      t.sellerId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null for Redline's notice of an offer's move nobody made (an expiry, a car sold or removed). */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /**
     * The offer whose move the message tells (modules/offers), null for a message someone wrote. No
     * foreign key: the offers' table refers to this module's, and the schema files may not import each other both ways.
     */
    offerId: uuid('offer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A participant's report of a conversation (modules/conversations): once per person and
 * conversation. While a conversation has a report, the admins may read it (record-access.ts).
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_reports_conversation_reporter_idx').on(t.conversationId, t.reporterId),
    index('conversation_reports_created_idx').on(t.createdAt.desc(), t.conversationId),
  ],
);
