import {
  NOTIFICATION_KINDS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationsRead,
  type NotificationType,
  notificationTypesFor,
  type PageQuery,
  type SessionUser,
  type UnreadCount,
  type UnsubscribeQuery,
  type UnsubscribeState,
} from '@redline/shared';
import { authSecret } from '../../config/auth-secret.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import * as repo from './notifications.repository.ts';
import { toldAs } from './seller-side.ts';
import { readUnsubscribeToken, type Unsubscribe } from './unsubscribe-token.ts';

/** The signed-in user's notifications, newest first, with how many of all of them are unread. */
export async function listNotifications(
  context: AppContext,
  user: SessionUser,
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
  user: SessionUser,
  read: NotificationsRead,
): Promise<UnreadCount> {
  const { db } = context.database;
  await repo.markRead(db, user.id, read.ids);
  // The user's other tabs, on any instance, show the count this one now shows.
  await publish(db, 'notifications.changed', { userIds: [user.id] });
  return { unread: await repo.countUnread(db, user.id) };
}

/** A kind's settings for a user: what they chose, else the kind's defaults (in the app: on). */
export function settingsOf(type: NotificationType, chosen: repo.Settings | undefined): repo.Settings {
  return chosen ?? { inApp: true, email: NOTIFICATION_KINDS[type].email };
}

/**
 * The kinds the user may be told: those of their role, less those of their dealer that their team
 * role is not told of (a salesperson hears of no review, seller-side.ts).
 */
function kindsToldTo(user: SessionUser) {
  const { sellsFor } = user;
  return notificationTypesFor(user.role).filter(
    (type) => !sellsFor || sellsFor.role === 'owner' || toldAs(sellsFor.role, type),
  );
}

/** The user's settings of every kind they may be told, in NOTIFICATION_TYPES' order. */
export async function getPreferences(
  context: AppContext,
  user: SessionUser,
): Promise<NotificationPreferences> {
  const chosen = await repo.chosenSettings(context.database.statements, user.id);
  return {
    items: kindsToldTo(user).map((type) => ({ type, ...settingsOf(type, chosen.get(type)) })),
  };
}

/** Sets the named kinds' settings; a kind not of the user's role refuses them all. */
export async function setPreferences(
  context: AppContext,
  user: SessionUser,
  { items }: NotificationPreferences,
): Promise<NotificationPreferences> {
  const theirs = kindsToldTo(user);
  const others = items.filter((item) => !theirs.includes(item.type));
  if (others.length > 0)
    throw badRequest(
      `Your account does not receive ${others.map((item) => item.type).join(', ')} notifications.`,
      {
        items: 'Only the kinds of notification your account receives can be set',
      },
    );
  await repo.saveSettings(context.database.db, user.id, items);
  return getPreferences(context, user);
}

/** The user and kind of an unsubscribe link; a forged, broken or stale one is refused. */
async function unsubscribeOf(context: AppContext, { token }: UnsubscribeQuery): Promise<Unsubscribe> {
  const link = readUnsubscribeToken(authSecret(context.config), token);
  if (!link || !(await repo.userExists(context.database.db, link.userId)))
    throw badRequest(
      'This unsubscribe link is not valid. Change your e-mails in your notification settings.',
    );
  return link;
}

/** The kinds an unsubscribe link stops: `all` is every kind, of other roles too (a role can change). */
const kindsOf = (link: Unsubscribe): readonly NotificationType[] =>
  link.kind === 'all' ? NOTIFICATION_TYPES : [link.kind];

/** What an unsubscribe link stops, and whether it is still e-mailed (changes nothing). */
export async function unsubscribeState(
  context: AppContext,
  query: UnsubscribeQuery,
): Promise<UnsubscribeState> {
  const link = await unsubscribeOf(context, query);
  const chosen = await repo.chosenSettings(context.database.statements, link.userId);
  const email = kindsOf(link).some((type) => settingsOf(type, chosen.get(type)).email);
  return { kind: link.kind, email };
}

/** Stops the e-mails of the link's kind (or of all kinds); in the app they stay as they were. */
export async function unsubscribe(context: AppContext, query: UnsubscribeQuery): Promise<UnsubscribeState> {
  const link = await unsubscribeOf(context, query);
  const { db, statements } = context.database;
  const chosen = await repo.chosenSettings(statements, link.userId);
  await repo.saveSettings(
    db,
    link.userId,
    kindsOf(link).map((type) => ({ type, inApp: settingsOf(type, chosen.get(type)).inApp, email: false })),
  );
  return { kind: link.kind, email: false };
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
