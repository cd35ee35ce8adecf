/**
 * Issue 50's speed targets, written once: each is a ratio of Redline to a ceiling measured in the
 * same run (what carries over to a larger machine), judged on the median of the runs, on PostgreSQL;
 * the live-updates targets, which no ceiling bounds, are absolute (streams, KB, ms).
 * `npm run bench` and `npm run bench:api` print every target from the runs they just did; those
 * another benchmark measures name its command.
 */
import { formatCount, round } from './lib/cli.ts';

/** What a ratio compares Redline with, in the same run (bench/ceilings/). */
export type Ceiling = 'constant' | 'fastify' | 'raw';

export const CEILING_NAMES: Record<Ceiling, string> = {
  constant: 'constant ceiling',
  fastify: "Fastify's hello-world",
  raw: 'raw-query ceiling',
};

/** What a target reads of a scenario's runs (bench:api's rows): Redline and its ceilings, run by run. */
interface Figures {
  rps: number;
  p99: number;
}
export interface ScenarioRuns {
  scenario: string;
  runs: ({ redline: Figures } & Partial<Record<Ceiling, Figures>>)[];
}

export interface ApiTarget {
  name: string;
  scenario: string;
  /** Throughput: Redline's req/s in % of the ceiling's; p99: Redline's p99 as a multiple of the ceiling's. */
  figure: 'throughput' | 'p99';
  ceiling: Ceiling;
  /** The bound the median must meet; none: a reference, recorded without a verdict. */
  atLeast?: number;
  atMost?: number;
}

/** A write at ≥ 80 % of its raw-query ceiling's throughput, with a p99 ≤ 1.5 × the ceiling's. */
const write = (name: string, scenario: string): ApiTarget[] => [
  { name: `${name}: throughput`, scenario, figure: 'throughput', ceiling: 'raw', atLeast: 80 },
  { name: `${name}: p99`, scenario, figure: 'p99', ceiling: 'raw', atMost: 1.5 },
];

/** A read answered from memory at ≥ 70 % of the constant ceiling; Fastify's own figure beside it. */
const fromMemory = (name: string, scenario: string): ApiTarget[] => [
  { name, scenario, figure: 'throughput', ceiling: 'constant', atLeast: 70 },
  { name, scenario, figure: 'throughput', ceiling: 'fastify' },
];

export const API_TARGETS: ApiTarget[] = [
  ...write('Book + cancel', 'book-cancel'),
  ...write('Post a car', 'post-car'),
  ...write('Send a message', 'send-message'),
  ...write('Record a payment', 'record-payment'),
  { name: 'Car by id', scenario: 'car-by-id', figure: 'throughput', ceiling: 'raw', atLeast: 80 },
  ...fromMemory('/api/categories', 'categories'),
  ...fromMemory('/api/categories, 304', 'categories-304'),
  ...fromMemory('/api/advertise, 304', 'advertise-304'),
];

/** Issue 50's targets that bench:api does not measure, and what measures them (or that nothing does yet). */
export const OTHER_TARGETS: { name: string; target: string; measuredBy: string }[] = [
  {
    name: 'The first page',
    target: 'Redline’s code ≤ 10 KB gzip above the framework’s floor',
    measuredBy: 'npm run bench:web -- --check',
  },
  {
    name: 'Lighthouse',
    target: 'performance ≥ 98, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS ≤ 0.01',
    measuredBy: 'npm run bench:web',
  },
  {
    name: 'Memory after a soak',
    target: '≤ 350 MB resident at the end of mixed signed-in traffic',
    measuredBy: 'npm run bench:soak',
  },
];

/** What a run of bench:live measured (live.ts): the streams it held open, their memory, one event's delivery. */
export interface LiveRun {
  streams: number;
  /** Streams the server refused, by status. */
  refused: Record<string, number>;
  openSeconds: number;
  rssBefore: number;
  rssAfter: number;
  /** Resident memory a stream (KB), and of it the V8 heap's and Buffers' (ArrayBuffers) share. */
  kbPerStream: number;
  heapKbPerStream: number;
  externalKbPerStream: number;
  /** What the delivery is timed from: the commit (PostgreSQL's NOTIFY) or the request's sending (PGlite). */
  timedFrom: 'commit' | 'request';
  commitAfterMs: number;
  answeredMs: number;
  delivered: number;
  /** Streams whose connection ended before the event was sent, and those that ended without it. */
  closedBeforeEvent: number;
  closedWithoutEvent: number;
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  deliveryMaxMs: number;
  /**
   * CPU time (ms) from the PATCH's sending to the last receipt: the server's (the transaction and
   * the 10,000 writes) and this process's (the clients reading them). Unlike the delivery time, it
   * hardly moves with what else the machine runs.
   */
  eventCpuMs: { server: number; clients: number };
  load1: number;
}

/** A target that is a figure of a benchmark's run held to a bound of its own (no ceiling); none: stated, without a verdict. */
export interface BoundTarget<Run> {
  name: string;
  figure: keyof Run & string;
  unit: string;
  atLeast?: number;
  atMost?: number;
}

