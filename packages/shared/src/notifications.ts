/** Notifications: what Redline tells a user about their cars, bookings and account. */
import { z } from 'zod';
import { pageOf } from './common.ts';
import { ROLES, type Role } from './constants.ts';

/**
 * Every kind of notification. To a seller: a test drive of their car requested, paid, cancelled, or
 * agreed at the time they proposed; their car removed by Redline. To a buyer: a test drive they
 * booked accepted, declined, proposed at another time, or cancelled by someone else (its car sold
 * or removed, with what happens to their money); a refund made; a car they saved lowered in price
 * or sold; new cars that match a search they saved. About offers: to a seller, an offer or a
 * buyer's counter, an offer withdrawn; to a buyer, a seller's counter, an offer declined (or closed:
 * the car reserved for another buyer, sold or removed), a reservation released; to a seller, a
 * holding deposit paid, a purchase confirmed; to a buyer on a reserved car's waitlist, the car for
 * sale again or sold; to both, an offer accepted by the other side, or
 * expired, or a reservation lapsed. To a seller, a buyer's review of them; to a buyer, the seller's
 * answer to their review. To anyone: their account verified, a message in
 * one of their conversations. To every admin: a message through the contact form, a conversation
 * reported by one of its participants.
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
  'booking.accepted',
  'booking.declined',
  'booking.rescheduled',
  'booking.time-agreed',
  'car.removed',
  'refund.made',
  'conversation.reported',
  'saved-search.matched',
  'offer.made',
  'offer.countered',
  'offer.accepted',
  'offer.declined',
  'offer.withdrawn',
  'offer.expired',
  'offer.released',
  'offer.deposit-paid',
  'offer.purchase-confirmed',
  'waitlist.ended',
  'review.received',
  'review.answered',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What the preferences page and the e-mails say of a kind, and who can receive it. */
export interface NotificationKind {
  /** Its name on the preferences page ("Test drive requested"). */
  label: string;
  /** When it is sent, in a line, to the person receiving it. */
  description: string;
  /** The roles it is sent to: the preferences page shows each user the kinds of their role. */
  audience: readonly Role[];
  /** Whether it is e-mailed until the user says otherwise (in the app it is always on by default). */
  email: boolean;
}

const sellers = ['Seller'] as const;
const buyers = ['Buyer'] as const;
const admins = ['Admin'] as const;
const buyersAndSellers = ['Buyer', 'Seller'] as const;

