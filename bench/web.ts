/**
 * Web budgets: `npm run bench:web [-- --quick] [--no-build] [--no-lighthouse] [--check]`.
 * `--check` exits with 1 when a route misses its JavaScript budget, and says which and why (with
 * `--no-lighthouse`, a check of the build's sizes in a few seconds).
 *
 * 1. JavaScript per route. Builds the web app with Vite's manifest and hidden source maps into
 *    bench/.data/web-dist (never touching apps/web/dist, which other runs may be serving), then adds
 *    up the gzip size of the JavaScript each route loads: the entry chunk with its static imports
 *    (every route), plus the route's lazy chunks (its page, and its layout when that is lazy too)
 *    with their static imports. The framework's floor is measured in the same build: the chunks whose
 *    every source (read from their source maps) is one of FRAMEWORK_PACKAGES; what a route loads
 *    above it is Redline's own code. Budgets (issue 50): `/` at most 10 KB gzip of Redline's own code
 *    above the floor, every other route adds at most 60 KB to the shell, Stripe's code only on the
 *    pay pages.
 * 2. Lighthouse (mobile preset, Debian's Chromium) on a production Redline server serving that build
 *    with the demo data (a temporary DATA_DIR; the first start seeds it, about 45 s): `/`,
 *    `/categories`, `/blog`, `/user/login`; with the demo buyer's session cookie a category page,
 *    search results and a car page; with the demo seller's, the seller dashboard's cars. Five runs
 *    per page, the median of each figure reported; `--quick` runs once.
 *    Each page's four scores, LCP, TBT, CLS, bytes transferred and largest image against its targets;
 *    the full reports go to bench/.data/lighthouse/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from '@redline/demo-art/data';
import { type Category, routePatterns } from '@redline/shared';
import {
  isMain,
  machine,
  parseFlags,
  printMachine,
  printTable,
  REPO_ROOT,
  round,
  saveResults,
  WORK_DIR,
} from './lib/cli.ts';
import { ratedDemoCarId } from './lib/demo.ts';
import { measurePage, type PageFigures, type PageMedians, REPORT_DIR } from './lib/lighthouse.ts';
import { startRedline } from './lib/processes.ts';
import { getJson, signIn } from './lib/sessions.ts';

const OUT_DIR = path.join(WORK_DIR, 'web-dist');
const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const KB = 1024;
export const BUDGET = { homeAboveFloorKB: 10, routeAddsKB: 60 };
/**
 * The framework's packages (issue 50): react-dom, React, the scheduler, React Router and TanStack
 * Query (its React bindings and its core). A chunk made of these alone is the floor any page of this
 * stack loads before Redline's own code.
 */
const FRAMEWORK_PACKAGES = new Set([
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  '@tanstack/react-query',
  '@tanstack/query-core',
]);
/** The pages that take a payment by card (a test drive's fee, an offer's deposit): the only ones with Stripe. */
const PAY_PAGES = new Set(['src/app/routes/pay-booking.tsx', 'src/app/routes/pay-deposit.tsx']);
/** Issue 18's targets (issue 8's were LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05, SEO ≥ 95). */
export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  /** Public pages only: signed-in pages are not for search engines. */
  seo: 100,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.02,
  /** Pages with car or category cards: no image larger than this. */
  cardImageKB: 60,
};
/** The demo accounts whose sessions the signed-in pages use: a buyer's, and a seller's for the dashboard. */
const DEMO_BUYER = 'buyer@redline.test';
const DEMO_SELLER = 'sales@redline.test';