/** The classes of searches bench:search measures, and mixes in turn (search.ts). */
export const SEARCH_CLASSES = [
  'text-2-filters',
  'typo',
  'filters',
  'sort',
  'specifications',
  'place',
  'deals',
] as const;

/**
 * What a run of bench:search measured (search.ts): `mix` and `class:<class>`, Redline's throughput in
 * % of its query ceiling's; `cpu`, the CPU a search of the mix (server and PostgreSQL) as a multiple of
 * the ceiling's (its process and PostgreSQL); `restart`, the p99 of the first 100 searches after a start
 * as a multiple of the warm server's p99 (both one at a time); `columnsMb`, the columns' memory a million cars.
 */
export type SearchFigures = Record<string, number>;

const SEARCH_BY = 'npm run bench:search -- --cars 100k,1m --runs 3';

export const SEARCH_TARGETS: BoundTarget<SearchFigures>[] = [
  { name: 'Search at 1,000,000 cars: the mix, of its query ceiling', figure: 'mix', unit: '%', atLeast: 85 },
  ...SEARCH_CLASSES.map((kind) => ({
    name: `Search at 1,000,000 cars: ${kind}, of its query ceiling`,
    figure: `class:${kind}`,
    unit: '%',
    atLeast: 75,
  })),
  { name: 'Search: the CPU a search of the mix, of its ceiling’s', figure: 'cpu', unit: '×', atMost: 1.25 },
  {
    name: 'Search: p99 of the first 100 after a start, of the warm p99',
    figure: 'restart',
    unit: '×',
    atMost: 2,
  },
  { name: 'Search: the columns’ memory a million cars (stated)', figure: 'columnsMb', unit: 'MB' },
];

/**
 * The search targets' rows from the runs at the largest size; given the runs at each size
 * (`--cars 100k,1m`), the mix's median ratio at the smallest and the largest within 10 % of each other.
 */
export function searchTargetRows(
  runs: SearchFigures[],
  sizes: { cars: number; figures: SearchFigures[] }[] = [],
): Record<string, string | number>[] {
  const rows = boundTargetRows(SEARCH_TARGETS, runs, SEARCH_BY);
  const bound = '≥ 90 %';
  const name = 'Search: the mix’s ratio at 100,000 cars and at 1,000,000, the lower of the higher';
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  if (!smallest || !largest || smallest === largest || runs.length === 0) {
    return [...rows, { ...emptyRow(name, bound), verdict: `not measured here: ${SEARCH_BY}` }];
  }
  const mixOf = (size: { figures: SearchFigures[] }) => spreadOf(size.figures.map((f) => f.mix!)).median;
  const [low, high] = [mixOf(smallest), mixOf(largest)].sort((a, b) => a - b) as [number, number];
  const ratio = round((100 * low) / Math.max(0.1, high), 1);
  return [
    ...rows,
    {
      ...emptyRow(name, bound),
      'Redline (median)': `${ratio} %`,
      ceiling: `the mix: ${mixOf(smallest)} % at ${formatCount(smallest.cars)}, ${mixOf(largest)} % at ${formatCount(largest.cars)} cars`,
      runs: Math.min(smallest.figures.length, largest.figures.length),
      verdict: ratio >= 90 ? 'met' : 'missed',
    },
  ];
}

export const LIVE_TARGETS: BoundTarget<LiveRun>[] = [
  { name: 'Live updates: streams open on one instance', figure: 'streams', unit: 'streams', atLeast: 10_000 },
  { name: 'Live updates: memory a stream', figure: 'kbPerStream', unit: 'KB', atMost: 20 },
  { name: 'Live updates: an event to every stream, p99', figure: 'deliveryP99Ms', unit: 'ms', atMost: 1000 },
];

/** What a run of bench:memory measured (memory.ts): `npm start` on the embedded database, a first start and a restart. */
export interface MemoryRun {
  firstReadyS: number;
  firstReadyMb: number;
  firstIdleMb: number;
  restartReadyS: number;
  restartReadyMb: number;
  restartIdleMb: number;
}

export const MEMORY_TARGETS: BoundTarget<MemoryRun>[] = [
  { name: 'npm start: resident after its first start', figure: 'firstReadyMb', unit: 'MB', atMost: 350 },
  { name: 'npm start: resident idle after its first start', figure: 'firstIdleMb', unit: 'MB', atMost: 350 },
  { name: 'npm start: restart ready, from launching it', figure: 'restartReadyS', unit: 's', atMost: 2 },
  { name: 'npm start: resident idle after a restart', figure: 'restartIdleMb', unit: 'MB', atMost: 350 },
];

