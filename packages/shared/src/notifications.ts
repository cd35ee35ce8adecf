/** Notifications: what Redline tells a user about their cars, bookings and account. */
import { z } from 'zod';
import { pageOf } from './common.ts';

/**
 * Every kind of notification. To a seller: a test drive of their car requested, paid or cancelled.
 * To a buyer: a test drive they booked cancelled by someone else, a car they saved lowered in price
 * or sold. To anyone: their account verified, a message in one of their conversations. To every
 * admin: a message through the contact form.
 */
export const NOTIFICATION_TYPES = [
  'booking.requested',
  'booking.paid',
  'booking.cancelled',
  'saved-car.price-dropped',
  'saved-car.sold',
  'account.verified',
  'contact.received',
  'message.received',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** The page of the app it is about (a path of this site). */
  link: z.string(),
  createdAt: z.string(),
  /** When the user read it; null while unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A page of the signed-in user's notifications, newest first, and how many of all of them are unread. */
export const notificationPageSchema = pageOf(notificationSchema).extend({ unread: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** How many notifications one call may mark read by id. */
export const NOTIFICATIONS_READ_MAX = 100;

/** Marks these of the signed-in user's notifications read; without ids, all of them. */
export const notificationsReadSchema = z.object({
  ids: z
    .array(z.guid({ error: 'Each id is a notification id' }))
    .min(1, 'Give at least one id, or none to mark every notification read')
    .max(NOTIFICATIONS_READ_MAX, `At most ${NOTIFICATIONS_READ_MAX} ids at once`)
    .optional(),
});
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

/** How many of the signed-in user's notifications are still unread. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
