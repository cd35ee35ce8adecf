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
import { PassThrough } from 'node:stream';
import { LIVE_TOPICS, type LiveTopic } from '@redline/shared';
import type { SignedIn } from '../auth/session-cache.ts';
import type { EventBus } from '../events/index.ts';

/** A comment line this often keeps proxies and the server's idle timeout from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/** Streams one user may hold open on an instance (a tab each); opening another closes the oldest. */
const STREAMS_PER_USER = 8;
/** How long a browser waits before it opens a dropped stream again. */
const RETRY_MS = 5_000;

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

interface Stream {
  body: PassThrough;
  userId: string;
  sessionId: string;
  client: string;
}

export class LiveUpdates {
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<string, Set<Stream>>();
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
  open({ user, sessionId }: SignedIn, client: string): PassThrough | StreamRefusal {
    if ((this.byClient.get(client) ?? 0) >= this.options.perClient) return 'client';
    if (this.streams.size >= this.options.max) return 'instance';
    let own = this.byUser.get(user.id);
    if (!own) {
      own = new Set();
      this.byUser.set(user.id, own);
    }
    if (own.size >= STREAMS_PER_USER) own.values().next().value?.body.end();
    const stream: Stream = { body: new PassThrough(), userId: user.id, sessionId, client };
    own.add(stream);
    this.streams.add(stream);
    this.byClient.set(client, (this.byClient.get(client) ?? 0) + 1);
    stream.body.once('close', () => {
      this.streams.delete(stream);
      own.delete(stream);
      if (own.size === 0 && this.byUser.get(user.id) === own) this.byUser.delete(user.id);
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left === 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    });
    stream.body.write(`retry: ${RETRY_MS}\n\n`);
    this.keepAlive ??= setInterval(() => {
      for (const open of this.streams) open.body.write(': keep-alive\n\n');
    }, KEEP_ALIVE_MS).unref();
    this.sessionCheck ??= setInterval(() => void this.checkSessions(), this.options.sessionCheckMs).unref();
    return stream.body;
  }

  /** Tells every open stream of these users that their `what` changed. */
  tell(userIds: readonly string[], what: LiveTopic) {
    for (const userId of userIds)
      for (const stream of this.byUser.get(userId) ?? [])
        stream.body.write(`event: ${what}\ndata: changed\n\n`);
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

  private end(which: (stream: Stream) => boolean) {
    for (const stream of this.streams) if (which(stream)) stream.body.end();
  }
}
