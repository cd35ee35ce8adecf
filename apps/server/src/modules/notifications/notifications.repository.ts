import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import {
  bookings,
  cars,
  contactMessages,
  conversationReports,
  conversations,
  messages,
  notificationEmails,
  notificationPreferences,
  notifications,
  payments,
  refunds,
  savedCars,
  savedSearches,
  users,
} from '../../db/schema.ts';

export type NewNotification = typeof notifications.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;

/** Written with the change they tell of (its transaction), or not at all. */
export async function insertNotifications(tx: Db | Tx, rows: NewNotification[]) {
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

/** A user's notifications, newest first. */
export async function listNotifications(db: Db, userId: string, limit: number, cursor?: string) {
  const page = keyset(notifications.createdAt, notifications.id, cursor);
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (row) => [row.createdAt, row.id]);
}

export async function countUnread(db: Db, userId: string) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the user's unread notifications read: these ones, or all (no ids); others' ids match nothing. */
export async function markRead(db: Db, userId: string, ids: string[] | undefined) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

/** What a notification of a booking says: its people, car and time (kept on the booking). */
export async function findBooking(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({
      carId: bookings.carId,
      carName: bookings.carName,
      sellerId: bookings.sellerId,
      sellerName: bookings.sellerName,
      buyerId: bookings.buyerId,
      buyerName: bookings.buyerName,
      requestedDate: bookings.requestedDate,
      requestedTime: bookings.requestedTime,
      requestedLocation: bookings.requestedLocation,
      proposedDate: bookings.proposedDate,
      proposedTime: bookings.proposedTime,
      price: bookings.price,
      isPaid: bookings.isPaid,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

/** What a notification of a refund says: whose money, for which test drive. */
export async function findRefund(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({ amount: refunds.amount, buyerId: bookings.buyerId, carName: bookings.carName })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(refunds.id, id));
  return row;
}

export async function findCar(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({ year: cars.year, brand: cars.brand, model: cars.model, sellerId: cars.sellerId })
    .from(cars)
    .where(eq(cars.id, id));
  return row;
}

/** A contact message: who wrote, and what. */
export async function findContactMessage(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({ name: contactMessages.name, email: contactMessages.email, message: contactMessages.message })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row;
}

/** The buyer and seller of a booking (null for an account that has gone). */
export async function bookingPeople(tx: Db | Tx, bookingId: string) {
  const [row] = await tx
    .select({ buyerId: bookings.buyerId, sellerId: bookings.sellerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

/** The booking whose payment a refund gives back. */
export async function bookingOfRefund(tx: Db | Tx, refundId: string) {
  const [row] = await tx
    .select({ bookingId: payments.bookingId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  return row?.bookingId;
}

export async function adminIds(tx: Db | Tx) {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Admin'));
  return rows.map((row) => row.id);
}

/** A message, who sent it and who it is for, and the car its conversation is about. */
export async function findMessage(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({
      conversationId: messages.conversationId,
      body: messages.body,
      senderName: users.name,
      carName: conversations.carName,
      recipientId: sql<string>`case when ${conversations.buyerId} = ${messages.senderId}
        then ${conversations.sellerId} else ${conversations.buyerId} end`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id));
  return row;
}

/** A report of a conversation: who made it, why, and the car the conversation is about. */
export async function findConversationReport(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({
      reason: conversationReports.reason,
      reporterName: users.name,
      carName: conversations.carName,
    })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .innerJoin(users, eq(users.id, conversationReports.reporterId))
    .where(eq(conversationReports.id, id));
  return row;
}

/** Whether the user has an unread notification leading to `link`. */
export async function hasUnread(tx: Db | Tx, userId: string, link: string) {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)))
    .limit(1);
  return row !== undefined;
}

/** A saved search: whose it is, its name and filters. */
export async function findSavedSearch(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({ buyerId: savedSearches.buyerId, name: savedSearches.name, filters: savedSearches.filters })
    .from(savedSearches)
    .where(eq(savedSearches.id, id));
  return row;
}

/** These cars' names and prices, in the order of `ids`. */
export async function findCars(tx: Db | Tx, ids: string[]) {
  const rows = await tx
    .select({
      id: cars.id,
      year: cars.year,
      brand: cars.brand,
      model: cars.model,
      askingPrice: cars.askingPrice,
    })
    .from(cars)
    .where(inArray(cars.id, ids));
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** The buyers who saved the car. */
export async function saversOf(tx: Db | Tx, carId: string) {
  const rows = await tx
    .select({ buyerId: savedCars.buyerId })
    .from(savedCars)
    .where(eq(savedCars.carId, carId));
  return rows.map((row) => row.buyerId);
}

export type Settings = Pick<typeof notificationPreferences.$inferSelect, 'inApp' | 'email'>;

/** The settings the user chose, by kind (a kind they never changed has no row). */
export async function chosenSettings(db: Db | Tx, userId: string) {
  const rows = await db
    .select({
      type: notificationPreferences.type,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map<string, Settings>(rows.map(({ type, ...settings }) => [type, settings]));
}

/**
 * What these users chose for one kind (`settings`: absent for a user who never changed it), and
 * whether each has confirmed their address (its e-mailed link): only they are e-mailed. A deleted
 * user has no entry.
 */
export async function recipientsFor(tx: Db | Tx, userIds: string[], type: string) {
  const rows = await tx
    .select({
      userId: users.id,
      emailConfirmed: users.emailVerified,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.type, type)),
    )
    .where(inArray(users.id, userIds));
  return new Map(
    rows.map(({ userId, emailConfirmed, inApp, email }) => [
      userId,
      { emailConfirmed, settings: inApp === null || email === null ? undefined : { inApp, email } },
    ]),
  );
}

/** Sets the user's settings of these kinds; other kinds keep theirs. */
export async function saveSettings(db: Db | Tx, userId: string, items: ({ type: string } & Settings)[]) {
  await db
    .insert(notificationPreferences)
    .values(items.map((item) => ({ userId, ...item })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });
}

/** Whether the user exists (an unsubscribe link outlives its account). */
export async function userExists(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

export type NewNotificationEmail = typeof notificationEmails.$inferInsert;
export type NotificationEmailRow = typeof notificationEmails.$inferSelect;

/** Written with the notification (its transaction), or not at all. */
export async function insertEmails(tx: Db | Tx, rows: NewNotificationEmail[]) {
  if (rows.length > 0) await tx.insert(notificationEmails).values(rows);
}

/** Who an e-mail goes to. */
export async function findRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The user's oldest notifications waiting to be e-mailed, at most `limit`. */
export async function waitingEmails(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(notificationEmails)
    .where(eq(notificationEmails.userId, userId))
    .orderBy(notificationEmails.createdAt, notificationEmails.id)
    .limit(limit);
}

/** Removes sent (or no longer wanted) e-mails from the outbox. */
export async function deleteEmails(db: Db, ids: string[]) {
  if (ids.length > 0) await db.delete(notificationEmails).where(inArray(notificationEmails.id, ids));
}

/** The users with e-mails waiting since before `before`. */
export async function usersWithEmailsSince(db: Db, before: Date) {
  const rows = await db
    .selectDistinct({ userId: notificationEmails.userId })
    .from(notificationEmails)
    .where(lt(notificationEmails.createdAt, before));
  return rows.map((row) => row.userId);
}

/** Gives up the e-mails waiting since before `before`; answers how many. */
export async function dropEmailsOlderThan(db: Db, before: Date) {
  const dropped = await db
    .delete(notificationEmails)
    .where(lt(notificationEmails.createdAt, before))
    .returning({ id: notificationEmails.id });
  return dropped.length;
}
