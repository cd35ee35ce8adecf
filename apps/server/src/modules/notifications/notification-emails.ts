/**
 * Notifications by e-mail. `tell` puts a notification in its user's outbox (notification_emails) and
 * enqueues that user's e-mail job, both in the transaction of the change: a change that rolls back
 * e-mails nothing. The job waits EMAIL_BATCH_SECONDS, so that a burst of notifications is one
 * e-mail; the queue holds at most one waiting and one running job per user (policy `stately`), so a
 * user's e-mails are never sent by two jobs at once. The job sends what waits, then deletes it: a
 * failed send leaves it for the retry, which sends the same notifications. A sweep every five
 * minutes enqueues the jobs of e-mails left waiting (a job that used up its retries while the mail
 * server was down) and gives up those waiting for three days.
 */
import {
  NOTIFICATION_KINDS,
  type NotificationType,
  routePatterns,
  type UnsubscribeKind,
} from '@redline/shared';
import { authSecret } from '../../config/auth-secret.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-queue.ts';
import { renderNotificationEmail } from './notification-email.ts';
import * as repo from './notifications.repository.ts';
import { settingsOf } from './notifications.service.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const EMAIL_JOB = 'notifications.email';
/** How long a user's first notification waits for the next ones to be e-mailed with it. */
export const EMAIL_BATCH_SECONDS = 120;
/** The most notifications one e-mail lists; more wait for the next e-mail, sent at once. */
const NOTIFICATIONS_AN_EMAIL = 20;
/** E-mails still unsent after this long are given up (an address that never accepts). */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** Enqueues, in the transaction `tx`, the e-mail job of each user (none when one waits already). */
export async function emailLater(jobs: JobQueue, tx: Db | Tx, userIds: string[]) {
  for (const userId of userIds)
    await jobs.send(EMAIL_JOB, { userId }, tx, { singletonKey: userId, startAfter: EMAIL_BATCH_SECONDS });
}

const isKnown = (type: string): type is NotificationType => Object.hasOwn(NOTIFICATION_KINDS, type);

/** Sends the user's waiting notifications, as few e-mails as NOTIFICATIONS_AN_EMAIL allows; answers how many. */
async function sendWaiting(context: AppContext, userId: string): Promise<number> {
  const { db, statements } = context.database;
  const recipient = await repo.findRecipient(statements, userId);
  if (!recipient) return 0;
  let emails = 0;
  for (;;) {
    const waiting = await repo.waitingEmails(statements, userId, NOTIFICATIONS_AN_EMAIL);
    if (waiting.length === 0) return emails;
    // Read now, not when they were told: an unsubscribe in the meantime is obeyed.
    const chosen = await repo.chosenSettings(statements, userId);
    const wanted = waiting.filter(
      (row) => isKnown(row.type) && settingsOf(row.type, chosen.get(row.type)).email,
    );
    if (wanted.length > 0) {
      const email = await renderNotificationEmail(contentOf(context, userId, recipient.name, wanted));
      await context.mailer.send({ to: recipient.email, ...email });
      emails += 1;
    }
    await repo.deleteEmails(
      db,
      waiting.map((row) => row.id),
    );
    if (waiting.length < NOTIFICATIONS_AN_EMAIL) return emails;
  }
}

function contentOf(
  context: AppContext,
  userId: string,
  recipientName: string,
  rows: repo.NotificationEmailRow[],
) {
  const { publicUrl } = context.config;
  const url = (path: string) => new URL(path, publicUrl).toString();
  const token = (kind: UnsubscribeKind) =>
    encodeURIComponent(unsubscribeToken(authSecret(context.config), { userId, kind }));
  return {
    recipientName,
    items: rows.map((row) => ({
      type: row.type as NotificationType,
      title: row.title,
      body: row.body,
      url: url(row.link),
    })),
    settingsUrl: url(routePatterns.dashNotificationSettings),
    unsubscribePageUrl: (kind: UnsubscribeKind) => url(`${routePatterns.unsubscribe}?token=${token(kind)}`),
    oneClickUrl: (kind: UnsubscribeKind) => url(`/api/notifications/unsubscribe?token=${token(kind)}`),
  };
}

/** The e-mail job (one user's waiting notifications) and the sweep that catches what it left. */
export function notificationEmailJobs(context: AppContext) {
  const send: JobDefinition<typeof EMAIL_JOB> = {
    name: EMAIL_JOB,
    policy: 'stately',
    async run({ userId }) {
      return { emails: await sendWaiting(context, userId) };
    },
  };
  const sweep: JobDefinition<'notifications.email-sweep'> = {
    name: 'notifications.email-sweep',
    cron: '*/5 * * * *',
    async run(_data, log) {
      const { db } = context.database;
      const now = Date.now();
      const dropped = await repo.dropEmailsOlderThan(db, new Date(now - GIVE_UP_AFTER_MS));
      if (dropped > 0) log.warn({ dropped }, 'gave up notification e-mails unsent for three days');
      const late = await repo.usersWithEmailsSince(db, new Date(now - (EMAIL_BATCH_SECONDS + 60) * 1000));
      for (const userId of late)
        await context.jobs.send(EMAIL_JOB, { userId }, undefined, { singletonKey: userId });
      return { dropped, users: late.length };
    },
  };
  return [send, sweep];
}
