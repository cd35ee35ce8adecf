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
import type { ServerResponse } from 'node:http';
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
 * One open stream: the response it writes its lines to, and its own record. The route hands over
 * the response itself, its head written (http/raw-answer.ts), rather than a body for Fastify to pipe
 * into it: at 10,000 open streams a piped body (its two states, Fastify's and the pipe's
 * end-of-stream listeners and their closures) cost about 8 KB of the 20 a stream cost
 * (docs/performance.md, section 15). It leaves `LiveUpdates` when its response closes, whether it
 * ended here or the browser went.
 */
class LiveStream {
  readonly userId: string;
  readonly sessionId: string;
  readonly client: string;
  private readonly response: ServerResponse;

  constructor(userId: string, sessionId: string, client: string, response: ServerResponse) {
    this.userId = userId;
    this.sessionId = sessionId;
    this.client = client;
    this.response = response;
  }

  say(line: Buffer) {
    this.response.write(line);
  }

  /** Ends the stream once what was said is written. */
  finish() {
    this.response.end();
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

  /** Why a stream from `client` (its address) may not open now; undefined when it may. */
  refusal(client: string): StreamRefusal | undefined {
    if ((this.byClient.get(client) ?? 0) >= this.options.perClient) return 'client';
    if (this.streams.size >= this.options.max) return 'instance';
    return undefined;
  }

  /**
   * Streams the signed-in user's updates from `client` (its address) to `response`, whose head is
   * written, once `refusal` said it may; it leaves when the response closes (the browser went, its
   * session ended, or `closeAll`).
   */
  open({ user, sessionId }: SignedIn, client: string, response: ServerResponse) {
    let own = this.byUser.get(user.id);
    if (!own) {
      own = new Set();
      this.byUser.set(user.id, own);
    }
    const oldest = own.size >= STREAMS_PER_USER ? own.values().next().value : undefined;
    if (oldest) this.close(oldest);
    const stream = new LiveStream(user.id, sessionId, client, response);
    own.add(stream);
    this.streams.add(stream);
    this.byClient.set(client, (this.byClient.get(client) ?? 0) + 1);
    response.once('close', () => this.forget(stream));
    stream.say(RETRY_LINE);
    this.keepAlive ??= setInterval(() => {
      for (const open of this.streams) open.say(KEEP_ALIVE_LINE);
    }, KEEP_ALIVE_MS).unref();
    this.sessionCheck ??= setInterval(() => void this.checkSessions(), this.options.sessionCheckMs).unref();
  }

  /** Takes a stream out of the open ones (its response closed or is ending); a second call does nothing. */
  private forget(stream: LiveStream) {
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

  /** Ends a stream once what was said to it is written; nothing more is said to it after. */
  private close(stream: LiveStream) {
    this.forget(stream);
    stream.finish();
  }
}
