/**
 * Server-rendering throughput: `npm run bench:pages [-- --quick] [--no-build] [--rounds 5]
 * [--seconds 8] [--connections 10] [--encoding br|identity]` (`--quick`: 2 rounds of 3 s).
 *
 * Builds the web app (with its server entry) into bench/.data/pages-dist unless `--no-build`, starts
 * the production server on it with the demo data (a temporary DATA_DIR; the first start seeds it),
 * and fetches the exact answers of two pages: `/` signed out, and a car page signed in as the demo
 * buyer. Then it starts the ceiling (ceilings/page-server.ts, a process of its own), a bare Fastify
 * server on loopback answering those same bytes from memory with the same status and headers,
 * compressed as Redline compressed them. autocannon loads each page on Redline and on the ceiling in turn, round after
 * round, so that other work on the machine weighs on both alike; printed: the median and range of
 * requests/s and p99 over the rounds, and the ratio Redline / ceiling (issue 18's target: ≥ 50 %).
 * The browser's encoding is the default (`accept-encoding: br, gzip`), as browsers ask.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@redline/demo-art/data';
import autocannon from 'autocannon';
import { type CapturedResponse, VOLATILE_HEADERS } from './ceilings/captured.ts';
import {
  countFlag,
  describeLoad,
  isMain,
  loadNow,
  machine,
  parseFlags,
  printMachine,
  printTable,
  REPO_ROOT,
  round,
  saveResults,
  stringFlag,
  WORK_DIR,
} from './lib/cli.ts';
import { ratedDemoCarId } from './lib/demo.ts';
import { type Running, startProcess, startRedline } from './lib/processes.ts';
import { signIn } from './lib/sessions.ts';

const OUT_DIR = path.join(WORK_DIR, 'pages-dist');
const DEMO_BUYER = 'buyer@redline.test';
/** Issue 18: each page's throughput at least this share of its ceiling's. */
export const TARGET_RATIO = 0.5;
const ENCODINGS = { br: 'br, gzip', identity: '' } as const;

interface PageCase {
  name: string;
  path: string;
  headers: Record<string, string>;
}

function build() {
  console.log(`building the web app into ${path.relative(process.cwd(), OUT_DIR)}…`);
  const result = spawnSync(
    'npm',
    ['run', 'build', '--workspace', '@redline/web', '--', '--outDir', OUT_DIR, '--emptyOutDir'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the web build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Redline's exact answer to `page`: its status, headers and bytes as sent (still encoded). */
function capture(baseUrl: string, page: PageCase): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    // node:http, not fetch, which would decode the body and keep its content-encoding header.
    http
      .get(baseUrl + page.path, { headers: page.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${page.path} answered ${res.statusCode}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (!VOLATILE_HEADERS.includes(name) && typeof value === 'string') headers[name] = value;
          }
          const body = Buffer.concat(chunks).toString('base64');
          resolve({ method: 'GET', pattern: page.path, conditional: false, status: 200, headers, body });
        });
      })
      .on('error', reject);
  });
}

/** The ceiling (ceilings/page-server.ts), in a process of its own, answering the captured pages. */
function startCeiling(pages: CapturedResponse[]) {
  const file = path.join(WORK_DIR, 'pages-responses.json');
  writeFileSync(file, JSON.stringify(pages));
  return startProcess({
    name: 'pages-ceiling',
    script: 'bench/ceilings/page-server.ts',
    env: { BENCH_RESPONSES: file },
    readyPath: '/',
  });
}

interface Run {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds, timeout: 10 });
  const ok = Number(result.statusCodeStats['200']?.count ?? 0);
  return {
    rps: Math.round(ok / result.duration),
    p99: round(result.latency.p99, 1),
    errors: result.errors + result.non2xx,
  } satisfies Run;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;

