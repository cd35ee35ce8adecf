import {
  type Conversation,
  type ConversationInput,
  type ConversationReportInput,
  type ConversationReportReason,
  carName,
  type MessageInput,
  type MessagePage,
  type Page,
  type PageQuery,
  type ReportedConversation,
  type SessionUser,
} from '@redline/shared';
import { actingAs, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/pagination.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { carCoverUrl, lockCarWithSeller } from '../cars/index.ts';
import { teamOf } from '../dealers/index.ts';
import * as repo from './conversations.repository.ts';

/**
 * Asks the seller about a car: the buyer's conversation about it, opened with this message, or the
 * one they have already, which the message joins.
 */
export async function startConversation(context: AppContext, actor: SessionUser, input: ConversationInput) {
  const id = await context.database.db.transaction(async (tx) => {
    // Locked: two first messages at once open one conversation.
    const car = await lockCarWithSeller(context.database.statements, tx, input.carId);
    if (!car) throw notFound('The car');
    // A seller in a dealer's team writes as the dealer (ADR 65), about others' cars only.
    const party = actingAs(actor);
    if (car.sellerId === party) throw forbidden('This is your own car: buyers message you about it.');
    let conversationId = await repo.findConversationId(tx, car.id, party);
    if (!conversationId) {
      if (car.soldAt) throw conflict('This car has been sold.');
      conversationId = await repo.insertConversation(tx, {
        carId: car.id,
        carName: carName(car),
        carPhoto: carCoverUrl(context, car.photos, car.coverWidth),
        buyerId: party,
        sellerId: car.sellerId,
      });
    }
    await send(context, tx, conversationId, party, input.message);
    return conversationId;
  });
  return { id };
}

/** A participant's message in their conversation. */
export async function sendMessage(
  context: AppContext,
  actor: SessionUser,
  conversationId: string,
  input: MessageInput,
) {
  await requireAccess(context, actor, { permission: 'conversation.write', id: conversationId });
  // A team member writes as their dealer: buyers talk to the dealer (ADR 65).
  const id = await context.database.db.transaction((tx) =>
    send(context, tx, conversationId, actingAs(actor), input.body),
  );
  return { id };
}

async function send(context: AppContext, tx: Tx, conversationId: string, senderId: string, body: string) {
  const { messageId } = await repo.insertMessage(context.database.statements, tx, {
    conversationId,
    senderId,
    body,
  });
  // Its people's lists are told by a reaction (notifications' live-changes.ts), which shares the
  // seller's team with the message's notification.
  await publish(tx, 'message.sent', { messageId });
  return messageId;
}

/**
 * Whose lists show a conversation of the seller's as the seller's: the seller account and the members
 * of its team, who read and answer them for it (ADR 65).
 */
async function sellerAndTeam(db: Db | Tx, sellerId: string) {
  return [sellerId, ...(await teamOf(db, sellerId)).map((member) => member.id)];
}

/** A car as a conversation about it keeps it. */
interface ConversationCar {
  id: string;
  name: string;
  photo: string;
}

/**
 * The buyer's conversation with the seller about the car, opened when they have none: where an
 * offer's moves show (modules/offers). Run it holding the car's lock, as a first message does.
 */
export async function conversationAbout(tx: Tx, car: ConversationCar, buyerId: string, sellerId: string) {
  return (
    (await repo.findConversationId(tx, car.id, buyerId)) ??
    (await repo.insertConversation(tx, {
      carId: car.id,
      carName: car.name,
      carPhoto: car.photo,
      buyerId,
      sellerId,
    }))
  );
}

/**
 * Tells an offer's move in its conversation, in order with the messages: a message of whoever made
 * it (null: a notice of Redline's, as an expiry) that refers to the offer. The offer's own
 * notification tells the other side, not `message.sent`'s.
 */
export async function tellOfferMove(
  context: AppContext,
  tx: Db | Tx,
  move: { conversationId: string; senderId: string | null; offerId: string; body: string },
) {
  const { buyerId, sellerId } = await repo.insertMessage(context.database.statements, tx, move);
  await publish(tx, 'conversations.changed', { userIds: [buyerId, ...(await sellerAndTeam(tx, sellerId))] });
}

/** The caller's conversations, the latest message first. */
export async function listConversations(
  context: AppContext,
  actor: SessionUser,
  query: PageQuery,
): Promise<Page<Conversation>> {
  const party = actingAs(actor);
  const page = await repo.listConversations(context.database.db, party, query.limit, query.cursor);
  return { items: page.items.map((row) => toConversation(row, party)), nextCursor: page.nextCursor };
}

/** A page of a conversation's messages, newest first; reading it marks the conversation read. */
export async function listMessages(
  context: AppContext,
  actor: SessionUser,
  conversationId: string,
  query: PageQuery,
): Promise<MessagePage> {
  const access = await requireAccess(context, actor, { permission: 'conversation.read', id: conversationId });
  // An admin reading a reported conversation reads it as its buyer would, and marks nothing read.
  const viewerId = actingAs(actor) === access.sellerId ? access.sellerId : access.buyerId;
  const participant = viewerId === actingAs(actor);
  const { db } = context.database;
  const page = await repo.listMessages(db, conversationId, query.limit, query.cursor);
  // The caller's other tabs show it read; told only when something was unread (reading again,
  // as a page that was told of a change does, tells nobody: no page asks again because it asked).
  if (participant && !query.cursor && (await repo.markRead(db, conversationId, viewerId)))
    await publish(db, 'conversations.changed', {
      userIds: viewerId === access.sellerId ? await sellerAndTeam(db, viewerId) : [viewerId],
    });
  const conversation = await repo.findConversation(db, conversationId, viewerId);
  // The admin is told who both people are: the seller as the buyer sees them, and the other way round.
  const asSeller = participant ? undefined : await repo.findConversation(db, conversationId, access.sellerId);
  return {
    conversation: toConversation(conversation!, viewerId),
    participants: asSeller
      ? {
          buyer: toConversation(asSeller, access.sellerId).otherParty,
          seller: toConversation(conversation!, viewerId).otherParty,
        }
      : null,
    items: page.items.map((message) => ({
      id: message.id,
      body: message.body,
      sentAt: message.createdAt.toISOString(),
      fromMe: message.senderId === viewerId,
      offerId: message.offerId,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * A participant reports the conversation, once: the admins are told, and may read it until they
 * dismiss the reports.
 */
export async function reportConversation(
  context: AppContext,
  actor: SessionUser,
  conversationId: string,
  input: ConversationReportInput,
) {
  await requireAccess(context, actor, { permission: 'conversation.report', id: conversationId });
  const id = await context.database.db.transaction(async (tx) => {
    const inserted = await repo.insertReport(tx, { ...input, conversationId, reporterId: actor.id });
    if (!inserted) throw conflict('You have already reported this conversation.');
    await publish(tx, 'conversation.reported', { reportId: inserted.id });
    return inserted.id;
  });
  return { id };
}

/** The admins' list of reported conversations, the most recently reported first. */
export async function listReportedConversations(
  context: AppContext,
  query: PageQuery,
): Promise<Page<ReportedConversation>> {
  const { db } = context.database;
  const page = await repo.listReportedConversations(db, query.limit, query.cursor);
  const reports = await repo.reportsOfConversations(
    db,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => ({
      id: row.id,
      carId: row.carId,
      carName: row.carName,
      buyer: { name: row.buyerName, email: row.buyerEmail },
      seller: { name: row.sellerName, email: row.sellerEmail },
      reports: reports
        .filter((report) => report.conversationId === row.id)
        .map((report) => ({
          reason: report.reason as ConversationReportReason,
          details: report.details,
          reporterName: report.reporterName,
          createdAt: report.createdAt.toISOString(),
        })),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The reports were unfounded: they go, and with them the admins' access to the conversation. */
export async function dismissReports(context: AppContext, conversationId: string) {
  const deletedCount = isUuid(conversationId)
    ? await repo.deleteReportsOf(context.database.db, conversationId)
    : 0;
  if (deletedCount === 0) throw notFound('The reported conversation');
  return { deletedCount };
}

function toConversation(row: repo.ConversationRow, viewerId: string): Conversation {
  return {
    id: row.id,
    carId: row.carId,
    carName: row.carName,
    carPhoto: row.carPhoto,
    otherParty: { id: row.otherId, name: row.otherName, verified: row.otherVerified },
    lastMessage:
      row.lastBody === null
        ? null
        : {
            body: row.lastBody,
            sentAt: row.lastMessageAt.toISOString(),
            fromMe: row.lastSenderId === viewerId,
          },
    unread: row.unread,
  };
}
