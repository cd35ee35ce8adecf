/**
 * Live updates (issue 20): a signed-in browser keeps one Server-Sent Events stream open
 * (GET /api/notifications/stream). When a change tells a user something, or they read their
 * notifications in another tab, or a message comes in one of their conversations, every stream of
 * that user, on whichever instance it is open, is told to ask again (`event: notifications`,
 * `event: conversations`); likewise when a booking of theirs changes (`event: bookings`, its buyer and
 * seller, a dealer's team included) and when the payments ledger does (`event: payments`, the admins;
 * modules/notifications/live-changes.ts). The facts travel as the `<topic>.changed` events
 * (LIVE_TOPICS): delivered on this instance after the commit, and to every other instance by its
 * NOTIFY (ADR 8). The app keeps one (`context.live`); the notifications module opens its streams.
 *
 * A stream lives no longer than the session it was opened with (issue 44, item 6): it ends when
 * that session ends (`session.ended`: a sign-out, a revocation) or its user is deleted, on
 * whichever instance it is open, and a periodic check of the open streams' sessions in the
 * database ends those that expired or went without an event (a missed NOTIFY, SQL typed by an
 * operator). Open streams are capped per client address and per instance: each holds a socket.
 */
import { Readable } from 'node:stream';
import { LIVE_TOPICS, type LiveTopic } from '@redline/shared';
import type { SignedIn } from '../auth/session-cache.ts';
import type { EventBus } from '../events/index.ts';

/** A comment line this often keeps proxies and the server's idle timeout from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/** Streams one user may hold open on an instance (a tab each); opening another closes the oldest. */
const STREAMS_PER_USER = 8;
/** How long a browser waits before it opens a dropped stream again. */
const RETRY_MS = 5_000;

// What a stream is told, encoded once for all streams: with 10,000 open, each line is one buffer
// every response writes, not 10,000 copies.
const RETRY_LINE = Buffer.from(`retry: ${RETRY_MS}\n\n`);
const KEEP_ALIVE_LINE = Buffer.from(': keep-alive\n\n');
const EVENT_LINES = Object.fromEntries(
  LIVE_TOPICS.map((topic) => [topic, Buffer.from(`event: ${topic}\ndata: changed\n\n`)]),
) as Record<LiveTopic, Buffer>;

export interface LiveUpdatesOptions {
  /** Streams one client address may hold open here. */
  perClient: number;
  /** Streams this instance holds open in all. */
  max: number;
  /** How often the open streams' sessions are checked in the database. */
  sessionCheckMs: number;
  /** Which of these sessions still sign someone in (auth/open-sessions.ts). */
  openSessionIds: (ids: readonly string[]) => Promise<Set<string>>;
  /** A check that failed (the database did not answer): the streams stay until the next one. */
  onCheckFailed: (error: unknown) => void;
}

/** Why a stream was not opened: too many from this client, or on this instance. */
export type StreamRefusal = 'client' | 'instance';

/**
 * One open stream: the body Fastify answers with, and its own record. A stream costs about 26 KB at
 * 10,000 open with a `PassThrough` (docs/performance.md, section 15), which carries a writable side
 * nothing here needs and, piped into the response, a dozen listeners and their closures. This one
 * holds what is said before Fastify pipes it (the retry line, an early event) as a `Readable`, then
 * writes each line straight to the response it was piped into. It leaves `LiveUpdates` when
 * destroyed, whether it ended or the response closed under it (Fastify destroys the body then).
 */
class LiveStream extends Readable {
  private readonly live: LiveUpdates;
  readonly userId: string;
  readonly sessionId: string;
  readonly client: string;
  private response: NodeJS.WritableStream | undefined;
  private ended = false;

  constructor(live: LiveUpdates, userId: string, sessionId: string, client: string) {
    super();
    this.live = live;
    this.userId = userId;
    this.sessionId = sessionId;
    this.client = client;
  }

  // Nothing to read on demand: the lines are pushed as events come.
  override _read() {}

  // Fastify's reply.send(stream) pipes the body into the response: it is written to directly.
  override pipe<Response extends NodeJS.WritableStream>(response: Response): Response {
    this.response = response;
    const said = this.read();
    if (said !== null) response.write(said);
    if (this.ended) response.end();
    return response;
  }