export async function benchPages(options: {
  build: boolean;
  rounds: number;
  seconds: number;
  connections: number;
  encoding: keyof typeof ENCODINGS;
}) {
  if (options.build || !existsSync(path.join(OUT_DIR, 'ssr', 'entry-server.js'))) build();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-pages-'));
  console.log('starting Redline on the build with demo data (the first start seeds it)…');
  const server = await startRedline('pages', {
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    WEB_DIST: OUT_DIR,
    LOG_LEVEL: 'warn',
  });
  let ceiling: Running | undefined;
  try {
    const { baseUrl } = server;
    const cookie = await signIn(baseUrl, DEMO_BUYER, DEMO_PASSWORD);
    // A car page with its market value, comparables and chart (issue 48).
    const carId = await ratedDemoCarId(baseUrl, cookie);
    const accept = ENCODINGS[options.encoding];
    const encodingHeader: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
    const pages: PageCase[] = [
      { name: '/ (signed out)', path: '/', headers: { ...encodingHeader } },
      { name: '/cars/id/… (buyer)', path: `/cars/id/${carId}`, headers: { ...encodingHeader, cookie } },
    ];
    const captured = new Map<string, CapturedResponse>();
    for (const page of pages) captured.set(page.path, await capture(baseUrl, page));
    ceiling = await startCeiling([...captured.values()]);

    const runs = new Map<string, { redline: Run[]; ceiling: Run[] }>(
      pages.map((p) => [p.name, { redline: [], ceiling: [] }]),
    );
    const loads: [number, number, number][] = [];
    for (let r = 0; r < options.rounds; r++) {
      for (const page of pages) {
        const record = runs.get(page.name)!;
        // Alternating who goes first, so that neither always follows the other.
        const order = r % 2 ? (['ceiling', 'redline'] as const) : (['redline', 'ceiling'] as const);
        for (const target of order) {
          const base = target === 'redline' ? baseUrl : ceiling.baseUrl;
          const run = await load(base + page.path, page.headers, options.connections, options.seconds);
          record[target].push(run);
          console.log(
            `round ${r + 1} ${page.name} ${target}: ${run.rps} req/s, p99 ${run.p99} ms, ${run.errors} errors`,
          );
        }
      }
      loads.push(loadNow());
    }
    const rows = pages.map((page) => {
      const { redline, ceiling: top } = runs.get(page.name)!;
      const ratios = redline.map((run, i) => run.rps / top[i]!.rps);
      const c = captured.get(page.path)!;
      return {
        page: page.name,
        bytes: Buffer.from(c.body, 'base64').length,
        encoding: c.headers['content-encoding'] ?? 'identity',
        redlineRps: median(redline.map((x) => x.rps)),
        redlineRpsRange: range(redline.map((x) => x.rps)),
        redlineP99: median(redline.map((x) => x.p99)),
        redlineP99Range: range(redline.map((x) => x.p99)),
        ceilingRps: median(top.map((x) => x.rps)),
        ceilingRpsRange: range(top.map((x) => x.rps)),
        ceilingP99: median(top.map((x) => x.p99)),
        ratio: round(median(ratios) * 100, 1),
        ratioRange: range(ratios.map((x) => round(x * 100, 1))),
        errors: [...redline, ...top].reduce((sum, x) => sum + x.errors, 0),
      };
    });
    return { rows, loads };
  } finally {
    await ceiling?.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const flags = parseFlags();
  const encoding = stringFlag(flags, 'encoding') ?? 'br';
  if (!(encoding in ENCODINGS)) throw new Error(`--encoding must be one of ${Object.keys(ENCODINGS)}`);
  const options = {
    build: flags['no-build'] !== true,
    rounds: countFlag(flags, 'rounds', flags.quick === true ? 2 : 5),
    seconds: countFlag(flags, 'seconds', flags.quick === true ? 3 : 8),
    connections: countFlag(flags, 'connections', 10),
    encoding: encoding as keyof typeof ENCODINGS,
  };
  const m = machine();
  const result = await benchPages(options);
  console.log(
    `\nautocannon, ${options.connections} connections, ${options.seconds} s per run, ${options.rounds} rounds, accept-encoding: ${ENCODINGS[options.encoding] || '(none)'}; median over the rounds (range)`,
  );
  printMachine(m);
  console.log(`         during the rounds: ${result.loads.map((l) => describeLoad(l)).join('; ')}`);
  printTable(
    result.rows.map((r) => ({
      page: r.page,
      'bytes sent': `${r.bytes} (${r.encoding})`,
      'Redline req/s': `${r.redlineRps} (${r.redlineRpsRange})`,
      'p99 ms': `${r.redlineP99} (${r.redlineP99Range})`,
      'ceiling req/s': `${r.ceilingRps} (${r.ceilingRpsRange})`,
      'ceiling p99 ms': r.ceilingP99,
      ratio: `${r.ratio} % (${r.ratioRange})`,
      verdict: r.ratio >= TARGET_RATIO * 100 ? 'met' : 'MISSED',
      errors: r.errors,
    })),
  );
  const file = saveResults('pages', { machine: m, options, ...result });
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
