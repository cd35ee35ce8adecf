/**
 * Lighthouse with its default config (the mobile preset: simulated slow 4G and a 4× slower CPU) in
 * Debian's Chromium, a fresh browser per run. A page is measured `runs` times; each score and metric
 * is the median of the runs, with the runs' range beside the ones that swing with the machine's load
 * (performance, LCP, TBT). The failing audits and the saved report are Lighthouse's own median run
 * (closest to the median FCP and TTI).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { round, WORK_DIR } from './cli.ts';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Full reports of the last run, one JSON file per page (open them in the Lighthouse viewer). */
export const REPORT_DIR = path.join(WORK_DIR, 'lighthouse');

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageFigures {
  /** Category scores, 0–100. */
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKB: number;
  /** The largest image the page downloaded, and whether every image was served at its displayed size. */
  largestImageKB: number;
  imagesSized: boolean;
  /** Audits that lost points, by category, so the next fix is obvious from the saved results. */
  failing: Record<Category, string[]>;
  /**
   * Lighthouse's measure of this machine's speed during the run. The preset slows the CPU 4×,
   * calibrated for a fast desktop (about 1,300 and more); on a slower or busy machine TBT comes out higher.
   */
  benchmarkIndex: number;
}

/** A page's figures over several runs: the medians, and the range of the load-sensitive ones. */
export interface PageMedians extends PageFigures {
  runs: number;
  range: {
    performance: [number, number];
    lcpMs: [number, number];
    tbtMs: [number, number];
    benchmarkIndex: [number, number];
  };
}

/** Attempts per run: on a busy machine Lighthouse now and then fails to record a trace (NO_NAVSTART). */
const ATTEMPTS = 3;

async function runOnce(url: string, extraHeaders: Record<string, string>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] });
    try {
      const flags = { port: chrome.port, logLevel: 'error', output: 'json', extraHeaders } as const;
      const lhr = (await lighthouse(url, flags))?.lhr;
      const error = lhr ? lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
      if (lhr && !error) return lhr;
      if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error?.message} (${error?.code})`);
      console.log(`  Lighthouse on ${url}: ${error?.code}, trying again`);
    } finally {
      chrome.kill();
    }
  }
}

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figures(lhr: Result): PageFigures {
  const scores = {} as Record<Category, number>;
  const failing = {} as Record<Category, string[]>;
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    failing[category] = (entry?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map((audit) => `${audit!.id}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`);
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)
    ?.items;
  const images = (requests ?? []).filter((r) => r.resourceType === 'Image');
  return {
    scores,
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: round(numeric(lhr, 'cumulative-layout-shift'), 3),
    transferKB: round(numeric(lhr, 'total-byte-weight') / 1024, 1),
    largestImageKB: round(Math.max(0, ...images.map((r) => r.transferSize ?? 0)) / 1024, 1),
    imagesSized: (lhr.audits['uses-responsive-images']?.score ?? 1) >= 0.9,
    failing,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Measures one page; `name` names the saved report. */
export async function measurePage(
  name: string,
  url: string,
  { runs, headers = {} }: { runs: number; headers?: Record<string, string> },
): Promise<PageMedians> {
  const results: Result[] = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(url, headers));
  const medianRun = computeMedianRun(results);
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(medianRun));
  const each = results.map(figures);
  const of = (pick: (f: PageFigures) => number) => each.map(pick);
  const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) scores[category] = median(of((f) => f.scores[category]));
  return {
    ...figures(medianRun),
    scores,
    lcpMs: median(of((f) => f.lcpMs)),
    tbtMs: median(of((f) => f.tbtMs)),
    cls: median(of((f) => f.cls)),
    benchmarkIndex: median(of((f) => f.benchmarkIndex)),
    runs,
    range: {
      performance: range(of((f) => f.scores.performance)),
      lcpMs: range(of((f) => f.lcpMs)),
      tbtMs: range(of((f) => f.tbtMs)),
      benchmarkIndex: range(of((f) => f.benchmarkIndex)),
    },
  };
}

/** The median of a list (the mean of the middle two for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : round((sorted[mid - 1]! + sorted[mid]!) / 2, 3);
}
