/**
 * Search benchmark: `npm run bench:search [-- --engine postgres|pglite] [--cars 1m]
 * [--connections 16] [--seconds 10] [--instances N] [--database-url postgres://…] [--fresh]
 * [--only typo,sort]`.
 *
 * On a generated dataset it builds a query mix from the data itself (issue 19): text with two
 * filters, typo text (a brand or model with one letter dropped or changed), filters only, sort
 * only, the specifications (issue 46: body style, transmission, colour…, limits, classics, and
 * words that name a value), near a ZIP code (issue 47: within a radius, by distance, delivered),
 * the deals (issue 48: deal ratings, the order by best deal), and the search box's suggestions. A
 * dataset without market values is valued first, as the server's first fit would. Each class, and the mix of the six, is measured:
 * - **Redline, cold**: `GET /api/cars/search` over HTTP (autocannon, signed-in buyers), every
 *   request a search not asked before in the run, so that the answer cache never helps (the
 *   counts that a search's pages and sorts share are kept, as they are for buyers: the sort-only
 *   searches share theirs). First, the words buyers repeat are searched once (warmUp): a server
 *   that has been answering buyers holds the cars of each in memory (ADR 23);
 * - **query ceiling**: the same searches without HTTP, sessions, validation, answer cache or JSON:
 *   the search module's own object (`Search.carIds`, keeping the counts as the server does, then
 *   the page's car views) over a pool with the server's settings, from as many concurrent loops as the
 *   load has connections: the same statements;
 * - **Redline, warm**: the mix again over 200 searches that buyers repeat, answered from the cache;
 * - **suggestions**: prefixes of names and typos over HTTP. They run no statement (the server keeps
 *   the names in memory), so they have no query ceiling;
 * - **the columns' load** (ADR 23), three times: how long an instance takes to read every car for
 *   sale into memory, and the longest the thread is blocked meanwhile (it loads again in the
 *   background every ten minutes, while searches are answered).
 * The figures are the median and p99 latency per request and the ratio of Redline's throughput to
 * the ceiling's. `--instances N` runs Redline as N instances behind nginx (lib/instances.ts, as
 * `bench:api` does), each warmed up and its answers cached as one server's; the ceiling stays one loop
 * of the bench's own: how throughput scales with instances.
 */

import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  type CarSearchQuery,
  carSearchQuerySchema,
  DEAL_RATINGS,
  FUELS,
  SEARCH_RADII,
  SEARCH_SORTS,
  SEARCH_SPEC_FACETS,
  type SearchSpecFacet,
  searchWords,
} from '@redline/shared';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { advertisementOf } from '../apps/server/src/modules/advertisements/index.ts';
import { findCarViews } from '../apps/server/src/modules/cars/cars.repository.ts';
import { listCategories } from '../apps/server/src/modules/categories/index.ts';
import {
  needsFirstFit,
  refitMarketValues,
} from '../apps/server/src/modules/market-value/market-value.service.ts';
import type { CarColumns } from '../apps/server/src/modules/search/car-columns.ts';
import { Search as CarSearch } from '../apps/server/src/modules/search/index.ts';
import { textSet } from '../apps/server/src/modules/search/search-planner.ts';
import { typedTerm } from '../apps/server/src/modules/search/search-terms.ts';
import { readCatalogueNames } from '../apps/server/src/modules/vehicles/index.ts';
import { prng } from './data.ts';
import {
  countFlag,
  describeLoad,
  formatCount,
  isMain,
  loadNow,
  machine,
  parseCount,
  parseFlags,
  printMachine,
  printTable,
  round,
  saveResults,
  stringFlag,
} from './lib/cli.ts';
import { eachConcurrently } from './lib/concurrently.ts';
import { benchTarget, type Engine, openTarget, type Target, targetEnv } from './lib/database.ts';
import { ensureDataset, loadInputs } from './lib/dataset.ts';
import { startRedlineInstances } from './lib/instances.ts';
import { type LoadResult, runLoad, type Scenario, type ScenarioInputs, type Session } from './lib/load.ts';
import { cpuTimes, type Running } from './lib/processes.ts';
import { signInUsers } from './lib/sessions.ts';
import { SEARCH_CLASSES, type SearchFigures, searchTargetRows, spreadOf } from './targets.ts';

type Params = [string, string][];
interface Search {
  /** The query string, as the web app sends it. */
  path: string;
  query: CarSearchQuery;
}
const CLASSES = SEARCH_CLASSES;
type SearchClass = (typeof CLASSES)[number];

