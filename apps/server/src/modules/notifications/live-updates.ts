/**
 * Live updates (issue 20): a signed-in browser keeps one Server-Sent Events stream open
 * (GET /api/notifications/stream). When a change tells a user something, or they read their
 * notifications in another tab, or a message comes in one of their conversations, every stream of
 * that user, on whichever instance it is open, is told to ask again (`event: notifications`,
 * `event: conversations`); likewise when a booking of theirs changes (`event: bookings`, its buyer and
 * seller) and when the payments ledger does (`event: payments`, the admins; live-changes.ts). The
 * facts travel as the `<topic>.changed` events (LIVE_TOPICS): delivered on this instance after the
 * commit, and to every other instance by its NOTIFY (ADR 8).
 */
import { PassThrough } from 'node:stream';
import type { LiveTopic } from '@redline/shared';
import type { EventBus } from '../../events/index.ts';

/** A comment line this often keeps proxies and the server's idle timeout from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/** Streams one user may hold open on an instance (a tab each); opening another closes the oldest. */
const STREAMS_PER_USER = 8;
/** How long a browser waits before it opens a dropped stream again. */
const RETRY_MS = 5_000;

export class LiveUpdates {
  private readonly streams = new Map<string, Set<PassThrough>>();
  private keepAlive: NodeJS.Timeout | undefined;

  /** A new stream of the user's updates; it leaves when it closes (the browser went, or `closeAll`). */
  open(userId: string): PassThrough {
    const stream = new PassThrough();
    let own = this.streams.get(userId);
    if (!own) {
      own = new Set();
      this.streams.set(userId, own);
    }
    if (own.size >= STREAMS_PER_USER) own.values().next().value?.end();
    own.add(stream);
    stream.once('close', () => {
      own.delete(stream);
      if (own.size === 0 && this.streams.get(userId) === own) this.streams.delete(userId);
    });
    stream.write(`retry: ${RETRY_MS}\n\n`);
    this.keepAlive ??= setInterval(() => {
      for (const open of this.all()) open.write(': keep-alive\n\n');
    }, KEEP_ALIVE_MS).unref();
    return stream;
  }

  /** Tells every open stream of these users that their `what` changed. */
  tell(userIds: readonly string[], what: LiveTopic) {
    for (const userId of userIds)
      for (const stream of this.streams.get(userId) ?? []) stream.write(`event: ${what}\ndata: changed\n\n`);
  }

  /** Follows the bus: what any instance publishes reaches the streams open here. */
  follow(events: EventBus): (() => void)[] {
    return [
      events.subscribe('notifications.changed', ({ userIds }) => this.tell(userIds, 'notifications')),
      events.subscribe('conversations.changed', ({ userIds }) => this.tell(userIds, 'conversations')),
      events.subscribe('bookings.changed', ({ userIds }) => this.tell(userIds, 'bookings')),
      events.subscribe('payments.changed', ({ userIds }) => this.tell(userIds, 'payments')),
    ];
  }

  /** Ends every stream (the server is closing: an open stream would hold it up). */
  closeAll() {
    clearInterval(this.keepAlive);
    this.keepAlive = undefined;
    for (const open of this.all()) open.end();
  }

  private all(): PassThrough[] {
    return [...this.streams.values()].flatMap((own) => [...own]);
  }
}
