import {
  aliasedTable,
  and,
  desc,
  eq,
  inArray,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { dailyCounts } from '../../db/daily-counts.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { sharedRead } from '../../events/index.ts';
import { conversationReports, conversations, messages } from './conversations.schema.ts';

export async function findConversationId(tx: Tx, carId: string, buyerId: string) {
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.carId, carId), eq(conversations.buyerId, buyerId)));
  return row?.id;
}

export async function insertConversation(tx: Tx, values: typeof conversations.$inferInsert) {
  const [row] = await tx.insert(conversations).values(values).returning({ id: conversations.id });
  return row!.id;
}

/** Sets `userId`'s side of a conversation read up to `at`; the other side's stays (both, for no user). */
const readUpTo = (userId: string | SQLWrapper, at: SQL | Date) => ({
  buyerReadAt: sql`case when ${conversations.buyerId} = ${userId} then ${at} else ${conversations.buyerReadAt} end`,
  sellerReadAt: sql`case when ${conversations.sellerId} = ${userId} then ${at} else ${conversations.sellerReadAt} end`,
});

/** The conversation's messages that `userId` has not read: the other party's, after their side's read time. */
const unreadBy = (userId: string) => sql`${messages.conversationId} = ${conversations.id}
  and ${messages.senderId} <> ${userId}
  and ${messages.createdAt} > case when ${conversations.buyerId} = ${userId}
    then ${conversations.buyerReadAt} else ${conversations.sellerReadAt} end`;

/** A message's values in the statement that adds it (`insertMessage`). */
const sent = {
  conversationId: sql.placeholder('conversationId'),
  senderId: sql.placeholder('senderId'),
  body: sql.placeholder('body'),
  offerId: sql.placeholder('offerId'),
};

/**
 * One statement: the insert is a common table expression whose row the update reads; the conversation
 * moves to the top of both lists, and is read by its sender (by neither side for a notice).
 */
const messageInsert = (db: Db) => {
  const message = db
    .$with('message')
    .as(db.insert(messages).values(sent).returning({ id: messages.id, createdAt: messages.createdAt }));
  const sentAt = sql`(select ${message.createdAt} from ${message})`;
  return db
    .with(message)
    .update(conversations)
    .set({ lastMessageAt: sentAt, ...readUpTo(sent.senderId, sentAt) })
    .where(eq(conversations.id, sent.conversationId))
    .returning({
      messageId: sql<string>`(select ${message.id} from ${message})`,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
    });
};

/** Adds a message (a notice of Redline's without a sender; an offer's move with its offer). */
export async function insertMessage(
  statements: Statements,
  tx: Db | Tx,
  { conversationId, senderId = null, body, offerId = null }: typeof messages.$inferInsert,
) {
  const [row] = await statements
    .on(tx, 'insert_message', messageInsert)
    .execute({ conversationId, senderId, body, offerId });
  return row!;
}

/**
 * The caller has read the conversation up to now: true when something of the other party's was
 * unread (otherwise nothing changes, and nobody needs telling).
 */
