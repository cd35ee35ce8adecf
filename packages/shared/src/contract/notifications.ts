/** The signed-in user's notifications, their live changes, their settings, and e-mails' unsubscribe links. */
import { pageQuerySchema } from '../common.ts';
import { LIVE_TOPICS } from '../constants.ts';
import {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsReadSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeStateSchema,
} from '../notifications.ts';
import { defineRoute } from './route.ts';

const tags = ['notifications'];

export const notificationsRoutes = {
  listNotifications: defineRoute({
    method: 'GET',
    path: '/notifications',
    access: 'signedIn',
    tags,
    operationId: 'listNotifications',
    summary: "The signed-in user's notifications, newest first, and how many are unread",
    query: pageQuerySchema,
    responses: { 200: notificationPageSchema },
  }),
  streamNotificationChanges: defineRoute({
    method: 'GET',
    path: '/notifications/stream',
    access: 'signedIn',
    tags,
    operationId: 'streamNotificationChanges',
    summary: "A stream of the signed-in user's notification changes (Server-Sent Events)",
    description:
      'A client address may hold a few streams open at once (6 by default), and an instance a bounded number in all; past either, 503 with Retry-After. A stream ends when the session it was opened with ends (sign-out, revocation, expiry, the user deleted).',
    responses: {
      200: {
        events: LIVE_TOPICS,
        description:
          "Server-Sent Events, on any instance: `event: notifications` each time the signed-in user's notifications change (made, or read in another tab), `event: conversations` their conversations, `event: bookings` a booking of theirs (or its payment or refund), `event: payments` the payments ledger (admins); a comment every 20 s keeps the stream open",
      },
    },
    otherStatuses: [503],
  }),
  markNotificationsRead: defineRoute({
    method: 'POST',
    path: '/notifications/read',
    access: 'signedIn',
    tags,
    operationId: 'markNotificationsRead',
    summary: "Mark the signed-in user's notifications read: these ids, or all of them without ids",
    body: notificationsReadSchema,
    responses: { 200: unreadCountSchema },
  }),
  getNotificationPreferences: defineRoute({
    method: 'GET',
    path: '/notifications/preferences',
    access: 'signedIn',
    tags,
    operationId: 'getNotificationPreferences',
    summary: "The signed-in user's notification settings: each kind of their role, in the app and by e-mail",
    responses: { 200: notificationPreferencesSchema },
  }),
  setNotificationPreferences: defineRoute({
    method: 'PUT',
    path: '/notifications/preferences',
    access: 'signedIn',
    tags,
    operationId: 'setNotificationPreferences',
    summary:
      "Set the signed-in user's settings of these kinds (others keep theirs); a kind their role does not receive refuses them all",
    body: notificationPreferencesSchema,
    responses: { 200: notificationPreferencesSchema },
  }),
  getUnsubscribeLink: defineRoute({
    method: 'GET',
    path: '/notifications/unsubscribe',
    access: 'public',
    tags,
    operationId: 'getUnsubscribeLink',
    summary: "What an e-mail's unsubscribe link stops, and whether it is still e-mailed (changes nothing)",
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribeStateSchema },
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/notifications/unsubscribe',
    access: 'public',
    tags,
    operationId: 'unsubscribe',
    summary:
      "Stop the e-mails an unsubscribe link names, without signing in (the e-mail's one-click List-Unsubscribe, RFC 8058)",
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribeStateSchema },
  }),
};