/** Every kind's label, description, audience and e-mail default: a new kind must have its line here. */
export const NOTIFICATION_KINDS: Readonly<Record<NotificationType, NotificationKind>> = {
  'booking.requested': {
    label: 'Test drive requested',
    description: 'A buyer asks to test-drive one of your cars.',
    audience: sellers,
    email: true,
  },
  'booking.paid': {
    label: 'Test drive paid',
    description: 'A buyer pays for a test drive of one of your cars.',
    audience: sellers,
    email: true,
  },
  'booking.cancelled': {
    label: 'Test drive cancelled',
    description: 'A test drive you booked or were booked for is cancelled by someone else.',
    audience: buyersAndSellers,
    email: true,
  },
  'saved-car.price-dropped': {
    label: 'Price drop',
    description: 'A car you saved asks for less.',
    audience: buyers,
    email: true,
  },
  'saved-car.sold': {
    label: 'Saved car sold',
    description: 'A car you saved is sold.',
    audience: buyers,
    email: false,
  },
  'saved-search.matched': {
    label: 'New cars for a saved search',
    description:
      'A new car matches one of your saved searches (at once, or in a daily digest: your choice per search).',
    audience: buyers,
    email: true,
  },
  'account.verified': {
    label: 'Account verified',
    description: 'Redline verifies your account.',
    audience: ROLES,
    email: true,
  },
  'contact.received': {
    label: 'Contact message',
    description: 'Someone writes to Redline through the contact form.',
    audience: admins,
    email: true,
  },
  'conversation.reported': {
    label: 'Conversation reported',
    description: 'A buyer or seller reports one of their conversations to Redline.',
    audience: admins,
    email: true,
  },
  'message.received': {
    label: 'New message',
    description: 'A buyer or seller writes to you about a car (once until you read it).',
    audience: buyersAndSellers,
    email: true,
  },
  'booking.accepted': {
    label: 'Test drive accepted',
    description: 'A seller accepts your test drive.',
    audience: buyers,
    email: true,
  },
  'booking.declined': {
    label: 'Test drive declined',
    description: 'A seller declines your test drive (a paid one is refunded).',
    audience: buyers,
    email: true,
  },
  'booking.rescheduled': {
    label: 'Another time proposed',
    description: 'A seller proposes another day or time for your test drive.',
    audience: buyers,
    email: true,
  },
  'booking.time-agreed': {
    label: 'Proposed time accepted',
    description: 'A buyer accepts the day and time you proposed.',
    audience: sellers,
    email: true,
  },
  'car.removed': {
    label: 'Car removed',
    description: 'Redline removes one of your cars (after buyers report it, or for breaking the rules).',
    audience: sellers,
    email: true,
  },
  'offer.made': {
    label: 'Offer received',
    description: 'A buyer makes an offer on one of your cars, or counters yours.',
    audience: sellers,
    email: true,
  },
  'offer.countered': {
    label: 'Counter-offer',
    description: 'A seller answers your offer with another amount.',
    audience: buyers,
    email: true,
  },
  'offer.accepted': {
    label: 'Offer accepted',
    description: 'The other side accepts your offer or counter: the car is reserved for the buyer.',
    audience: buyersAndSellers,
    email: true,
  },
  'offer.declined': {
    label: 'Offer declined',
    description:
      'A seller declines your offer, or it closes: the car is reserved for another buyer, sold or removed.',
    audience: buyers,
    email: true,
  },
  'offer.withdrawn': {
    label: 'Offer withdrawn',
    description: 'A buyer withdraws their offer on one of your cars.',
    audience: sellers,
    email: false,
  },
  'offer.expired': {
    label: 'Offer expired',
    description: 'An offer lapses without an answer, or a reservation without the purchase confirmed.',
    audience: buyersAndSellers,
    email: false,
  },
  'offer.released': {
    label: 'Reservation released',
    description: 'A seller releases the car your accepted offer reserved: it is for sale again.',
    audience: buyers,
    email: true,
  },
  'offer.deposit-paid': {
    label: 'Deposit paid',
    description: 'A buyer pays the holding deposit on one of your cars reserved for them.',
    audience: sellers,
    email: true,
  },
  'offer.purchase-confirmed': {
    label: 'Purchase confirmed',
    description:
      'A buyer confirms buying one of your cars reserved for them: mark it sold once the sale is done.',
    audience: sellers,
    email: true,
  },
  'waitlist.ended': {
    label: 'Waitlist',
    description: 'A reserved car you wait for is for sale again, or has been sold.',
    audience: buyers,
    email: true,
  },
  'review.received': {
    label: 'Review received',
    description: 'A buyer reviews you after a test drive.',
    audience: sellers,
    email: true,
  },
  'review.answered': {
    label: 'Review answered',
    description: 'A seller answers your review of them.',
    audience: buyers,
    email: false,
  },
  'refund.made': {
    label: 'Refund made',
    description: 'A test-drive fee or a holding deposit you paid is refunded to your card.',
    audience: buyers,
    email: true,
  },
};

/** The kinds a user of this role can receive, in NOTIFICATION_TYPES' order. */
export function notificationTypesFor(role: Role): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => NOTIFICATION_KINDS[type].audience.includes(role));
}

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

/** Whether a kind is shown in the app (`inApp`) and e-mailed (`email`) to the signed-in user. */
export const notificationPreferenceSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES, { error: 'Unknown kind of notification' }),
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/**
 * The signed-in user's preferences: every kind of their role, in NOTIFICATION_TYPES' order (GET);
 * the kinds to change, each once (PUT; the kinds not named keep their settings).
 */
export const notificationPreferencesSchema = z.object({
  items: z
    .array(notificationPreferenceSchema)
    .min(1, 'Give at least one kind')
    .max(NOTIFICATION_TYPES.length, `At most ${NOTIFICATION_TYPES.length} kinds`)
    .refine((items) => new Set(items.map((item) => item.type)).size === items.length, 'Give each kind once'),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The signed token of an e-mail's unsubscribe link: one user and one kind. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, 'The link has no token').max(512, 'The link is not valid'),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** What an unsubscribe link stops: the e-mails of one kind, or all of them. */
export const UNSUBSCRIBE_KINDS = [...NOTIFICATION_TYPES, 'all'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** What an unsubscribe link is about, and whether it is still e-mailed to its user (for `all`: any kind). */
export const unsubscribeStateSchema = z.object({
  kind: z.enum(UNSUBSCRIBE_KINDS),
  email: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;