interface Vocabulary {
  categories: string[];
  brands: string[];
  models: string[];
  words: string[];
  years: [number, number];
  prices: number[];
  /** The ZIP codes of cars for sale, as often as cars stand there. */
  postalCodes: string[];
}

/** What the queries are made of, read from the dataset: its names, categories, years, prices and about words. */
async function vocabulary(target: Target): Promise<Vocabulary> {
  const { database, client } = await openTarget(target);
  try {
    const names = await client.query('select brand, model from car_names where cars_for_sale > 0');
    const categories = await client.query('select id from categories order by position');
    const bounds = await client.query(
      'select min(year) as lo, max(year) as hi from car_counts where cars_for_sale > 0',
    );
    const sample = await client.query(
      'select about, asking_price, postal_code from cars tablesample system (1) where sold_at is null limit 2000',
    );
    const words = sample.rows.flatMap((row) =>
      String(row.about)
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((word) => word.length >= 4),
    );
    const prices = sample.rows.map((row) => Number(row.asking_price)).sort((a, b) => a - b);
    return {
      categories: categories.rows.map((row) => String(row.id)),
      brands: [...new Set(names.rows.map((row) => String(row.brand)))],
      models: names.rows.map((row) => String(row.model)),
      words,
      years: [Number(bounds.rows[0]?.lo), Number(bounds.rows[0]?.hi)],
      prices,
      postalCodes: sample.rows.map((row) => row.postal_code).filter((code): code is string => code !== null),
    };
  } finally {
    await database.close();
  }
}

/** Values the dataset's cars, once: the deals class searches by their ratings, the server's first fit would value them. */
async function ensureMarketValues(target: Target, log: (line: string) => void) {
  const { database } = await openTarget(target);
  try {
    if (!(await needsFirstFit(database.db))) return;
    const started = performance.now();
    const valued = await refitMarketValues(database.db);
    log(`valued ${formatCount(valued)} cars in ${round((performance.now() - started) / 1000, 1)} s`);
  } finally {
    await database.close();
  }
}