/** Lazily loaded layouts and the pages (module prefix) rendered inside them. */
const LAZY_LAYOUTS: Record<string, string> = {
  'src/app/layouts/dashboard-layout.tsx': 'src/app/routes/dash/',
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function build() {
  console.log(
    `building the web app into ${path.relative(process.cwd(), OUT_DIR)} (vite build --manifest --sourcemap hidden)…`,
  );
  const result = spawnSync(
    'npm',
    [
      ...['run', 'build', '--workspace', '@redline/web', '--'],
      ...['--outDir', OUT_DIR, '--emptyOutDir', '--manifest'],
      // Hidden: the maps name each chunk's sources; the chunks themselves stay byte for byte the same.
      ...['--sourcemap', 'hidden'],
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`the web build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** URL pattern of each lazy page module, read from the router (its `r.<name>` are `routePatterns`). */
function routeUrls(): Map<string, string> {
  const patterns = new Map<string, string>(Object.entries(routePatterns));
  const router = readFileSync(path.join(WEB_DIR, 'src/app/router.tsx'), 'utf8');
  const urls = new Map<string, string>();
  for (const m of router.matchAll(
    /(index: true|path: r\.(\w+)),\s*Component: page\(\(\) => import\('\.\/routes\/([^']+)'\)\)/g,
  )) {
    const module = `src/app/routes/${m[3]}`;
    const url = m[2] ? patterns.get(m[2]) : m[3]!.startsWith('dash/') ? patterns.get('dashboard') : '/';
    urls.set(module, url ?? module);
  }
  return urls;
}

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** Everything a page may load later (lazy parts included), without walking into other pages. */
function fullReach(
  manifest: Manifest,
  key: string,
  pages: Set<string>,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key];
  for (const dep of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
    if (!pages.has(dep)) fullReach(manifest, dep, pages, seen);
  }
  return seen;
}

interface ChunkSize {
  raw: number;
  gzip: number;
  stripe: boolean;
  /** Every source of the chunk is one of FRAMEWORK_PACKAGES. */
  framework: boolean;
  /** Some source of the chunk is. */
  mixesFramework: boolean;
}

/**
 * The packages a built file's sources come from (its hidden source map), `null` for Redline's own
 * modules and Vite's helpers; an empty set for a file without a map (index.html's classic scripts).
 */
function sourcePackages(file: string): Set<string | null> {
  const mapFile = path.join(OUT_DIR, `${file}.map`);
  if (!existsSync(mapFile)) return new Set();
  const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return new Set(
    sources.map((source) => source.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? null),
  );
}

export async function benchWeb(options: { build: boolean }) {
  if (options.build) build();
  const manifestFile = path.join(OUT_DIR, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run without --no-build`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  if (!existsSync(path.join(OUT_DIR, `${manifest[entryKey]!.file}.map`))) {
    throw new Error('the build has no source maps (the framework floor reads them): run without --no-build');
  }

  const sizes = new Map<string, ChunkSize>();
  const sizeOf = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const data = readFileSync(path.join(OUT_DIR, file));
      const packages = sourcePackages(file);
      s = {
        raw: data.length,
        gzip: gzipSync(data, { level: 9 }).length,
        stripe: data.includes('js.stripe.com'),
        framework: packages.size > 0 && [...packages].every((p) => p !== null && FRAMEWORK_PACKAGES.has(p)),
        mixesFramework: [...packages].some((p) => p !== null && FRAMEWORK_PACKAGES.has(p)),
      };
      sizes.set(file, s);
    }
    return s;
  };
  const jsOf = (keys: Iterable<string>) =>
    [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((k) => manifest[k]!.css ?? []);
  const sum = (files: string[]) => [...new Set(files)].reduce((total, f) => total + sizeOf(f).gzip, 0);
  const floorOf = (files: string[]) => sum(files.filter((f) => sizeOf(f).framework));

  const entry = staticClosure(manifest, entryKey);
  // Classic scripts index.html loads from public/ (the theme script, the one that starts the entry
  // module after the first paint: ADR 77) count for every route.
  const html = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
  const classicScripts = [...html.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const shellFiles = [...jsOf(entry), ...classicScripts];
  const shellGzip = sum(shellFiles);

  const urls = routeUrls();
  const dynamicEntries = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry);
  const pages = new Set(dynamicEntries.filter((k) => k.startsWith('src/app/routes/')));
  const layouts = dynamicEntries.filter((k) => k.startsWith('src/app/layouts/'));
  const unknownLayout = layouts.find((k) => !(k in LAZY_LAYOUTS));
  if (unknownLayout) throw new Error(`bench/web.ts: add ${unknownLayout} to LAZY_LAYOUTS`);
  /** The lazy modules a page needs: the page and the lazy layout around it. */
  const lazyModulesOf = (page: string) => [
    page,
    ...layouts.filter((layout) => page.startsWith(LAZY_LAYOUTS[layout]!)),
  ];
  /** One route: the shell plus its lazy modules (none when the page is part of the entry chunk). */
  const measureRoute = (url: string, module: string, lazyModules: string[]) => {
    const closure = new Set(lazyModules.flatMap((k) => [...staticClosure(manifest, k)]));
    const own = [...closure].filter((k) => !entry.has(k));
    const addsGzip = sum(jsOf(own));
    const loads = [...shellFiles, ...jsOf(closure)];
    const totalGzip = sum(loads);
    const ownGzip = totalGzip - floorOf(loads);
    // What the route may load later; for a page in the entry chunk, the entry's own lazy parts.
    const reachFrom = lazyModules.length > 0 ? lazyModules : [entryKey];
    const reach = new Set(reachFrom.flatMap((k) => [...fullReach(manifest, k, pages)]));
    const isHome = url === '/';
    const isPay = lazyModules.some((k) => PAY_PAGES.has(k));
    const stripeNow = jsOf(closure).some((f) => sizeOf(f).stripe);
    const stripeLater = jsOf(reach).some((f) => sizeOf(f).stripe);
    const withinBudget = isHome
      ? ownGzip <= BUDGET.homeAboveFloorKB * KB
      : addsGzip <= BUDGET.routeAddsKB * KB;
    const stripeOk = isPay || (!stripeNow && !stripeLater);
    return {
      route: url,
      module,
      totalKB: round(totalGzip / KB, 1),
      ownKB: round(ownGzip / KB, 1),
      addsKB: round(addsGzip / KB, 1),
      cssKB: round(sum([...cssOf(entry), ...cssOf(closure)]) / KB, 1),
      stripe: stripeNow ? 'on load' : stripeLater ? 'lazy (on demand)' : 'no',
      budget: isHome
        ? `own ≤ ${BUDGET.homeAboveFloorKB} KB above the floor`
        : `adds ≤ ${BUDGET.routeAddsKB} KB`,
      verdict: [
        withinBudget
          ? 'met'
          : isHome
            ? `MISSED: own code ${round(ownGzip / KB, 1)} KB above the floor > ${BUDGET.homeAboveFloorKB} KB`
            : `MISSED: adds ${round(addsGzip / KB, 1)} KB > ${BUDGET.routeAddsKB} KB`,
        !stripeOk && 'STRIPE OUTSIDE THE PAY PAGES',
      ]
        .filter(Boolean)
        .join('; '),
    };
  };
  const rows = [...pages]
    .sort()
    .map((page) =>
      measureRoute(urls.get(page) ?? page, page.replace('src/app/routes/', ''), lazyModulesOf(page)),
    );
  if (!rows.some((r) => r.route === '/')) rows.push(measureRoute('/', 'home.tsx (in the entry chunk)', []));
  const stripeFiles = [...sizes.entries()].filter(([, s]) => s.stripe).map(([f]) => f);
  const frameworkFiles = [...sizes.entries()].filter(([, s]) => s.framework).map(([f]) => f);
  return {
    shellKB: round(shellGzip / KB, 1),
    floorKB: round(floorOf(shellFiles) / KB, 1),
    frameworkFiles,
    // A chunk holding framework code beside other code is not counted in the floor (the own code
    // reads higher): listed so that the vendor chunks' grouping (vite.config.ts) can be put right.
    mixedFiles: [...sizes.entries()].filter(([, s]) => s.mixesFramework && !s.framework).map(([f]) => f),
    shellFiles: [...new Set(shellFiles)]
      .map((file) => ({ file, gzipKB: round(sizeOf(file).gzip / KB, 1), framework: sizeOf(file).framework }))
      .sort((a, b) => b.gzipKB - a.gzipKB),
    rows,
    stripeFiles,
    allJsKB: round(
      Object.values(manifest)
        .map((c) => c.file)
        .filter((f) => f.endsWith('.js'))
        .reduce((t, f) => t + sizeOf(f).gzip, 0) / KB,
      1,
    ),
  };
}

export interface LighthouseRow extends PageMedians {
  page: string;
  url: string;
  signedIn: boolean;
  verdict: string;
}

/** What a page missed of LIGHTHOUSE_TARGETS, or "met". */
function lighthouseVerdict(f: PageFigures, { signedIn, cards }: { signedIn: boolean; cards: boolean }) {
  const t = LIGHTHOUSE_TARGETS;
  const misses = [
    f.scores.performance < t.performance && `performance ${f.scores.performance} < ${t.performance}`,
    f.scores.accessibility < t.accessibility &&
      `accessibility ${f.scores.accessibility} < ${t.accessibility}`,
    f.scores['best-practices'] < t['best-practices'] &&
      `best practices ${f.scores['best-practices']} < ${t['best-practices']}`,
    !signedIn && f.scores.seo < t.seo && `SEO ${f.scores.seo} < ${t.seo}`,
    f.lcpMs > t.lcpMs && `LCP ${f.lcpMs} ms > ${t.lcpMs}`,
    f.tbtMs > t.tbtMs && `TBT ${f.tbtMs} ms > ${t.tbtMs}`,
    f.cls > t.cls && `CLS ${f.cls} > ${t.cls}`,
    cards && f.largestImageKB > t.cardImageKB && `image ${f.largestImageKB} KB > ${t.cardImageKB}`,
    !f.imagesSized && 'images larger than displayed',
  ].filter(Boolean);
  return misses.length === 0 ? 'met' : `MISSED: ${misses.join('; ')}`;
}

/** Starts Redline on the build with demo data and runs Lighthouse on each page. */
export async function benchLighthouse({ runs }: { runs: number }): Promise<LighthouseRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-web-'));
  console.log('\nstarting Redline on the build with demo data (the first start seeds it, about 45 s)…');
  const server = await startRedline('web-lighthouse', {
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    WEB_DIST: OUT_DIR,
    LOG_LEVEL: 'warn',
  });
  try {
    const { baseUrl } = server;
    const cookie = await signIn(baseUrl, DEMO_BUYER, DEMO_PASSWORD);
    const sellerCookie = await signIn(baseUrl, DEMO_SELLER, DEMO_PASSWORD);
    const [category] = await getJson<Category[]>(baseUrl, '/api/categories', cookie);
    if (!category) throw new Error('the demo data has no category');
    // A car page with its market value, comparables and chart (issue 48).
    const carId = await ratedDemoCarId(baseUrl, cookie);
    const pages = [
      { page: 'home', url: '/', signedIn: false, cards: true },
      { page: 'categories', url: '/categories', signedIn: false, cards: true },
      { page: 'blog', url: '/blog', signedIn: false, cards: false },
      { page: 'login', url: '/user/login', signedIn: false, cards: false },
      { page: 'category', url: `/category/${category.id}`, signedIn: true, cards: true },
      { page: 'search', url: '/cars?brand=BMW', signedIn: true, cards: true },
      { page: 'car', url: `/cars/id/${carId}`, signedIn: true, cards: false },
      { page: 'seller', url: routePatterns.dashSellerCars, signedIn: true, cards: false, seller: true },
    ];
    const rows: LighthouseRow[] = [];
    for (const p of pages) {
      console.log(`Lighthouse ${p.url}${p.signedIn ? ' (signed in)' : ''}: ${runs} run(s)…`);
      const figures = await measurePage(p.page, baseUrl + p.url, {
        runs,
        headers: p.signedIn ? { Cookie: 'seller' in p ? sellerCookie : cookie } : {},
      });
      rows.push({
        page: p.page,
        url: p.url,
        signedIn: p.signedIn,
        ...figures,
        verdict: lighthouseVerdict(figures, p),
      });
    }
    return rows;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const flags = parseFlags();
  const m = machine();
  printMachine(m);
  const result = await benchWeb({ build: flags['no-build'] !== true });
  console.log(
    `\nshell (entry chunk, its static imports, index.html scripts): ${result.shellKB} KB gzip; all JS of the build: ${result.allJsKB} KB gzip`,
  );
  console.log(
    `the framework's floor (chunks of ${[...FRAMEWORK_PACKAGES].join(', ')} only): ${result.floorKB} KB gzip; Redline's own code in the shell: ${round(result.shellKB - result.floorKB, 1)} KB gzip`,
  );
  if (result.mixedFiles.length > 0) {
    console.log(
      `framework code beside other code (not counted in the floor): ${result.mixedFiles.join(', ')}`,
    );
  }
  console.log('what every route loads first:');
  printTable(
    result.shellFiles.map((f) => ({
      file: f.file,
      'KB gzip': f.gzipKB,
      framework: f.framework ? 'yes' : '',
    })),
  );
  console.log('');
  printTable(
    result.rows.map((r) => ({
      route: r.route,
      module: r.module,
      'JS on load KB gz': r.totalKB,
      'own above floor KB gz': r.ownKB,
      'adds to shell KB gz': r.addsKB,
      'CSS KB gz': r.cssKB,
      Stripe: r.stripe,
      budget: r.budget,
      verdict: r.verdict,
    })),
  );
  console.log(`\nStripe code found in: ${result.stripeFiles.join(', ') || 'no chunk'}`);

  const runs = flags.quick === true ? 1 : Number(flags.runs ?? 5);
  const lighthouse = flags['no-lighthouse'] === true ? undefined : await benchLighthouse({ runs });
  if (lighthouse) {
    const t = LIGHTHOUSE_TARGETS;
    console.log(
      `\nLighthouse mobile preset, median of ${runs} run(s) per figure (range over the runs in brackets); targets: performance ≥ ${t.performance}, accessibility ${t.accessibility}, best practices ${t['best-practices']}, SEO ≥ ${t.seo} (public pages), LCP ≤ ${t.lcpMs} ms, TBT ≤ ${t.tbtMs} ms, CLS ≤ ${t.cls}, card images ≤ ${t.cardImageKB} KB`,
    );
    console.log(
      "benchmark index: Lighthouse's CPU score of this machine during the run (the preset's 4× CPU slowdown assumes about 1,300 or more; below that TBT reads high)",
    );
    printTable(
      lighthouse.map((r) => ({
        page: `${r.url}${r.signedIn ? ' (signed in)' : ''}`,
        perf: `${r.scores.performance} (${r.range.performance.join('–')})`,
        a11y: r.scores.accessibility,
        'best pr.': r.scores['best-practices'],
        SEO: r.scores.seo,
        'LCP ms': `${r.lcpMs} (${r.range.lcpMs.join('–')})`,
        'TBT ms': `${r.tbtMs} (${r.range.tbtMs.join('–')})`,
        CLS: r.cls,
        'transfer KB': r.transferKB,
        'largest image KB': r.largestImageKB,
        'benchmark index': `${r.benchmarkIndex} (${r.range.benchmarkIndex.join('–')})`,
        verdict: r.verdict,
      })),
    );
    for (const r of lighthouse) {
      const lost = Object.entries(r.failing).filter(([, audits]) => audits.length > 0);
      for (const [category, audits] of lost) console.log(`  ${r.page} ${category}: ${audits.join(', ')}`);
    }
    console.log(`full reports: ${path.relative(process.cwd(), REPORT_DIR)}/<page>.json`);
  }
  const file = saveResults('web', { machine: m, ...result, lighthouseRuns: runs, lighthouse });
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const missed = result.rows.filter((r) => r.verdict !== 'met');
  if (flags.check === true && missed.length > 0) {
    console.error(
      `\nover the JavaScript budget: ${missed.map((r) => `${r.route} (${r.verdict})`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
