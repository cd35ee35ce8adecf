/** The notifications module's tables. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';

/**
 * What Redline tells a user (modules/notifications): written in the transaction of the change it
 * tells of, so that each change makes its notifications exactly once, and a rolled-back one none.
 * Its text is kept as it was said: a car renamed later does not rewrite what the user was told.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('notifications_link_check', sql`${t.link} like '/%'`),
  ],
);

/**
 * What a user wants told, per kind of notification (modules/notifications): in the app, by e-mail.
 * No row for a kind means its defaults (NOTIFICATION_KINDS in packages/shared).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * The e-mail outbox of notifications: a row per notification a user wants by e-mail, written by the
 * same transaction as the notification, so that a rolled-back change e-mails nothing. Apart from
 * `notifications` because a user may want a kind by e-mail and not in the app, and because a row
 * lives only until it is sent: the sending job takes a user's rows, sends them as one e-mail, then
 * deletes them (a failed send leaves them, and the retry sends the same batch).
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_emails_user_idx').on(t.userId, t.createdAt),
    index('notification_emails_created_idx').on(t.createdAt),
    check('notification_emails_link_check', sql`${t.link} like '/%'`),
  ],
);