/** Searches of one class, each different from the others, drawn from the vocabulary. */
function searchesOf(kind: SearchClass, vocab: Vocabulary, count: number, seed: number): Search[] {
  const rnd = prng(seed);
  const price = () => vocab.prices[rnd.int(0, vocab.prices.length - 1)]!;
  const filters: (() => Params)[] = [
    () => [['category', rnd.pick(vocab.categories)]],
    () => [['fuel', rnd.pick(FUELS)]],
    () => [['brand', rnd.pick(vocab.brands)]],
    () => [['yearMin', String(rnd.int(vocab.years[0], vocab.years[1]))]],
    () => [['priceMax', String(price())]],
    () => [['kmMax', String(rnd.int(1, 30) * 10_000)]],
    () => [['verified', 'true']],
  ];
  /** The specifications (ADR 44): a value of a facet, a limit, or the classics; the ratings are the deals'. */
  const specFilters: (() => Params)[] = [
    ...(Object.keys(SEARCH_SPEC_FACETS) as SearchSpecFacet[])
      .filter((facet) => facet !== 'rating')
      .map((facet) => (): Params => [[facet, rnd.pick(SEARCH_SPEC_FACETS[facet])]]),
    () => [['ownersMax', String(rnd.int(0, 3))]],
    () => [['seatsMin', String(rnd.int(2, 7))]],
    () => [['classic', 'true']],
  ];
  /** Words that name a value (search-words.ts): the cars with it and those whose text has it. */
  const valueWords = ['diesel', 'wagon', 'manual', 'red', 'convertible', 'automatic', 'awd', 'suv'];
  const someFilters = (n: number): Params => {
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(rnd.int(0, filters.length - 1));
    return [...chosen].flatMap((i) => filters[i]!());
  };
  /** A name with one letter dropped or changed: the typos the search forgives. */
  const typo = (name: string) => {
    const word = name.split(/\s+/).find((w) => w.length >= 5) ?? name;
    const at = rnd.int(1, word.length - 2);
    const letter = String.fromCharCode(97 + rnd.int(0, 25));
    return rnd.next() < 0.5
      ? word.slice(0, at) + word.slice(at + 1)
      : word.slice(0, at) + letter + word.slice(at + 1);
  };
  const make: Record<SearchClass, () => Params> = {
    'text-2-filters': () => [
      [
        'q',
        rnd.next() < 0.5
          ? rnd.pick(vocab.brands)
          : rnd.next() < 0.5
            ? rnd.pick(vocab.models)
            : rnd.pick(vocab.words),
      ],
      ...someFilters(2),
    ],
    typo: () => [['q', typo(rnd.next() < 0.5 ? rnd.pick(vocab.brands) : rnd.pick(vocab.models))]],
    filters: () => someFilters(rnd.int(1, 3)),
    // One or two specifications, with one of the other filters or none; a tenth by a word that
    // names a value ("diesel wagon").
    specifications: () => {
      if (rnd.next() < 0.1) return [['q', `${rnd.pick(valueWords)} ${rnd.pick(valueWords)}`]];
      const first = rnd.int(0, specFilters.length - 1);
      const second = rnd.int(0, specFilters.length - 1);
      return [
        ...specFilters[first]!(),
        ...(second !== first && rnd.next() < 0.5 ? specFilters[second]!() : []),
        ...(rnd.next() < 0.5 ? someFilters(1) : []),
      ];
    },
    // Near a ZIP code where cars stand (issue 47): within a radius of miles or km, or nationwide, a
    // third by distance, half with a filter, some delivered.
    place: () => {
      const radius =
        rnd.next() < 0.15 ? [] : [['radius', `${rnd.pick(SEARCH_RADII)}${rnd.pick(['mi', 'km'])}`]];
      return [
        ['near', rnd.pick(vocab.postalCodes)],
        ...(radius as Params),
        ...(rnd.next() < 0.33 ? ([['sort', 'distance']] as Params) : []),
        ...(rnd.next() < 0.1 ? ([['delivery', 'true']] as Params) : []),
        ...(rnd.next() < 0.5 ? someFilters(1) : []),
      ];
    },
    // Issue 48 (ADR 57): one or two deal ratings, the order by best deal, or both, half of those by
    // best deal with a cursor in the middle of the order (a gap from 25 % under the estimate to 25 %
    // over it), half with one of the other filters.
    deals: () => {
      const params: Params = [];
      if (rnd.next() < 0.75) {
        params.push(['rating', rnd.pick(DEAL_RATINGS)]);
        if (rnd.next() < 0.4) params.push(['rating', rnd.pick(DEAL_RATINGS)]);
      }
      if (params.length === 0 || rnd.next() < 0.5) {
        params.push(['sort', 'best_deal']);
        if (rnd.next() < 0.5) {
          const gap = rnd.int(-250_000, 250_000);
          params.push([
            'cursor',
            Buffer.from(JSON.stringify(['best_deal', gap, rnd.uuid()])).toString('base64url'),
          ]);
        }
      }
      return [...params, ...(rnd.next() < 0.5 ? someFilters(1) : [])];
    },
    // Sort only, and the pages after the first (Load more): a cursor in the middle of the order.
    sort: () => {
      const sort = rnd.pick(
        SEARCH_SORTS.filter((s) => s !== 'relevance' && s !== 'distance' && s !== 'best_deal'),
      );
      if (rnd.next() < 0.25) return [['sort', sort]];
      const key =
        sort === 'newest'
          ? new Date(Date.now() - rnd.int(0, 365 * 86_400) * 1000).toISOString()
          : sort === 'year_desc'
            ? rnd.int(vocab.years[0], vocab.years[1])
            : sort === 'km_asc'
              ? rnd.int(0, 300_000)
              : price();
      const cursor = Buffer.from(JSON.stringify([sort, key, rnd.uuid()])).toString('base64url');
      return [
        ['sort', sort],
        ['cursor', cursor],
      ];
    },
  };
  const seen = new Map<string, Search>();
  for (let tries = 0; seen.size < count && tries < count * 50; tries++) {
    const params = make[kind]();
    params.push(['limit', '12']);
    const path = `/api/cars/search?${new URLSearchParams(params)}`;
    if (seen.has(path)) continue;
    const object: Record<string, string | string[]> = {};
    for (const [key, value] of params)
      object[key] = key in object ? [object[key]!].flat().concat(value) : value;
    seen.set(path, { path, query: carSearchQuerySchema.parse(object) });
  }
  return [...seen.values()];
}

/** The suggestions asked while typing names: their prefixes from one letter, and typos. */
function suggestionsOf(vocab: Vocabulary, count: number, seed: number): string[] {
  const rnd = prng(seed);
  const texts = new Set<string>();
  for (let tries = 0; texts.size < count && tries < count * 50; tries++) {
    const name = `${rnd.pick(vocab.brands)} ${rnd.pick(vocab.models)}`.toLowerCase();
    texts.add(name.slice(0, rnd.int(1, Math.min(name.length, 12))).trim() || name[0]!);
  }
  return [...texts];
}

