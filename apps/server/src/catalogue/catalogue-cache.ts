/**
 * The catalogue's answers (categories, the What's New list, and for signed-in users a category's
 * cars) kept serialised in memory, with a strong ETag so that a browser revalidating its copy gets
 * a bodiless 304. None of them depends on who asks: access is checked before the cache is read.
 *
 * The cache empties itself after every committed change to what it holds, in this instance or
 * another: every write that changes these answers publishes a domain event in its transaction, and
 * the cache subscribes to them (`follow`, src/events). Emptied after the commit, a read that
 * began before the write cannot store its older answer (the version check below), and a read that
 * begins after it reads the committed rows. A write that announces nothing (SQL typed by an
 * operator), or one missed while the event listener's connection was silently dead, is bounded by
 * MAX_AGE_MS (ADR 0009). One cache per app, built in `buildApp` (`context.catalogue`); a second one
 * keeps the public pages' HTML, which shows the same catalogue (web/server-rendering.ts).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type EventBus, type EventName, VEHICLE_CATALOGUE_EVENTS } from '../events/index.ts';

/** How long an answer may be served when no event announced a change (a safety net, see above). */
export const MAX_AGE_MS = 60_000;
/** Lists are cached per page (limit and cursor); cursors come from clients, so the count is bounded. */
const MAX_ENTRIES = 256;

/**
 * An answer as bytes, with a strong ETag per representation (a validator names one). Compressed
 * only in the encodings asked, each once, by the first request that accepts it, then kept: a
 * browser asks for Brotli, so most answers are never gzipped.
 */
export interface CachedAnswer {
  identity: Buffer;
  /** The ETag of the answer in `encoding` (null: as it is), known before it is compressed. */
  etag(encoding: Encoding | null): string;
  encoded(encoding: Encoding): Promise<Buffer>;
}

export type Encoding = 'br' | 'gzip';
/** In order of preference, for the negotiation of each request's Accept-Encoding. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * A 64 KB window: it holds a whole answer (a page of cars is about 14 KB), and it keeps Brotli on
 * its small hash tables, about 0.6 MB per compression instead of 2.7 MB with the default 4 MB
 * window. Compressions run on libuv's threads, each with its own malloc arena that keeps its peak:
 * the default window held about 25 MB more resident memory under the soak (docs/performance.md, section 6).
 */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_LGWIN]: 16 };
/** Mid-level settings: a few milliseconds per answer, within a few percent of the best size. */
const COMPRESS: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => brotliAsync(bytes, { params: BROTLI_PARAMS }),
  gzip: (bytes) => gzipAsync(bytes, { level: 6 }),
};
const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz' };

