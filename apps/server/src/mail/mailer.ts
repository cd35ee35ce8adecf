/**
 * Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set, otherwise a dev outbox
 * (one JSON file per message under DATA_DIR/outbox, and a log line) that tests read. The outbox
 * holds password-reset links: readable by this server's user alone (directory 0700, files 0600).
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, beside the plain text. */
  html?: string;
  /** More header fields (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Messages sent by this process, newest last (dev outbox only; empty with SMTP). */
  readonly sent: readonly Mail[];
}

/**
 * How long one message may wait on the mail server, in ms: nodemailer's own defaults (two minutes to
 * connect, an hour of silence) would hold an e-mail job, and the e-mails claimed after it, long past
 * the job queue's claim (job-queue.ts). A message that fails so is retried by its job.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    // Loaded with the first message rather than at every start.
    let transport: Promise<Transporter> | undefined;
    return {
      sent: [],
      async send(mail) {
        transport ??= import('nodemailer').then((m) =>
          m.default.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
        );
        await (await transport).sendMail({ from: options.from, ...mail });
      },
    };
  }
  const sent: Mail[] = [];
  // chmod as well: an outbox made by an older version is world-readable.
  let outboxReady: Promise<void> | undefined;
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      outboxReady ??= mkdir(options.outboxDir, { recursive: true, mode: 0o700 }).then(() =>
        chmod(options.outboxDir, 0o700),
      );
      await outboxReady;
      const file = path.join(options.outboxDir, `${Date.now()}-${sent.length}.json`);
      await writeFile(file, JSON.stringify(mail, null, 2), { mode: 0o600 });
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'e-mail written to the dev outbox');
    },
  };
}