type Measured = Omit<LoadResult, 'statuses'>;

/** The words of more than one search: those buyers repeat (a typo is mostly typed once). */
function repeatedWords(searches: Search[]): string[] {
  const seen = new Map<string, number>();
  for (const { query } of searches)
    for (const word of searchWords(query.q)) seen.set(word, (seen.get(word) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([word]) => word);
}

/** The search as the server builds it (app.ts), over `db`. */
const searchOf = (db: Db) =>
  new CarSearch(db, { categories: () => listCategories(db), vehicles: () => readCatalogueNames(db) });

/** The ceiling's warm-up (warmUp): the columns read the cars of each word, 4 words at a time. */
async function readWords(columns: CarColumns, words: string[]) {
  for (let i = 0; i < words.length; i += 4)
    await columns.view(words.slice(i, i + 4).map((word) => textSet(typedTerm(word))));
}

/**
 * The server reads the cars of a word once, then counts them in memory (modules/search/car-columns.ts):
 * a server that has been answering buyers holds the words they search. Each word of more than one
 * search of the runs is searched once first, in a search no run asks (`verified=true` and no other
 * filter), 4 at a time; a word typed once (most typos) is read in the run.
 */
async function warmUp(baseUrl: string, sessions: Session[], words: string[], log: (line: string) => void) {
  const started = performance.now();
  await eachConcurrently(words, 4, async (word, worker) => {
    const path = `/api/cars/search?${new URLSearchParams({ q: word, verified: 'true' })}`;
    const res = await fetch(baseUrl + path, {
      headers: { cookie: sessions[worker % sessions.length]!.cookie },
    });
    if (!res.ok) throw new Error(`warm-up: ${path} answered ${res.status}`);
    await res.arrayBuffer();
  });
  log(
    `warm-up: the cars of ${words.length} words read in ${round((performance.now() - started) / 1000, 1)} s`,
  );
}

/** Redline over HTTP, each request the next path of `paths` (cold when none repeats), as signed-in buyers. */
function httpLoad(
  baseUrl: string,
  sessions: Session[],
  paths: string[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  let next = 0;
  const scenario: Scenario = {
    key: 'search',
    title: 'GET /api/cars/search',
    databaseBacked: true,
    expect: [200],
    requests: (connection) => [
      {
        method: 'GET',
        headers: { cookie: sessions[connection % sessions.length]!.cookie },
        setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
      },
    ],
  };
  const inputs: ScenarioInputs = {
    categoryId: '',
    carIds: [],
    bookableCarIds: [],
    sessions,
    etags: {},
    senders: [],
    posters: [],
    payments: { items: [], taken: 0 },
  };
  return runLoad(baseUrl, scenario, inputs, options);
}

/** A ceiling's run, with the CPU a search of its process (the search module and the driver) and of PostgreSQL. */
type Ceiling = Measured & { processMs: number; postgresMs: number };

/** How many of a run's requests asked a search (of `asked`) that the run had asked before. */
const again = (measured: Measured, asked: unknown[]) => Math.max(0, measured.requests - asked.length);

/** The ceiling: `work` for each item in turn from `connections` concurrent loops, for `seconds`. */
async function directLoad<T>(
  items: T[],
  work: (item: T) => Promise<unknown>,
  options: { connections: number; seconds: number },
): Promise<Measured> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const item = items[next++ % items.length]!;
        const t0 = performance.now();
        try {
          await work(item);
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: round(at(0.5), 1),
    p99: round(at(0.99), 1),
    errors,
  };
}

/**
 * Waits until the database runs no statement of a run that has ended (a slow search outlives the
 * load that sent it), so that each run starts on an idle machine.
 */
async function settle(target: Target) {
  if (target.engine !== 'postgres') return;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 60; i++) {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

/**
 * Where the time goes: `count` searches of each class run one at a time on one connection (the
 * statements alone: `Search.carIds`), with the median, the 90th percentile and the slowest searches.
 */
async function profile(
  target: Target,
  searches: Record<SearchClass, Search[]>,
  words: string[],
  count: number,
  log: (line: string) => void,
) {
  const { database } = await openTarget(target);
  try {
    // As the server keeps it: the catalogue does not change during the run.
    const search = searchOf(database.db);
    // Loaded by the server when it starts listening, with the cars of the words (warmUp).
    await readWords(search.columns, words);
    for (const kind of CLASSES) {
      const timed: { path: string; ms: number }[] = [];
      const before = cpuTimes([process.pid]);
      for (const { path, query } of searches[kind].slice(0, count)) {
        const started = performance.now();
        await search.carIds(query);
        timed.push({ path, ms: round(performance.now() - started, 1) });
      }
      const after = cpuTimes([process.pid]);
      const cpu = (of: 'bench' | 'postgres') =>
        round((after[of] - before[of]) / Math.max(1, timed.length), 2);
      const sorted = timed.map((t) => t.ms).sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
      log(
        `${kind}: ${timed.length} searches, p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${sorted.at(-1)} ms;` +
          ` CPU a search: Node ${cpu('bench')} ms, PostgreSQL ${cpu('postgres')} ms`,
      );
      for (const { path, ms } of timed.sort((a, b) => b.ms - a.ms).slice(0, 5))
        log(`  ${ms} ms  ${decodeURIComponent(path.replace('/api/cars/search?', ''))}`);
    }
  } finally {
    await database.close();
  }
}

/**
 * The JavaScript heap and the memory outside it (the typed arrays), after full collections (V8
 * frees the buffers of collected typed arrays after the collection, in the background).
 */
async function heldBytes(): Promise<number> {
  if (!globalThis.gc)
    throw new Error('bench:search measures memory after a collection: run it with node --expose-gc');
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/**
 * Loads the columns `runs` times: the median duration and longest block of the thread, with their
 * spread, and the memory the first load holds (heap and typed arrays, after a collection; none was
 * loaded before it) for each million cars for sale, before any set is asked: at a million cars, what
 * the process holds besides (its pool, its code) is a few MB of it.
 */
async function columnsLoad(db: Db, runs: number, log: (line: string) => void) {
  const loads: { seconds: number; blockedMs: number }[] = [];
  let mbPerMillion = 0;
  for (let run = 0; run < runs; run++) {
    const first = run === 0;
    const before = first ? await heldBytes() : 0;
    const search = searchOf(db);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    await search.columns.view();
    delay.disable();
    loads.push({
      seconds: round((performance.now() - started) / 1000, 1),
      blockedMs: round(delay.max / 1e6, 0),
    });
    if (first) {
      const { columns } = await search.columns.view();
      const held = (await heldBytes()) - before;
      // Counted after the collection, so that the columns are still held during it.
      const forSale = columns.live.reduce((sum, live) => sum + live, 0);
      mbPerMillion = round((held / 1024 / 1024) * (1_000_000 / Math.max(1, forSale)), 1);
      log(`columns' memory: ${mbPerMillion} MB a million cars for sale (${formatCount(forSale)} held)`);
    }
  }
  const seconds = spreadOf(loads.map((l) => l.seconds));
  const blocked = spreadOf(loads.map((l) => l.blockedMs));
  log(
    `columns' load: ${seconds.median} s (${seconds.min}–${seconds.max}), the thread blocked at most ${blocked.median} ms at a time (${blocked.min}–${blocked.max})`,
  );
  return { seconds: seconds.median, blockedMs: blocked.median, mbPerMillion, runs: loads };
}

export interface SearchBenchOptions {
  engine: Engine;
  cars: number;
  connections: number;
  seconds: number;
  databaseUrl?: string;
  fresh: boolean;
  /** Instead of the ceilings and the load runs: this many searches of each class, one at a time, the slowest listed, with the CPU a search. */
  profile?: number;
  /** Redline as this many instances behind nginx; 0: one instance, answering the load itself. */
  instances: number;
  /** Runs of the ceilings and Redline, each on a Redline started anew: the targets are judged on their median. */
  runs: number;
  /**
   * Only these classes, each against its ceiling: no mix, suggestions, warm searches or searches
   * after the start, and so no targets (a lever tried on one class).
   */
  only?: SearchClass[];
}

/**
 * The searches of each class asked a second at most: above the fastest class's ceiling on the
 * reference machine (sort, about 1,600 a second at 16 connections), so that no search is asked twice
 * in a run; a faster machine that asks more shows how many it asked again.
 */
const SEARCHES_A_SECOND = 2_500;
/** Searches asked one at a time after a restart (the target's sample), and on the warm server (its reference). */
const RESTART_SAMPLE = 100;
const WARM_SAMPLE = 300;

/** The p-th percentile by nearest rank: of 100 latencies, the 99th is the second slowest. */
function percentile(values: number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Searches of the mix's classes in turn that no other part of the run asks: each is asked once, cold. */
function untried(vocab: Vocabulary, count: number, seed: number, asked: Set<string>): Search[] {
  // Four times the share of each class: most of a class's searches are asked by the load runs already.
  const perClass = Math.ceil((4 * count) / CLASSES.length);
  const pools = CLASSES.map((kind, i) =>
    searchesOf(kind, vocab, perClass, seed + i).filter(({ path }) => !asked.has(path)),
  );
  const chosen = interleaved(pools, count);
  for (const { path } of chosen) asked.add(path);
  return chosen;
}

/** Up to `count` searches, one of each class's pool in turn (a pool run out is skipped). */
function interleaved(pools: Search[][], count: number): Search[] {
  const chosen: Search[] = [];
  const longest = Math.max(...pools.map((pool) => pool.length));
  for (let i = 0; chosen.length < count && i < longest * pools.length; i++) {
    const search = pools[i % pools.length]![Math.floor(i / pools.length)];
    if (search) chosen.push(search);
  }
  return chosen;
}

/** The latencies (ms) of `searches` asked one at a time, each answered 200. */
async function oneAtATime(baseUrl: string, session: Session, searches: Search[]): Promise<number[]> {
  const latencies: number[] = [];
  for (const { path } of searches) {
    const started = performance.now();
    const res = await fetch(baseUrl + path, { headers: { cookie: session.cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Until the instance's readiness check answers 200 (it waits for the columns' first load, ADR 23). */
async function whenReady(baseUrl: string) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(60_000) }).catch(
      () => undefined,
    );
    await res?.arrayBuffer();
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${baseUrl} was not ready in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function benchSearch(options: SearchBenchOptions, log = console.log) {
  const target: Target = options.databaseUrl
    ? { engine: 'postgres', databaseUrl: options.databaseUrl }
    : benchTarget(options.engine, options.cars);
  const dataset = await ensureDataset(target, options.cars, { fresh: options.fresh, log });
  await ensureMarketValues(target, log);
  const vocab = await vocabulary(target);
  const { buyers } = await loadInputs(target, options.connections);
  // Enough searches that none repeats within a run (a run that asks more counts those asked again).
  const perClass = options.seconds * SEARCHES_A_SECOND;
  const generated = CLASSES.map((kind, i) => searchesOf(kind, vocab, 2 * perClass, 1_000 + i));
  // Each class's run asks the first half of its searches, the mix the second: none of the mix's
  // searches was answered, and its answer cached, in a class's run before.
  const searches = Object.fromEntries(
    CLASSES.map((kind, i) => [kind, generated[i]!.slice(0, perClass)]),
  ) as Record<SearchClass, Search[]>;
  const mix = interleaved(
    generated.map((pool) => pool.slice(perClass)),
    perClass,
  );
  const suggestions = suggestionsOf(vocab, 2_000, 7);
  const words = repeatedWords(generated.flat());
  const load = { connections: options.connections, seconds: options.seconds };
  const rows: Record<string, string | number>[] = [];

  if (options.profile) {
    await profile(target, searches, words, options.profile, log);
    return { engine: target.engine, dataset, connections: 1, seconds: 0, rows, runs: [], figures: [] };
  }
  // Each run's searches one at a time after the restart and on the warm server, asked nowhere else.
  const asked = new Set(generated.flat().map(({ path }) => path));
  const samples = Array.from({ length: options.runs }, (_, run) => ({
    restart: untried(vocab, RESTART_SAMPLE, 3_000 + 100 * run, asked),
    warm: untried(vocab, WARM_SAMPLE, 6_000 + 100 * run, asked),
  }));
  let loaded: Awaited<ReturnType<typeof columnsLoad>>;
  {
    const { database } = await openTarget(target);
    loaded = await columnsLoad(database.db, 3, log);
    await database.close();
  }

  const runs: {
    results: Record<string, { redline: Measured; ceiling?: Measured }>;
    /** From the launch until every instance's readiness check answered 200. */
    readySeconds: number;
    /** Latencies (ms) of the searches one at a time: the first after the start, and on the warm server. */
    restart: { first: { p50: number; p99: number }; warm: { p50: number; p99: number } };
  }[] = [];
  const figures: SearchFigures[] = [];
  for (let run = 0; run < options.runs; run++) {
    if (options.runs > 1) log(`run ${run + 1} of ${options.runs}`);
    const results: Record<string, { redline: Measured; ceiling?: Measured }> = {};
    const figure: SearchFigures = {};
    // The ceiling first, alone on the machine: the same SQL through the same driver and pool settings.
    const ceilings: Record<string, Ceiling> = {};
    {
      // The server's own pool and settings (db/client.ts), migrations already applied.
      const { database } = await openTarget(target);
      const { db, statements } = database;
      // As the server keeps it: the catalogue does not change during the run.
      const kept = searchOf(db);
      // Loaded by the server when it starts listening (the columns, and the cars of the words
      // searched lately); the cars of each word, as a server that has been answering buyers holds
      // them (warmUp).
      await kept.load();
      await readWords(kept.columns, words);
      const search = async ({ query }: Search) =>
        findCarViews(statements, advertisementOf, (await kept.carIds(query)).ids);
      for (const kind of options.only ?? [...CLASSES, 'mix' as const]) {
        const items = kind === 'mix' ? mix : searches[kind];
        const before = cpuTimes([]);
        const measured = await directLoad(items.slice().reverse(), search, load);
        const after = cpuTimes([]);
        // This process's CPU (the search module and the driver) and PostgreSQL's, a search.
        const perSearch = (of: 'bench' | 'postgres') =>
          (after[of] - before[of]) / Math.max(1, measured.requests);
        ceilings[kind] = {
          ...measured,
          processMs: perSearch('bench'),
          postgresMs: perSearch('postgres'),
        };
        log(
          `ceiling, ${kind}: ${measured.rps} a second, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${again(measured, items)} asked again`,
        );
        await settle(target);
      }
      await database.close();
    }

    let redline: Running | undefined;
    try {
      const launched = performance.now();
      redline = await startRedlineInstances('redline-search', targetEnv(target), options.instances);
      // Each instance keeps the cars of the words, and its answers, in its own memory.
      const instances = redline.instances ?? [redline.baseUrl];
      for (const instance of instances) await whenReady(instance);
      // From the launch: the columns, then the cars of the words searched lately (ADR 72, 73).
      const readySeconds = round((performance.now() - launched) / 1000, 1);
      log(`started anew: ready in ${readySeconds} s`);
      const sessions = await signInUsers(redline.baseUrl, buyers);
      // Started anew: its first searches, one at a time, as its first buyers ask them.
      const first = options.only
        ? []
        : await oneAtATime(redline.baseUrl, sessions[0]!, samples[run]!.restart);
      for (const instance of instances) await warmUp(instance, sessions, words, log);
      const groups = redline.groups ?? [redline.pid];
      const measure = async (label: string, paths: string[], ceiling?: Ceiling) => {
        const before = cpuTimes(groups);
        const measured = await httpLoad(redline!.baseUrl, sessions, paths, load);
        const after = cpuTimes(groups);
        // CPU a request, from the load's start to its end: what the two cores are shared out in.
        const cpu = (of: keyof typeof after) =>
          round((after[of] - before[of]) / Math.max(1, measured.requests), 2);
        await settle(target);
        results[label] = { redline: measured, ...(ceiling ? { ceiling } : {}) };
        rows.push({
          run: run + 1,
          search: label,
          'req/s': measured.rps,
          'p50 ms': measured.p50,
          'p99 ms': measured.p99,
          errors: measured.errors,
          'asked again': again(measured, paths),
          'ceiling req/s': ceiling?.rps ?? '',
          'ceiling p50': ceiling?.p50 ?? '',
          'ceiling p99': ceiling?.p99 ?? '',
          'of ceiling': ceiling ? `${Math.round((100 * measured.rps) / ceiling.rps)} %` : '',
          'CPU ms: server': cpu('group'),
          PostgreSQL: cpu('postgres'),
          'load generator': cpu('bench'),
          'ceiling CPU ms: process': ceiling ? round(ceiling.processMs, 2) : '',
          'ceiling PostgreSQL': ceiling ? round(ceiling.postgresMs, 2) : '',
          load1: loadNow()[0],
        });
        log(
          `${label}: ${measured.rps} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${again(measured, paths)} asked again`,
        );
        return { measured, cpuMs: cpu('group') + cpu('postgres') };
      };
      for (const kind of options.only ?? CLASSES) {
        const { measured } = await measure(
          `${kind}, cold`,
          searches[kind].map((s) => s.path),
          ceilings[kind],
        );
        figure[`class:${kind}`] = round((100 * measured.rps) / Math.max(1, ceilings[kind]!.rps), 1);
      }
      if (options.only) continue;
      const mixed = await measure(
        'mix, cold',
        mix.map((s) => s.path),
        ceilings.mix,
      );
      figure.mix = round((100 * mixed.measured.rps) / Math.max(1, ceilings.mix!.rps), 1);
      figure.cpu = round(mixed.cpuMs / Math.max(0.01, ceilings.mix!.processMs + ceilings.mix!.postgresMs), 2);
      // Suggestions run no statement (the names are kept in memory): there is no query ceiling to compare.
      await measure(
        'suggest',
        suggestions.map((q) => `/api/cars/suggest?${new URLSearchParams({ q })}`),
      );
      // The warm server's own new searches, one at a time: what the first ones after the restart are held to.
      const warm = await oneAtATime(redline.baseUrl, sessions[0]!, samples[run]!.warm);
      const firstP99 = percentile(first, 99);
      const slowest = samples[run]!.restart.map(({ path }, i) => ({ path, ms: first[i]! }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3);
      for (const { path, ms } of slowest)
        log(
          `  after the start: ${round(ms, 1)} ms  ${decodeURIComponent(path.replace('/api/cars/search?', ''))}`,
        );
      const warmP99 = percentile(warm, 99);
      figure.restart = round(firstP99 / Math.max(0.1, warmP99), 2);
      log(
        `the first ${first.length} searches after the start, one at a time: p50 ${round(percentile(first, 50), 1)} ms, p99 ${round(firstP99, 1)} ms;` +
          ` ${warm.length} on the warm server: p50 ${round(percentile(warm, 50), 1)} ms, p99 ${round(warmP99, 1)} ms`,
      );
      // What buyers repeat: 200 searches of the mix, asked once each to fill the cache, then measured.
      const repeated = mix.slice(0, 200).map((s) => s.path);
      for (const instance of instances)
        for (const path of repeated)
          await fetch(instance + path, { headers: { cookie: sessions[0]!.cookie } });
      await measure('mix, warm (200 searches repeated)', repeated);
      runs.push({
        results,
        readySeconds,
        restart: {
          first: { p50: round(percentile(first, 50), 1), p99: round(firstP99, 1) },
          warm: { p50: round(percentile(warm, 50), 1), p99: round(warmP99, 1) },
        },
      });
    } finally {
      await redline?.stop();
    }
    figure.columnsMb = loaded.mbPerMillion;
    figures.push(figure);
  }
  return {
    engine: target.engine,
    dataset,
    connections: options.connections,
    seconds: options.seconds,
    instances: options.instances,
    rows,
    runs,
    figures,
    columnsLoad: loaded,
  };
}

/** `--only typo,sort`: the classes named, each a class of the mix. */
function onlyFlag(value: string | undefined): SearchClass[] | undefined {
  if (value === undefined) return undefined;
  const named = value.split(',');
  const unknown = named.filter((kind) => !(CLASSES as readonly string[]).includes(kind));
  if (unknown.length > 0)
    throw new Error(`--only: no class ${unknown.join(', ')} (the classes: ${CLASSES.join(', ')})`);
  return named as SearchClass[];
}

if (isMain(import.meta.url)) {
  const flags = parseFlags();
  // `--cars 100k,1m`: each size in turn, the targets judged at the largest, and the mix's ratio compared across them.
  const sizes = (stringFlag(flags, 'cars') ?? '1m').split(',').map(parseCount);
  const options: Omit<SearchBenchOptions, 'cars'> = {
    engine: (stringFlag(flags, 'engine') ?? 'postgres') as Engine,
    connections: countFlag(flags, 'connections', 16),
    seconds: countFlag(flags, 'seconds', 10),
    databaseUrl: stringFlag(flags, 'database-url'),
    fresh: flags.fresh === true,
    profile: flags.profile === undefined ? undefined : countFlag(flags, 'profile', 200),
    instances: countFlag(flags, 'instances', 0),
    runs: countFlag(flags, 'runs', 1),
    only: onlyFlag(stringFlag(flags, 'only')),
  };
  if (options.databaseUrl && sizes.length > 1)
    throw new Error('--database-url holds one dataset: give one --cars');
  const m = machine();
  printMachine(m);
  console.log(`load before: ${describeLoad(loadNow())}`);
  const results = [];
  for (const cars of sizes) {
    console.log(
      `search benchmark: ${formatCount(cars)} cars on ${options.engine}, ${options.connections} connections, ${options.seconds} s per run, ${options.runs} run(s)${options.instances > 0 ? `, Redline as ${options.instances} instance(s) behind nginx` : ''}`,
    );
    const result = await benchSearch({ ...options, cars });
    console.log('');
    printTable(result.rows);
    results.push({ cars, ...result });
  }
  const largest = results.at(-1)!;
  if (largest.figures.length > 0) {
    console.log(`\nissue 50's search targets at ${formatCount(largest.cars)} cars:`);
    printTable(searchTargetRows(largest.figures, results.length > 1 ? results : []));
  }
  console.log(`\nsaved ${saveResults('search', { machine: m, sizes: results })}`);
}
