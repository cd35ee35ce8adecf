import type { ContactMessageInput, ContactStatus } from '@redline/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { contactMessages } from './contact.schema.ts';

const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  handledBy: sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${contactMessages.handledBy})`,
};

export type ContactMessageRow = Awaited<ReturnType<typeof findMessage>> & {};

export async function insertMessage(tx: Tx, input: ContactMessageInput) {
  const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!.id;
}

export async function findMessage(db: Db | Tx, id: string) {
  const [row] = await db.select(messageColumns).from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** The messages of a status (none: all), newest first. */
export async function listMessages(
  db: Db,
  status: ContactStatus | undefined,
  limit: number,
  cursor?: string,
) {
  const page = keyset(contactMessages.createdAt, contactMessages.id, cursor);
  const of =
    status === 'open'
      ? isNull(contactMessages.handledAt)
      : status === 'handled'
        ? isNotNull(contactMessages.handledAt)
        : undefined;
  const rows = await db
    .select(messageColumns)
    .from(contactMessages)
    .where(and(of, page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (row) => [row.createdAt, row.id]);
}

/**
 * Marks a message handled by `adminId` (kept as it was when it is handled already), or open again;
 * false when there is no such message.
 */
export async function setHandled(db: Db, id: string, adminId: string, handled: boolean) {
  const rows = await db
    .update(contactMessages)
    .set(
      handled
        ? {
            handledAt: sql`coalesce(${contactMessages.handledAt}, now())`,
            handledBy: sql`coalesce(${contactMessages.handledBy}, ${adminId})`,
          }
        : { handledAt: null, handledBy: null },
    )
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** A contact message: who wrote, and what. */
export async function findContactMessage(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({ name: contactMessages.name, email: contactMessages.email, message: contactMessages.message })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row;
}
