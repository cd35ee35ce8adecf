/**
 * What visitors' pages saw, taken in memory and written in batches (issue 49: counting never slows
 * a page). A record is a few map updates; every FLUSH_INTERVAL_MS, or as soon as MAX_PENDING records
 * wait, one transaction adds them to the day's counts (listing-stats.repository.ts). A batch that
 * fails is kept for the next; the app's close writes what waits. Several instances each write their
 * own batches: the counts are added in the database, and a view is once per visitor and day there.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type ShownCount, storeActivity, type Viewer } from './listing-stats.repository.ts';

/** How often the waiting records are written. */
export const FLUSH_INTERVAL_MS = 5_000;
/** Records waiting that start a write at once. */
const MAX_PENDING = 5_000;
/** Records kept while the database cannot take them; beyond, new ones are dropped (and logged). */
const MAX_KEPT = 100_000;

/** Who a page view is of: a signed-in user, or a visitor's address and browser. */
export type Visitor = { userId: string } | { ip: string; userAgent: string };

const shownKey = (entry: Omit<ShownCount, 'count'>) => `${entry.day}|${entry.carId}|${entry.viewerId ?? ''}`;
const viewedKey = (entry: Viewer) => `${entry.day}|${entry.carId}|${entry.visitor}`;

/** Today, UTC, `YYYY-MM-DD`. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

export class ListingActivity {
  private shown = new Map<string, ShownCount>();
  private viewed = new Map<string, Viewer>();
  private writing: Promise<void> = Promise.resolve();
  /** The write asked for and not started yet: what another flush joins instead of queueing one more. */
  private queued: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private dropping = false;

  private readonly db: Db;
  /** Keys the hash that stands for an anonymous visitor (the server's secret). */
  private readonly secret: string;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, secret: string, log: FastifyBaseLogger) {
    this.db = db;
    this.secret = secret;
    this.log = log;
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  private get pending() {
    return this.shown.size + this.viewed.size;
  }

  /** Cars shown in a page of results, to `viewerId` (null: not signed in). */
  recordShown(carIds: readonly string[], viewerId: string | null) {
    const day = today();
    for (const carId of new Set(carIds)) {
      if (!this.taking()) return;
      const key = shownKey({ carId, day, viewerId });
      const entry = this.shown.get(key);
      if (entry) entry.count += 1;
      else this.shown.set(key, { carId, day, viewerId, count: 1 });
    }
    this.startIfFull();
  }

  /** A car's page, viewed by `visitor`. */
  recordViewed(carId: string, visitor: Visitor) {
    if (!this.taking()) return;
    const day = today();
    const visitorKey =
      'userId' in visitor
        ? `u:${visitor.userId}`
        : `a:${createHmac('sha256', this.secret).update(`${day}\n${visitor.ip}\n${visitor.userAgent}`).digest('base64url').slice(0, 22)}`;
    const viewerId = 'userId' in visitor ? visitor.userId : null;
    const entry = { carId, day, visitor: visitorKey, viewerId };
    this.viewed.set(viewedKey(entry), entry);
    this.startIfFull();
  }

  /** Writes what waits, after any write under way; resolves when it is written (or kept after a failure). */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    const queued = this.writing.then(() => {
      this.queued = null;
      return this.write();
    });
    this.queued = queued;
    this.writing = queued;
    return queued;
  }

  /** Stops the timer and writes what waits: the app's close. */
  async close() {
    clearInterval(this.timer);
    await this.flush();
  }

  private taking() {
    if (this.pending < MAX_KEPT) {
      this.dropping = false;
      return true;
    }
    if (!this.dropping)
      this.log.warn({ pending: this.pending }, 'listing activity: too much waiting, dropping');
    this.dropping = true;
    return false;
  }

  private startIfFull() {
    if (this.pending >= MAX_PENDING) void this.flush();
  }

  private async write() {
    if (this.pending === 0) return;
    const shown = [...this.shown.values()];
    const viewed = [...this.viewed.values()];
    this.shown = new Map();
    this.viewed = new Map();
    try {
      await storeActivity(this.db, shown, viewed);
    } catch (error) {
      this.log.error(
        { err: error, shown: shown.length, viewed: viewed.length },
        'listing activity: write failed, kept',
      );
      for (const entry of shown) {
        const kept = this.shown.get(shownKey(entry));
        if (kept) kept.count += entry.count;
        else this.shown.set(shownKey(entry), entry);
      }
      for (const entry of viewed) this.viewed.set(viewedKey(entry), entry);
    }
  }
}
