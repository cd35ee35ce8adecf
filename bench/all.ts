/**
 * Every benchmark in turn: `npm run bench [-- --quick]`. Each runs in a process of its own (so one
 * benchmark's memory does not colour the next) and saves its figures in bench/results/; a summary
 * of the targets follows. --quick uses small datasets and short runs to check that everything works;
 * the figures in docs/performance.md come from the full run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EngineResult } from './api.ts';
import {
  describeLoad,
  loadNow,
  machine,
  printMachine,
  printTable,
  REPO_ROOT,
  RESULTS_DIR,
} from './lib/cli.ts';
import { targetRows } from './targets.ts';

const quick = process.argv.includes('--quick');
const steps: { name: string; script: string; args: string[] }[] = [
  { name: 'HTTP scenarios and ceilings', script: 'bench/api.ts', args: [] },
  { name: 'growth curve', script: 'bench/scale.ts', args: [] },
  { name: 'web budgets', script: 'bench/web.ts', args: [] },
  { name: 'server-rendering throughput', script: 'bench/pages.ts', args: [] },
  { name: 'photo pipeline', script: 'bench/photos.ts', args: [] },
  { name: 'live updates', script: 'bench/live.ts', args: [] },
  { name: 'memory and start', script: 'bench/memory.ts', args: [] },
];

printMachine(machine());
const started = Date.now();
const failed: string[] = [];
for (const step of steps) {
  console.log(
    `\n######## ${step.name}: ${step.script} ${quick ? '--quick' : ''} (${describeLoad(loadNow())})`,
  );
  const result = spawnSync(process.execPath, [step.script, ...step.args, ...(quick ? ['--quick'] : [])], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(step.name);
}

/** A benchmark's latest saved results. */
function read(name: string) {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** The verdicts each benchmark printed, collected from the results it saved. */
function summary() {
  const lines: string[] = [];
  const api = read('api');
  for (const engine of (api?.results ?? []) as EngineResult[]) {
    lines.push(`${engine.engine}: start-up to first answer ${engine.startMs} ms (target ≤ 3000 ms)`);
    const errors = engine.rows.filter((row) => row.runs.some((run) => run.redline.errors > 0));
    lines.push(
      `${engine.engine}: ${errors.length === 0 ? 'no unexpected answer in any scenario' : `unexpected answers in ${errors.map((r) => r.scenario).join(', ')}`}`,
    );
  }
  const web = read('web');
  if (web) {
    const home = web.rows.find((r: { route: string }) => r.route === '/');
    lines.push(
      `web: / loads ${home?.totalKB} KB gzip of JavaScript (budget: ${home?.budget}): ${home?.verdict}`,
    );
    const over = web.rows.filter(
      (r: { verdict: string; route: string }) => r.verdict !== 'met' && r.route !== '/',
    );
    lines.push(`web: ${over.length} other route(s) over budget or with Stripe outside the pay page`);
    for (const page of web.lighthouse ?? []) {
      const s = page.scores;
      lines.push(
        `web Lighthouse ${page.url}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']}, SEO ${s.seo}, LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}: ${page.verdict}`,
      );
    }
  }
  for (const row of read('pages')?.rows ?? []) {
    lines.push(
      `pages ${row.page}: ${row.redlineRps} req/s, p99 ${row.redlineP99} ms, ${row.ratio} % of the ceiling serving the same bytes (target ≥ 50 %)`,
    );
  }
  const photos = read('photos');
  if (photos) {
    const runs = photos.single.runs.map((r: { ms: number }) => r.ms);
    lines.push(`photos: 12 MP JPEG in ${runs.join(', ')} ms (target ≤ 1500 ms)`);
    lines.push(
      `photos: GET /api/categories p99 ${photos.concurrent.during.p99} ms during 10 uploads (target ≤ 50 ms)`,
    );
  }
  return lines;
}

console.log(
  `\n######## summary (${Math.round((Date.now() - started) / 60_000)} min; ${describeLoad(loadNow())})`,
);
for (const line of summary()) console.log(line);
const postgres = (read('api')?.results as EngineResult[] | undefined)?.find((r) => r.engine === 'postgres');
console.log(
  `\nIssue 50's targets (bench/targets.ts), each the median of this run's ${read('api')?.options.runs ?? 0} runs on PostgreSQL${quick ? ' (--quick: proves the harness, not the targets)' : ''}:`,
);
printTable(targetRows(postgres?.rows ?? [], read('live')?.runs ?? [], read('memory')?.runs ?? []));
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