function represent(text: string): CachedAnswer {
  const identity = Buffer.from(text);
  const hash = etagOf(identity);
  const made = new Map<Encoding, Promise<Buffer>>();
  return {
    identity,
    etag: (encoding) => `"${hash}${encoding ? ETAG_SUFFIX[encoding] : ''}"`,
    encoded(encoding) {
      let bytes = made.get(encoding);
      if (!bytes) {
        bytes = COMPRESS[encoding](identity);
        made.set(encoding, bytes);
        // A failed compression is tried again by the next request, not kept.
        bytes.catch(() => made.delete(encoding));
      }
      return bytes;
    },
  };
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

/**
 * The facts that change categories, What's New or a category's cars (a seller's name and badge show
 * on each car, a car's page its market value), a seller's page (their reviews and figures: the
 * server keeps it rendered), or the makes and models that the search folds a buyer's words to.
 */
const CATALOGUE_EVENTS = [
  'car.posted',
  'car.updated',
  'car.sold',
  'car.deleted',
  'car.advertised',
  'cars.renamed',
  'market-values.refitted',
  'category.added',
  'review.posted',
  'review.answered',
  'review.moderated',
  ...VEHICLE_CATALOGUE_EVENTS,
] as const satisfies EventName[];

/**
 * Values loaded from the catalogue and kept, by key, until it changes (see above): the answers of a
 * CatalogueCache, or what a module keeps of the catalogue in its own shape (the names the search box
 * completes: modules/search/search-catalogue.ts).
 */
export class Kept<V> {
  /** How many values it keeps at most, the oldest dropped first. */
  private readonly size: number;
  private version = 0;
  private readonly entries = new Map<string, Entry<V>>();
  /** One load per key at a time: a burst of requests on a cold cache asks the database once. */
  private readonly loading = new Map<string, Promise<V>>();

  constructor(size = MAX_ENTRIES) {
    this.size = size;
  }

  /** The kept value for `key`, loading it on a miss. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.storedAt < MAX_AGE_MS) return entry.value;
    const pending = this.loading.get(key);
    if (pending) return pending;

    const version = this.version;
    const loaded = load().then((value) => {
      // Invalidated while loading: the rows read may predate the change, so serve them once but keep nothing.
      if (this.version === version) this.store(key, value);
      return value;
    });
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  invalidate() {
    this.version += 1;
    this.entries.clear();
    this.loading.clear();
  }

  /** Subscribes to every committed change to what the cache holds (see above); returns the unsubscribes. */
  follow(events: EventBus): (() => void)[] {
    const empty = () => this.invalidate();
    return [
      ...CATALOGUE_EVENTS.map((name) => events.subscribe(name, empty)),
      // A new account has no cars yet.
      events.subscribe('user.changed', ({ change }) => {
        if (change !== 'signed-up') empty();
      }),
      events.onMissedEvents(empty),
    ];
  }

  private store(key: string, value: V) {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: Date.now() });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The catalogue's answers, serialised (see above); `size`: how many it keeps at most, the oldest dropped first. */
export class CatalogueCache {
  private readonly kept: Kept<CachedAnswer>;

  constructor(size?: number) {
    this.kept = new Kept<CachedAnswer>(size);
  }

  /** The cached answer for `key`, loading its text on a miss. */
  get(key: string, load: () => Promise<string>): Promise<CachedAnswer> {
    return this.kept.get(key, async () => represent(await load()));
  }

  invalidate() {
    this.kept.invalidate();
  }

  follow(events: EventBus): (() => void)[] {
    return this.kept.follow(events);
  }
  /**
   * Answers from the cache, loading on a miss. The value loaded is written by the route's own
   * serialiser (http/serializer.ts), once: only the fields its response schema declares, and checked
   * against that schema outside production, as every other answer is.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { key: string; load: () => Promise<unknown> },
  ) {
    // The routes' serialiser writes a string (http/serializer.ts), which Fastify's type widens.
    const answer = await this.get(options.key, async () => reply.serialize(await options.load()) as string);
    return sendCached(request, reply, answer, 'application/json; charset=utf-8');
  }
}

/**
 * Sends a cached answer in the encoding the request accepts, as it was made, or a bodiless 304 when
 * the request holds its ETag. `vary`: a page also depends on the request's cookies (web/server-rendering.ts).
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  type: string,
  {
    cacheControl = 'no-cache',
    vary = 'accept-encoding',
  }: {
    cacheControl?: 'no-cache' | 'private, no-cache';
    vary?: 'accept-encoding' | 'accept-encoding, cookie';
  } = {},
) {
  const acceptEncoding = request.headers['accept-encoding'];
  const encoding = acceptEncoding ? (negotiate(acceptEncoding, ENCODINGS) as Encoding | null) : null;
  const etag = answer.etag(encoding);
  // no-cache: browsers keep the copy but ask every time, so a change shows at once and the question
  // costs a 304. An /api answer to a signed-in caller is made private by http/personal-answers.ts; a
  // page for signed-in visitors only says so itself (web/server-rendering.ts).
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', vary);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (!encoding) return reply.type(type).send(answer.identity);
  const bytes = await answer.encoded(encoding);
  return reply.header('content-encoding', encoding).type(type).send(bytes);
}

const etagOf = (body: Buffer) => createHash('sha1').update(body).digest('base64url');

/** If-None-Match holds `*` or a list of tags, possibly weak (W/"…"), which compare by their opaque part. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
