/**
 * Domain events after commit. A service publishes a fact inside its transaction; subscribers run
 * only once that transaction has committed, and never for one that rolled back.
 *
 * In this process they run as soon as the commit returns, before the service goes on, so the
 * instance that made a change answers from fresh data at once. On PostgreSQL the same fact is also
 * sent as a NOTIFY inside the transaction: PostgreSQL delivers it at commit (never on a rollback)
 * to the listener of every instance (postgres-listener.ts), which hands it to its own bus. A
 * transaction's facts are sent together, one NOTIFY each, by one statement just before its commit:
 * a write that publishes several facts pays one round trip for them, not one each. On PGlite there
 * is only this process. Delivery guarantees: docs/architecture.md, "Events".
 */
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DomainEvents, EventName } from './events.ts';

/** The one NOTIFY channel of Redline's events. */
export const EVENTS_CHANNEL = 'redline_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_MESSAGE_BYTES = 7999;

/** A database handle or one of its transactions: whatever runs SQL. */
interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** A database handle whose transactions the bus follows (Drizzle's `db`). */
interface TransactionHost extends Executor {
  transaction<T>(run: (tx: Executor) => Promise<T>, config?: unknown): Promise<T>;
}

type Handler<N extends EventName> = (payload: DomainEvents[N]) => void | Promise<void>;
type Reaction<W, N extends EventName> = (writer: W, payload: DomainEvents[N]) => Promise<void>;

interface Message {
  /** The bus that published it: an instance skips its own facts, delivered already at commit. */
  origin: string;
  name: EventName;
  payload: unknown;
}

/** A fact published in an open transaction, kept until it commits. */
interface Published {
  name: EventName;
  payload: unknown;
  /** Its NOTIFY payload (PostgreSQL), sent just before the commit. */
  text: string;
}

export interface EventBusOptions {
  /** Send each fact as a NOTIFY too (PostgreSQL, where other instances listen). */
  notify: boolean;
}

/** The bus each handle, and each open transaction of it, publishes to. */
const busOfHost = new WeakMap<object, EventBus>();
const openTransactions = new WeakMap<object, { bus: EventBus; published: Published[] }>();
/** The reads shared by the reactions to the fact being published with a handle (`sharedRead`). */
const sharedReads = new WeakMap<object, Map<string, Promise<unknown>>>();
/** What an open transaction has done once for a key (`oncePerTransaction`). */
const doneInTransactions = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `Writer`: what a reaction writes with, the transaction that publishes (or the handle itself, for a
 * write made outside a transaction).
 */
export class EventBus<out Writer extends Executor = Executor> {
  readonly origin = randomUUID();
  /** Where a failing subscriber is reported; the app sets its logger. */
  onSubscriberError: (error: unknown, name: EventName) => void = (error, name) =>
    console.error(`subscriber of ${name} failed`, error);
  private readonly handlers = new Map<EventName, Set<(payload: never) => void | Promise<void>>>();
  private readonly missedHandlers = new Set<() => void>();
  private readonly reactions = new Map<EventName, Set<Reaction<never, never>>>();

  private readonly options: EventBusOptions;

  constructor(options: EventBusOptions) {
    this.options = options;
  }

  /** Runs `handler` after each committed `name`, from this instance or another; returns the unsubscribe. */
  subscribe<N extends EventName>(name: N, handler: Handler<N>): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /**
   * Runs `reaction` inside the transaction that publishes `name`, when it publishes, with that
   * transaction: what the reaction writes commits with the change or rolls back with it, so it
   * happens exactly once per change, on the instance that made it. Its failure fails the change.
   * For what must not be lost or done twice (a notification); a reaction to another instance's
   * change, or one that may be late, subscribes.
   */
  react<N extends EventName>(name: N, reaction: Reaction<Writer, N>): () => void {
    let set = this.reactions.get(name);
    if (!set) {
      set = new Set();
      this.reactions.set(name, set);
    }
    set.add(reaction);
    return () => set.delete(reaction);
  }

  /**
   * Runs `handler` when events of other instances may have been missed (the listener's connection
   * dropped and came back): whoever keeps copies of data must drop them.
   */
  onMissedEvents(handler: () => void): () => void {
    this.missedHandlers.add(handler);
    return () => this.missedHandlers.delete(handler);
  }

  /** Follows `host`'s transactions: what they publish is delivered here once they commit. */
  follow(host: TransactionHost) {
    busOfHost.set(host, this as EventBus);
    const transaction = host.transaction.bind(host);
    host.transaction = async (run, config) => {
      const published: Published[] = [];
      const result = await transaction(async (tx) => {
        openTransactions.set(tx, { bus: this as EventBus, published });
        const value = await run(tx);
        await this.notify(
          tx,
          published.map((fact) => fact.text),
        );
        return value;
      }, config);
      for (const fact of published) this.deliver(fact.name, fact.payload);
      return result;
    };
  }

  /** A NOTIFY from the listener: every instance's facts, this one's included (skipped). */
  receive(text: string) {
    let message: Message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // not Redline's: only the database's users can NOTIFY, and a stray text must not stop the listener
    }
    if (message.origin !== this.origin) this.deliver(message.name, message.payload);
  }

  /** The listener reconnected: facts sent while it was away are lost. */
  missedEvents() {
    for (const handler of this.missedHandlers) handler();
  }

  /** Services call the `publish` function below, which finds the bus of their transaction. */
  async publish<N extends EventName>(executor: Executor, name: N, payload: DomainEvents[N]) {
    await this.runReactions(executor, name, payload);
    const message: Message = { origin: this.origin, name, payload };
    const text = JSON.stringify(message);
    if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) {
      throw new Error(`event ${name} is too large for a NOTIFY: publish ids, not rows`);
    }
    const open = openTransactions.get(executor);
    if (open) {
      open.published.push({ name, payload, text });
      return;
    }
    await this.notify(executor, [text]);
    this.deliver(name, payload);
  }

  /**
   * Runs the reactions to a fact, which share their reads (`sharedRead`). A fact one of them
   * publishes has reactions of its own, which may change what was read: they read afresh, and so do
   * the first fact's reactions after them.
   */
  private async runReactions<N extends EventName>(executor: Executor, name: N, payload: DomainEvents[N]) {
    const reactions = this.reactions.get(name);
    if (!reactions?.size) return;
    const outer = sharedReads.get(executor);
    sharedReads.set(executor, new Map());
    try {
      for (const reaction of reactions) await (reaction as Reaction<Writer, N>)(executor as Writer, payload);
    } finally {
      if (outer) sharedReads.set(executor, new Map());
      else sharedReads.delete(executor);
    }
  }

  /** Sends these NOTIFY payloads, in order, with one statement (PostgreSQL; nothing on PGlite). */
  private async notify(executor: Executor, texts: string[]) {
    if (!this.options.notify || texts.length === 0) return;
    await executor.execute(
      sql`select pg_notify(${EVENTS_CHANNEL}, text) from unnest(${sql.param(texts)}::text[]) as text`,
    );
  }

  private deliver(name: EventName, payload: unknown) {
    for (const handler of this.handlers.get(name) ?? []) {
      // The change is committed whatever a subscriber does: its failure is reported, not thrown.
      try {
        const done = handler(payload as never);
        if (done) done.catch((error) => this.onSubscriberError(error, name));
      } catch (error) {
        this.onSubscriberError(error, name);
      }
    }
  }
}