export async function markRead(db: Db, conversationId: string, userId: string) {
  const rows = await db
    .update(conversations)
    .set({
      ...readUpTo(userId, sql`now()`),
    })
    .where(
      and(
        eq(conversations.id, conversationId),
        sql`exists (select 1 from ${messages} where ${unreadBy(userId)})`,
      ),
    )
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/** A conversation as `userId` sees it: the other party, the last message, what is unread. */
function conversationsOf(db: Db, userId: string, where: SQL | undefined) {
  const isBuyer = sql<boolean>`${conversations.buyerId} = ${userId}`;
  const otherId = sql`case when ${isBuyer} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  // The conversation's last message: what it says and who sent it (sent at lastMessageAt).
  const lastOf = (column: typeof messages.body | typeof messages.senderId) => sql<string | null>`(
    select ${column} from ${messages} where ${messages.conversationId} = ${conversations.id}
    order by ${messages.createdAt} desc, ${messages.id} desc limit 1)`;
  return db
    .select({
      id: conversations.id,
      carId: conversations.carId,
      carName: conversations.carName,
      carPhoto: conversations.carPhoto,
      lastMessageAt: conversations.lastMessageAt,
      otherId: users.id,
      otherName: users.name,
      otherVerified: users.isVerified,
      lastBody: lastOf(messages.body),
      lastSenderId: lastOf(messages.senderId),
      unread: sql<number>`(select count(*)::int from ${messages} where ${unreadBy(userId)})`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .where(and(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)), where));
}

export type ConversationRow = Awaited<ReturnType<typeof findConversation>> & {};

export async function findConversation(db: Db, id: string, userId: string) {
  const [row] = await conversationsOf(db, userId, eq(conversations.id, id));
  return row;
}

/** The user's conversations, the latest message first. */
export async function listConversations(db: Db, userId: string, limit: number, cursor?: string) {
  const page = keyset(conversations.lastMessageAt, conversations.id, cursor);
  const rows = await conversationsOf(db, userId, page.where)
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (row) => [row.lastMessageAt, row.id]);
}

/** A conversation's messages, newest first. */
export async function listMessages(db: Db, conversationId: string, limit: number, cursor?: string) {
  const page = keyset(messages.createdAt, messages.id, cursor);
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      createdAt: messages.createdAt,
      senderId: messages.senderId,
      offerId: messages.offerId,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (row) => [row.createdAt, row.id]);
}

/** Returns undefined when the reporter had already reported the conversation. */
export async function insertReport(tx: Tx, values: typeof conversationReports.$inferInsert) {
  const [row] = await tx
    .insert(conversationReports)
    .values(values)
    .onConflictDoNothing({ target: [conversationReports.conversationId, conversationReports.reporterId] })
    .returning({ id: conversationReports.id });
  return row;
}

const buyers = aliasedTable(users, 'buyer');
const sellers = aliasedTable(users, 'seller');

/** Reported conversations, the most recently reported first. The cursor is (last report time, id). */
export async function listReportedConversations(db: Db, limit: number, cursor: string | undefined) {
  const perConversation = db
    .select({
      conversationId: conversationReports.conversationId,
      lastReportedAt: sql<Date>`max(${conversationReports.createdAt})`
        .mapWith(conversationReports.createdAt)
        .as('last_reported_at'),
    })
    .from(conversationReports)
    .groupBy(conversationReports.conversationId)
    .as('per_conversation');
  const page = keyset(perConversation.lastReportedAt, perConversation.conversationId, cursor);
  const rows = await db
    .select({
      id: perConversation.conversationId,
      lastReportedAt: perConversation.lastReportedAt,
      carId: conversations.carId,
      carName: conversations.carName,
      buyerName: buyers.name,
      buyerEmail: buyers.email,
      sellerName: sellers.name,
      sellerEmail: sellers.email,
    })
    .from(perConversation)
    .innerJoin(conversations, eq(conversations.id, perConversation.conversationId))
    .innerJoin(buyers, eq(buyers.id, conversations.buyerId))
    .innerJoin(sellers, eq(sellers.id, conversations.sellerId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.lastReportedAt, r.id]);
}

export function reportsOfConversations(db: Db, conversationIds: string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      conversationId: conversationReports.conversationId,
      reason: conversationReports.reason,
      details: conversationReports.details,
      reporterName: users.name,
      createdAt: conversationReports.createdAt,
    })
    .from(conversationReports)
    .innerJoin(users, eq(users.id, conversationReports.reporterId))
    .where(inArray(conversationReports.conversationId, conversationIds))
    .orderBy(desc(conversationReports.createdAt), desc(conversationReports.id));
}

export async function deleteReportsOf(db: Db, conversationId: string) {
  const deleted = await db
    .delete(conversationReports)
    .where(eq(conversationReports.conversationId, conversationId))
    .returning({ id: conversationReports.id });
  return deleted.length;
}

/**
 * A message, who sent it and who it is for, its conversation's people and the car it is about; read
 * once for the reactions to a fact about it (its notification, its people's lists).
 */
export function findMessage(statements: Statements, tx: Db | Tx, id: string) {
  return sharedRead(tx, `message:${id}`, async () => {
    const [row] = await statements.on(tx, 'message_for_reactions', messageById).execute({ id });
    return row;
  });
}

const messageById = (db: Db) =>
  db
    .select({
      conversationId: messages.conversationId,
      body: messages.body,
      senderName: users.name,
      carName: conversations.carName,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      recipientId: sql<string>`case when ${conversations.buyerId} = ${messages.senderId}
        then ${conversations.sellerId} else ${conversations.buyerId} end`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, sql.placeholder('id')));

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

/** The messages buyers wrote (not their sellers', nor Redline's notices of offers), with their car. */
const buyersMessages = new QueryBuilder()
  .select({
    carId: sql<string | null>`${conversations.carId}`.as('car_id'),
    at: sql<Date>`${messages.createdAt}`.as('at'),
  })
  .from(messages)
  .innerJoin(conversations, eq(conversations.id, messages.conversationId))
  .where(and(eq(messages.senderId, conversations.buyerId), isNull(messages.offerId)))
  .as('buyers_messages');

/** How many messages buyers wrote about each of these cars per day since `since`. */
export function buyerMessagesPerDay(db: Db | Tx, carIds: readonly string[], since: Date) {
  return dailyCounts(
    db,
    { table: buyersMessages, carId: buyersMessages.carId, at: buyersMessages.at },
    carIds,
    since,
  );
}
