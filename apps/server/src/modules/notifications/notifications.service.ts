import type {
  Notification,
  NotificationPage,
  NotificationsRead,
  NotificationType,
  PageQuery,
  UnreadCount,
  User,
} from '@redline/shared';
import type { AppContext } from '../../context.ts';
import { publish } from '../../events/index.ts';
import * as repo from './notifications.repository.ts';

/** The signed-in user's notifications, newest first, with how many of all of them are unread. */
export async function listNotifications(
  context: AppContext,
  user: User,
  query: PageQuery,
): Promise<NotificationPage> {
  const { db } = context.database;
  const page = await repo.listNotifications(db, user.id, query.limit, query.cursor);
  const unread = await repo.countUnread(db, user.id);
  return { items: page.items.map(toNotification), nextCursor: page.nextCursor, unread };
}

/** Marks the signed-in user's notifications read (these, or all); answers how many stay unread. */
export async function markRead(
  context: AppContext,
  user: User,
  read: NotificationsRead,
): Promise<UnreadCount> {
  const { db } = context.database;
  await repo.markRead(db, user.id, read.ids);
  // The user's other tabs, on any instance, show the count this one now shows.
  await publish(db, 'notifications.changed', { userIds: [user.id] });
  return { unread: await repo.countUnread(db, user.id) };
}

function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