/** Bound targets as targetRows' rows, judged on the median of the runs of `measuredBy`. */
export function boundTargetRows<Run>(
  targets: BoundTarget<Run>[],
  runs: Run[],
  measuredBy: string,
): Record<string, string | number>[] {
  return targets.map((t) => {
    const bound =
      t.atLeast !== undefined
        ? `≥ ${t.atLeast} ${t.unit}`
        : t.atMost !== undefined
          ? `≤ ${t.atMost} ${t.unit}`
          : '–';
    if (runs.length === 0) {
      return { ...emptyRow(t.name, bound), verdict: `not measured here: ${measuredBy}` };
    }
    const figure = spreadOf(runs.map((run) => Number(run[t.figure])));
    const met =
      (t.atLeast === undefined || figure.median >= t.atLeast) &&
      (t.atMost === undefined || figure.median <= t.atMost);
    return {
      ...emptyRow(t.name, bound),
      'Redline (median)': `${round(figure.median, 2)} ${t.unit}`,
      'spread (min–max)': `${round(figure.min, 2)}–${round(figure.max, 2)}`,
      runs: runs.length,
      verdict: bound === '–' ? 'recorded' : met ? 'met' : 'missed',
    };
  });
}

/** A target's row with its name and bound, and no figure yet. */
const emptyRow = (name: string, bound: string): Record<string, string | number> => ({
  'issue 50 target': name,
  'Redline (median)': '',
  ceiling: '',
  ratio: '',
  'spread (min–max)': '',
  runs: 0,
  bound,
  verdict: '',
});

/** A figure over the runs: its median, lowest and highest. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spreadOf(values: number[]): Spread {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

export interface Judged {
  target: ApiTarget;
  runs: number;
  /** Redline's median (req/s or p99 ms), and the ceiling's. */
  redline: number;
  ceiling: number;
  /** Per run, Redline over its ceiling in that run (% for throughput, × for p99). */
  ratio: Spread;
  verdict: 'met' | 'missed' | 'recorded' | 'not measured';
}

/** A target against a scenario's runs: every ratio is of two servers measured back to back in one run. */
export function judge(target: ApiTarget, row: ScenarioRuns | undefined): Judged {
  const runs = (row?.runs ?? []).filter((run) => run[target.ceiling] !== undefined);
  if (runs.length === 0) {
    return { target, runs: 0, redline: 0, ceiling: 0, ratio: spreadOf([0]), verdict: 'not measured' };
  }
  const of = (m: { rps: number; p99: number }) => (target.figure === 'throughput' ? m.rps : m.p99);
  const ratios = runs.map((run) => {
    const ceiling = of(run[target.ceiling]!);
    const redline = of(run.redline);
    return target.figure === 'throughput'
      ? round((redline / Math.max(1, ceiling)) * 100, 1)
      : round(redline / Math.max(0.1, ceiling), 2);
  });
  const ratio = spreadOf(ratios);
  const met =
    (target.atLeast === undefined || ratio.median >= target.atLeast) &&
    (target.atMost === undefined || ratio.median <= target.atMost);
  const bounded = target.atLeast !== undefined || target.atMost !== undefined;
  return {
    target,
    runs: runs.length,
    redline: spreadOf(runs.map((run) => of(run.redline))).median,
    ceiling: spreadOf(runs.map((run) => of(run[target.ceiling]!))).median,
    ratio,
    verdict: !bounded ? 'recorded' : met ? 'met' : 'missed',
  };
}

const unit = (t: ApiTarget) => (t.figure === 'throughput' ? '%' : '×');
const bound = (t: ApiTarget) =>
  t.atLeast !== undefined
    ? `≥ ${t.atLeast} ${unit(t)}`
    : t.atMost !== undefined
      ? `≤ ${t.atMost} ${unit(t)}`
      : '–';

/**
 * The targets as table rows: name, current median, ceiling, ratio, spread, target, verdict; the live
 * targets from bench:live's runs when given.
 */
export function targetRows(
  rows: ScenarioRuns[],
  live: LiveRun[] = [],
  memory: MemoryRun[] = [],
): Record<string, string | number>[] {
  const judged = API_TARGETS.map((t) =>
    judge(
      t,
      rows.find((r) => r.scenario === t.scenario),
    ),
  );
  return [
    ...judged.map((j) => {
      const figure = j.target.figure === 'throughput' ? 'req/s' : 'ms p99';
      return {
        'issue 50 target': j.target.name,
        'Redline (median)': j.runs ? `${j.redline} ${figure}` : '',
        ceiling: j.runs
          ? `${CEILING_NAMES[j.target.ceiling]} ${j.ceiling} ${figure}`
          : CEILING_NAMES[j.target.ceiling],
        ratio: j.runs ? `${j.ratio.median} ${unit(j.target)}` : '',
        'spread (min–max)': j.runs ? `${j.ratio.min}–${j.ratio.max}` : '',
        runs: j.runs,
        bound: bound(j.target),
        verdict: j.verdict,
      };
    }),
    ...boundTargetRows(LIVE_TARGETS, live, 'npm run bench:live'),
    ...boundTargetRows(MEMORY_TARGETS, memory, 'npm run bench:memory'),
    ...searchTargetRows([]),
    ...OTHER_TARGETS.map((t) => ({
      ...emptyRow(t.name, t.target),
      verdict: `not measured here: ${t.measuredBy}`,
    })),
  ];
}
