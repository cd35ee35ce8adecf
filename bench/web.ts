/**
 * Web budgets: `npm run bench:web [-- --no-build]`.
 *
 * Builds the web app with Vite's manifest into bench/.data/web-dist (never touching apps/web/dist,
 * which other runs may be serving), then adds up the gzip size of the JavaScript each route loads:
 * the entry chunk with its static imports (every route), plus the route's own lazy chunk with its
 * static imports. Budgets: `/` at most 100 KB gzip, every other route adds at most 60 KB, and
 * Stripe's code only on the pay page. Lighthouse is not installed here: those scores are reported
 * as not measured.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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

const OUT_DIR = path.join(WORK_DIR, 'web-dist');
const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const KB = 1024;
export const BUDGET = { homeKB: 100, routeAddsKB: 60 };

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
  console.log(`building the web app into ${path.relative(process.cwd(), OUT_DIR)} (vite build --manifest)…`);
  const result = spawnSync(
    'npm',
    ['run', 'build', '--workspace', '@redline/web', '--', '--outDir', OUT_DIR, '--emptyOutDir', '--manifest'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`the web build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** URL pattern of each lazy page module, read from the router and the paths file. */
function routeUrls(): Map<string, string> {
  const patterns = new Map<string, string>();
  const pathsFile = readFileSync(path.join(WEB_DIR, 'src/config/paths.ts'), 'utf8');
  for (const m of pathsFile.matchAll(/^\s+(\w+): '([^']*)',$/gm)) patterns.set(m[1]!, m[2]!);
  const router = readFileSync(path.join(WEB_DIR, 'src/app/router.tsx'), 'utf8');
  const urls = new Map<string, string>();
  for (const m of router.matchAll(
    /(index: true|path: r\.(\w+)),\s*lazy: page\(\(\) => import\('\.\/routes\/([^']+)'\)\)/g,
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

export async function benchWeb(options: { build: boolean }) {
  if (options.build) build();
  const manifestFile = path.join(OUT_DIR, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run without --no-build`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const sizes = new Map<string, { raw: number; gzip: number; stripe: boolean }>();
  const sizeOf = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const data = readFileSync(path.join(OUT_DIR, file));
      s = {
        raw: data.length,
        gzip: gzipSync(data, { level: 9 }).length,
        stripe: data.includes('js.stripe.com'),
      };
      sizes.set(file, s);
    }
    return s;
  };
  const jsOf = (keys: Iterable<string>) =>
    [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((k) => manifest[k]!.css ?? []);
  const sum = (files: string[]) => [...new Set(files)].reduce((total, f) => total + sizeOf(f).gzip, 0);

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const entry = staticClosure(manifest, entryKey);
  // Classic scripts index.html loads from public/ (the theme script) count for every route.
  const html = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
  const classicScripts = [...html.matchAll(/<script src="\/([^"]+)"><\/script>/g)].map((m) => m[1]!);
  const shellFiles = [...jsOf(entry), ...classicScripts];
  const shellGzip = sum(shellFiles);

  const urls = routeUrls();
  const pages = new Set(
    Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry && k.startsWith('src/app/routes/')),
  );
  const rows = [...pages].sort().map((page) => {
    const closure = staticClosure(manifest, page);
    const own = [...closure].filter((k) => !entry.has(k));
    const addsGzip = sum(jsOf(own));
    const totalGzip = sum([...shellFiles, ...jsOf(closure)]);
    const reach = fullReach(manifest, page, pages);
    const url = urls.get(page) ?? page;
    const isHome = url === '/';
    const isPay = page.includes('pay-booking');
    const stripeNow = jsOf(closure).some((f) => sizeOf(f).stripe);
    const stripeLater = jsOf(reach).some((f) => sizeOf(f).stripe);
    const withinBudget = isHome ? totalGzip <= BUDGET.homeKB * KB : addsGzip <= BUDGET.routeAddsKB * KB;
    const stripeOk = isPay || (!stripeNow && !stripeLater);
    return {
      route: url,
      module: page.replace('src/app/routes/', ''),
      totalKB: round(totalGzip / KB, 1),
      addsKB: round(addsGzip / KB, 1),
      cssKB: round(sum([...cssOf(entry), ...cssOf(closure)]) / KB, 1),
      stripe: stripeNow ? 'on load' : stripeLater ? 'lazy (on demand)' : 'no',
      budget: isHome ? `total ≤ ${BUDGET.homeKB} KB` : `adds ≤ ${BUDGET.routeAddsKB} KB`,
      verdict: `${withinBudget ? 'met' : 'MISSED'}${stripeOk ? '' : '; STRIPE OUTSIDE PAY PAGE'}`,
    };
  });
  const stripeFiles = [...sizes.entries()].filter(([, s]) => s.stripe).map(([f]) => f);
  return {
    shellKB: round(shellGzip / KB, 1),
    shellFiles: [...new Set(shellFiles)]
      .map((file) => ({ file, gzipKB: round(sizeOf(file).gzip / KB, 1) }))
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
    lighthouse: 'not measured: Lighthouse is not installed on this machine (see docs/performance.md)',
  };
}

async function main() {
  const flags = parseFlags();
  const m = machine();
  printMachine(m);
  const result = await benchWeb({ build: flags['no-build'] !== true });
  console.log(
    `\nshell (entry chunk, its static imports, index.html scripts): ${result.shellKB} KB gzip; all JS of the build: ${result.allJsKB} KB gzip`,
  );
  console.log('what every route loads first:');
  printTable(result.shellFiles.map((f) => ({ file: f.file, 'KB gzip': f.gzipKB })));
  console.log('');
  printTable(
    result.rows.map((r) => ({
      route: r.route,
      module: r.module,
      'JS on load KB gz': r.totalKB,
      'adds to shell KB gz': r.addsKB,
      'CSS KB gz': r.cssKB,
      Stripe: r.stripe,
      budget: r.budget,
      verdict: r.verdict,
    })),
  );
  console.log(`\nStripe code found in: ${result.stripeFiles.join(', ') || 'no chunk'}`);
  console.log(`Lighthouse: ${result.lighthouse}`);
  const file = saveResults('web', { machine: m, ...result });
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