/**
 * Publishes a fact inside `tx`: its reactions run at once, in `tx`; subscribers run after it
 * commits, never if it rolls back. Given the database handle itself (a write made outside a
 * transaction), the fact goes out at once.
 */
export async function publish<N extends EventName>(executor: Executor, name: N, payload: DomainEvents[N]) {
  const bus = openTransactions.get(executor)?.bus ?? busOfHost.get(executor);
  if (!bus) {
    throw new Error(
      'publish needs a database handle from openDatabase, or one of its transactions (not a nested one)',
    );
  }
  await bus.publish(executor, name, payload);
}

/**
 * `read` once for the reactions to the fact being published with `executor`: the first reaction that
 * asks for `key` reads, the others get its answer (two reactions to a booking's change both read the
 * booking and its seller's team). Outside reactions, `read` runs each time. The reactions to one fact
 * read the records it names as the change left them; a reaction that changes such a record publishes
 * a fact of its own, after which the others read again.
 */
export function sharedRead<T>(executor: object, key: string, read: () => Promise<T>): Promise<T> {
  const reads = sharedReads.get(executor);
  return reads ? answerOnce(reads, key, read) : read();
}

/**
 * `run` once in the open transaction `executor` for `key`, however many of its writes ask: the first
 * asks, the others get its answer (an inventory import's chunk posts 250 cars in one transaction, and
 * they need the catalogue read once, the market's refit enqueued once). What `run` reads or does must
 * hold until the transaction ends (the catalogue is held shared by it; a job enqueued in it stays).
 * Outside a transaction of the bus's (the database handle, a nested transaction), `run` runs each time.
 */
export function oncePerTransaction<T>(executor: object, key: string, run: () => Promise<T>): Promise<T> {
  if (!openTransactions.has(executor)) return run();
  let done = doneInTransactions.get(executor);
  if (!done) {
    done = new Map();
    doneInTransactions.set(executor, done);
  }
  return answerOnce(done, key, run);
}

/** The answer `answers` holds for `key`, or `run`'s, kept there for the next callers (at once, so concurrent ones share it). */
function answerOnce<T>(
  answers: Map<string, Promise<unknown>>,
  key: string,
  run: () => Promise<T>,
): Promise<T> {
  let answer = answers.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = run();
    answers.set(key, answer);
  }
  return answer;
}
