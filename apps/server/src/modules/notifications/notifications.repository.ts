import { and, count, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { sqlStatement } from '../../db/prepared-statements.ts';
import { notificationEmails, notificationPreferences, notifications } from './notifications.schema.ts';

export type NewNotification = typeof notifications.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;

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

export async function adminIds(tx: Db | Tx) {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Admin'));
  return rows.map((row) => row.id);
}

/**
 * A statement about some users in its two forms, each a statement of its own: one user's with
 * `column = $1` and several users' with `column = any($1)`. Most notifications have one recipient,
 * and PostgreSQL keeps a generic plan for `= $1` after its fifth use, where it plans `= any($1)` again
 * at every use (its generic plan counts ten elements, the custom one the array's own): see
 * docs/performance.md, section 7.
 */
const byRecipients = <S>(column: AnyPgColumn, statement: (recipient: SQL) => S) => ({
  one: statement(sql`${column} = ${sql.placeholder('userId')}::text`),
  many: statement(sql`${column} = any(${sql.placeholder('userIds')}::text[])`),
});

/** Which form of a `byRecipients` statement `userIds` take, and its input. */
const recipientsOf = (userIds: string[]) =>
  userIds.length === 1
    ? { form: 'one' as const, input: { userId: userIds[0] } }
    : { form: 'many' as const, input: { userIds } };

/** Which of these users have an unread notification leading to `link`. */
export async function withUnread(statements: Statements, tx: Db | Tx, userIds: string[], link: string) {
  const { form, input } = recipientsOf(userIds);
  const rows = await statements
    .on(tx, `with_unread_${form}`, withUnreadStatements[form])
    .execute({ ...input, link });
  return new Set(rows.map((row) => row.userId));
}

const withUnreadStatements = byRecipients(
  notifications.userId,
  (recipient) => (db: Db) =>
    db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(and(recipient, eq(notifications.link, sql.placeholder('link')), isNull(notifications.readAt))),
);

export type Settings = Pick<typeof notificationPreferences.$inferSelect, 'inApp' | 'email'>;

/** The settings the user chose, by kind (a kind they never changed has no row). */
export async function chosenSettings(statements: Statements, userId: string) {
  const rows = await statements.get('chosen_settings', chosenSettingsStatement).execute({ userId });
  return new Map<string, Settings>(rows.map(({ type, ...settings }) => [type, settings]));
}

const chosenSettingsStatement = (db: Db) =>
  db
    .select({
      type: notificationPreferences.type,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, sql.placeholder('userId')));

export type NotificationText = Pick<NewNotification, 'type' | 'title' | 'body' | 'link'>;

/**
 * Tells these users one notification, in one statement: reads what each chose for its kind (a user
 * who never changed it has `defaults`), writes the notification of those who want it in the app and
 * the outbox row of those who want it by e-mail and have confirmed their address (its e-mailed link).
 * A deleted user is told nothing. Answers who was told how.
 */
export async function tell(
  statements: Statements,
  tx: Db | Tx,
  userIds: string[],
  told: NotificationText,
  defaults: Settings,
) {
  const { type, title, body, link } = told;
  const inputs = { type, title, body, link, inApp: defaults.inApp, email: defaults.email };
  const { form, input } = recipientsOf(userIds);
  const { rows } = await statements
    .on(tx, `tell_${form}`, tellStatements[form])
    .execute({ ...inputs, ...input });
  return {
    inApp: rows.filter((row) => row.in_app).map((row) => row.user_id),
    byEmail: rows.filter((row) => !row.in_app).map((row) => row.user_id),
  };
}

/** The notification's text in `tell`'s statement, each a placeholder typed once. */
const text = {
  type: sql`${sql.placeholder('type')}::text`,
  title: sql`${sql.placeholder('title')}::text`,
  body: sql`${sql.placeholder('body')}::text`,
  link: sql`${sql.placeholder('link')}::text`,
};
/** `tell`'s statement, to one user or to several (`byRecipients`). */
const tellStatements = byRecipients(users.id, (recipient) =>
  sqlStatement<{ user_id: string; in_app: boolean }>(sql`
    with recipients as (
      select ${users.id} as user_id,
        coalesce(${notificationPreferences.inApp}, ${sql.placeholder('inApp')}::boolean) as in_app,
        ${users.emailVerified} and coalesce(${notificationPreferences.email}, ${sql.placeholder('email')}::boolean) as by_email
      from ${users}
      left join ${notificationPreferences}
        on ${notificationPreferences.userId} = ${users.id} and ${notificationPreferences.type} = ${text.type}
      where ${recipient}
    ), in_app as (
      insert into ${notifications} (user_id, type, title, body, link)
      select user_id, ${text.type}, ${text.title}, ${text.body}, ${text.link} from recipients where in_app
      returning user_id
    ), by_email as (
      insert into ${notificationEmails} (user_id, type, title, body, link)
      select user_id, ${text.type}, ${text.title}, ${text.body}, ${text.link} from recipients where by_email
      returning user_id
    )
    select user_id, true as in_app from in_app
    union all
    select user_id, false from by_email`),
);

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

export type NotificationEmailRow = typeof notificationEmails.$inferSelect;

/** Who an e-mail goes to. */
export async function findRecipient(statements: Statements, userId: string) {
  const [row] = await statements.get('email_recipient', emailRecipient).execute({ userId });
  return row;
}

const emailRecipient = (db: Db) =>
  db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')));

/** The user's oldest notifications waiting to be e-mailed, at most `limit`. */
export function waitingEmails(statements: Statements, userId: string, limit: number) {
  return statements.get('waiting_emails', waitingEmailsStatement).execute({ userId, limit });
}

const waitingEmailsStatement = (db: Db) =>
  db
    .select()
    .from(notificationEmails)
    .where(eq(notificationEmails.userId, sql.placeholder('userId')))
    .orderBy(notificationEmails.createdAt, notificationEmails.id)
    .limit(sql.placeholder('limit'));

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
