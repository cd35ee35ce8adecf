/**
 * The one LISTEN connection of an instance on PostgreSQL: it hands every event NOTIFY to the bus.
 * A dropped connection is opened again (after 1 s, then waiting twice as long each time, at most
 * 30 s); notifications sent meanwhile are lost, so the bus then tells its subscribers. An idle
 * connection that died without a word (a half-open TCP connection) is found by a query every 30 s.
 */
import pg from 'pg';
import { EVENTS_CHANNEL, type EventBus } from './event-bus.ts';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
const CHECK_EVERY_MS = 30_000;

export class PostgresListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private check: NodeJS.Timeout | undefined;
  private closed = false;

  private readonly connectionString: string;
  private readonly bus: EventBus;

  constructor(connectionString: string, bus: EventBus) {
    this.connectionString = connectionString;
    this.bus = bus;
  }

  /** Listens before the app starts, so that no change made after start-up is missed. */
  async start() {
    this.client = await this.connect();
    this.check = setInterval(() => {
      const client = this.client;
      client?.query('select 1').catch(() => this.lost(client));
    }, CHECK_EVERY_MS);
    this.check.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.check);
    await this.client?.end();
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      query_timeout: 10_000,
    });
    client.on('notification', ({ channel, payload }) => {
      if (channel === EVENTS_CHANNEL && payload) this.bus.receive(payload);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  private lost(client: pg.Client) {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    void client.end().catch(() => {});
    this.reconnect(FIRST_RETRY_MS);
  }

  private reconnect(delay: number) {
    this.retry = setTimeout(async () => {
      try {
        const client = await this.connect();
        if (this.closed) {
          await client.end();
          return;
        }
        this.client = client;
        this.bus.missedEvents();
      } catch {
        if (!this.closed) this.reconnect(Math.min(delay * 2, MAX_RETRY_MS));
      }
    }, delay);
    this.retry.unref();
  }
}