  say(line: Buffer) {
    if (this.response) this.response.write(line);
    else this.push(line);
  }

  /** Ends the stream once what was said is written; read to its end, it is then destroyed. */
  finish() {
    this.ended = true;
    this.push(null);
    if (!this.response) return;
    this.response.end();
    this.read();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.live.forget(this);
    callback(error);
  }
}

export class LiveUpdates {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly byClient = new Map<string, number>();
  private keepAlive: NodeJS.Timeout | undefined;
  private sessionCheck: NodeJS.Timeout | undefined;
  private readonly options: LiveUpdatesOptions;

  constructor(options: LiveUpdatesOptions) {
    this.options = options;
  }

  /**
   * A new stream of the signed-in user's updates from `client` (its address), or why not; it leaves
   * when it closes (the browser went, its session ended, or `closeAll`).
   */
  open({ user, sessionId }: SignedIn, client: string): Readable | StreamRefusal {
    if ((this.byClient.get(client) ?? 0) >= this.options.perClient) return 'client';
    if (this.streams.size >= this.options.max) return 'instance';
    let own = this.byUser.get(user.id);
    if (!own) {
      own = new Set();
      this.byUser.set(user.id, own);
    }
    const oldest = own.size >= STREAMS_PER_USER ? own.values().next().value : undefined;
    if (oldest) this.close(oldest);
    const stream = new LiveStream(this, user.id, sessionId, client);
    own.add(stream);
    this.streams.add(stream);
    this.byClient.set(client, (this.byClient.get(client) ?? 0) + 1);
    stream.say(RETRY_LINE);
    this.keepAlive ??= setInterval(() => {
      for (const open of this.streams) open.say(KEEP_ALIVE_LINE);
    }, KEEP_ALIVE_MS).unref();
    this.sessionCheck ??= setInterval(() => void this.checkSessions(), this.options.sessionCheckMs).unref();
    return stream;
  }

  /** Takes a stream out of the open ones (it ended or was destroyed); a second call does nothing. */
  forget(stream: LiveStream) {
    if (!this.streams.delete(stream)) return;
    const own = this.byUser.get(stream.userId);
    own?.delete(stream);
    if (own?.size === 0) this.byUser.delete(stream.userId);
    const left = (this.byClient.get(stream.client) ?? 1) - 1;
    if (left === 0) this.byClient.delete(stream.client);
    else this.byClient.set(stream.client, left);
  }

  /** Tells every open stream of these users that their `what` changed. */
  tell(userIds: readonly string[], what: LiveTopic) {
    const line = EVENT_LINES[what];
    for (const userId of userIds) for (const stream of this.byUser.get(userId) ?? []) stream.say(line);
  }

  /** Follows the bus: what any instance publishes reaches the streams open here. */
  follow(events: EventBus): (() => void)[] {
    return [
      ...LIVE_TOPICS.map((topic) =>
        events.subscribe(`${topic}.changed`, ({ userIds }) => this.tell(userIds, topic)),
      ),
      events.subscribe('session.ended', ({ sessionId }) =>
        this.end((stream) => stream.sessionId === sessionId),
      ),
      events.subscribe('user.changed', ({ userId, change }) => {
        if (change === 'deleted') this.end((stream) => stream.userId === userId);
      }),
    ];
  }

  /** Ends every stream (the server is closing: an open stream would hold it up). */
  closeAll() {
    clearInterval(this.keepAlive);
    clearInterval(this.sessionCheck);
    this.keepAlive = undefined;
    this.sessionCheck = undefined;
    this.end(() => true);
  }

  /** Ends the streams whose session no longer signs anyone in. */
  private async checkSessions() {
    if (this.streams.size === 0) return;
    const ids = new Set([...this.streams].map((stream) => stream.sessionId));
    try {
      const open = await this.options.openSessionIds([...ids]);
      this.end((stream) => !open.has(stream.sessionId));
    } catch (error) {
      this.options.onCheckFailed(error);
    }
  }

  private end(which: (stream: LiveStream) => boolean) {
    for (const stream of this.streams) if (which(stream)) this.close(stream);
  }

  /** Ends a stream once what was pushed to it is written; nothing more is pushed to it after. */
  private close(stream: LiveStream) {
    this.forget(stream);
    stream.finish();
  }
}
