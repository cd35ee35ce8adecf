import type {
  ContactHandled,
  ContactListQuery,
  ContactMessage,
  ContactMessageInput,
  Page,
  SessionUser,
} from '@redline/shared';
import type { AppContext } from '../../context.ts';
import { isUuid } from '../../db/pagination.ts';
import { notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import * as repo from './contact.repository.ts';

/** Keeps a visitor's message for the admins' inbox, and tells them (a notification each). */
export async function sendMessage(context: AppContext, input: ContactMessageInput) {
  const id = await context.database.db.transaction(async (tx) => {
    const messageId = await repo.insertMessage(tx, input);
    await publish(tx, 'contact.received', { messageId });
    return messageId;
  });
  return { id };
}

export async function listMessages(
  context: AppContext,
  query: ContactListQuery,
): Promise<Page<ContactMessage>> {
  const page = await repo.listMessages(context.database.db, query.status, query.limit, query.cursor);
  return { items: page.items.map(toMessage), nextCursor: page.nextCursor };
}

/** An admin marks a message handled (by them, the first time), or open again. */
export async function setHandled(
  context: AppContext,
  admin: SessionUser,
  id: string,
  { handled }: ContactHandled,
): Promise<ContactMessage> {
  const { db } = context.database;
  if (!isUuid(id) || !(await repo.setHandled(db, id, admin.id, handled))) throw notFound('The message');
  return toMessage((await repo.findMessage(db, id))!);
}

function toMessage(row: repo.ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy,
  };
}
