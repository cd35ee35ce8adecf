/**
 * Notification e-mails through a real SMTP server (smtp-server, on a local port): while the server
 * is down, then while it refuses, the user's request still succeeds and the e-mails wait; once it
 * accepts, each is delivered once. The job queue runs on pg-boss's TestClock, so that retries come
 * when the test moves the clock.
 */
import { createServer } from 'node:net';
import { TestClock } from 'pg-boss';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { expect } from 'vitest';
import { notificationEmails } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { EMAIL_BATCH_SECONDS } from '../src/modules/notifications/notification-emails.ts';
import { it as base } from './fixtures.ts';
import { as, type TestApp, tickUntil } from './helpers.ts';

interface Received {
  to: string[];
  raw: string;
}

const clock = new TestClock(Date.now());
let port: number;
const received: Received[] = [];
let refused = 0;
let refusing = true;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream: SMTPServerDataStream, session: SMTPServerSession, done: (error?: Error | null) => void) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      raw += chunk;
    });
    stream.on('end', () => {
      if (refusing) {
        refused += 1;
        // A temporary refusal (4xx): the sender is to try again later.
        return done(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
      done();
    });
  },
});

/** A port nothing listens on yet (the SMTP server starts there later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('env', { scope: 'file' }, async ({}, { onCleanup }) => {
    port = await freePort();
    onCleanup(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    return { SMTP_URL: `smtp://127.0.0.1:${port}` };
  })
  .extend('appOptions', { scope: 'file' }, { clock })
  .extend(
    'actors',
    { scope: 'file' },
    {
      admin: { name: 'Ada Admin' },
      buyer: { name: 'Bea Buyer' },
    },
  );

/** The test-clock seconds the retries' back-off may take. */
const RETRY_SECONDS = 900;

const jobStates = async (t: TestApp) =>
  (await t.context.jobs.boss.findJobs('notifications.email')).map((job) => job.state).sort();
const waiting = async (t: TestApp) => (await t.db.select().from(notificationEmails)).length;

it('delivers every e-mail once when the mail server, down and then refusing, comes back', async ({
  t,
  buyer,
  admin,
}) => {
  // The server is down: the request that tells the admin succeeds all the same.
  const res = await as(t, undefined, {
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Carl Customer', email: 'carl@example.test', message: 'Do you ship cars to Canada?' },
  });
  expect(res.statusCode).toBe(201);
  await t.db.transaction((tx) => publish(tx, 'user.changed', { userId: buyer.id, change: 'verified' }));

  await clock.tick(EMAIL_BATCH_SECONDS * 1000);
  await tickUntil(
    t.context.jobs,
    clock,
    async () => (await jobStates(t)).join() === 'retry,retry',
    RETRY_SECONDS,
  );
  expect(await waiting(t)).toBe(2);

  // Up, but refusing for now: each attempt is refused, the e-mails still wait.
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  await tickUntil(
    t.context.jobs,
    clock,
    async () => refused >= 2 && (await jobStates(t)).every((state) => state === 'retry'),
    RETRY_SECONDS,
  );
  expect(received).toEqual([]);
  expect(await waiting(t)).toBe(2);

  refusing = false;
  await tickUntil(t.context.jobs, clock, async () => (await waiting(t)) === 0, RETRY_SECONDS);
  await tickUntil(
    t.context.jobs,
    clock,
    async () => (await jobStates(t)).every((state) => state === 'completed'),
    RETRY_SECONDS,
  );
  expect(received.map((mail) => mail.to)).toEqual(expect.arrayContaining([[admin.email], [buyer.email]]));
  expect(received).toHaveLength(2);
  // Header fields unfolded (a long one is folded onto several lines).
  const toBuyer = received.find((mail) => mail.to[0] === buyer.email)!.raw.replace(/\r\n[ \t]+/g, ' ');
  expect(toBuyer).toMatch(/^Subject: Your account is verified$/m);
  expect(toBuyer).toMatch(
    /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/m,
  );
  expect(toBuyer).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(toBuyer).toMatch(/^Content-Type: text\/plain/m);
  expect(toBuyer).toMatch(/^Content-Type: text\/html/m);

  // The mail client's one-click unsubscribe, as RFC 8058 has it: a POST to the header's link.
  const link = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(toBuyer)![1]!);
  const unsubscribed = await as(t, undefined, {
    method: 'POST',
    url: `${link.pathname}${link.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.json()).toEqual({ kind: 'account.verified', email: false });

  // Nothing more comes later.
  await clock.tick(EMAIL_BATCH_SECONDS * 1000);
  expect(received).toHaveLength(2);
});
