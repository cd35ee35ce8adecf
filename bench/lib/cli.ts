/** Command-line flags (`--cars 1000`, `--quick`), the machine a figure was measured on, and where results go. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_DIR = path.join(REPO_ROOT, 'bench');
/** Generated databases and results; ignored by git. */
export const WORK_DIR = path.join(BENCH_DIR, '.data');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

export type Flags = Record<string, string | boolean>;

export function parseFlags(argv = process.argv.slice(2)): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      flags[name] = next;
      i++;
    } else flags[name] = true;
  }
  return flags;
}

export function stringFlag(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === 'string' ? v : undefined;
}

/** Accepts 100000, 100k, 1m. */
export function countFlag(flags: Flags, name: string, fallback: number): number {
  const v = stringFlag(flags, name);
  if (v === undefined) return fallback;
  return parseCount(v);
}

export function parseCount(v: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(v.trim());
  if (!match) throw new Error(`Not a count: "${v}"`);
  const unit = match[2]!.toLowerCase();
  return Math.round(Number(match[1]) * (unit === 'k' ? 1_000 : unit === 'm' ? 1_000_000 : 1));
}

export const formatCount = (n: number) =>
  n >= 1_000_000 && n % 1_000_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1000 && n % 1000 === 0
      ? `${n / 1000}k`
      : `${n}`;

export interface Machine {
  date: string;
  commit: string;
  dirty: boolean;
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  /** 1, 5 and 15 minute load averages, as `uptime` prints them. */
  load: [number, number, number];
}

export function machine(): Machine {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  return {
    date: new Date().toISOString(),
    commit: git('rev-parse', '--short', 'HEAD') || 'unknown',
    dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    load: loadNow(),
  };
}

export const loadNow = () => os.loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];

/**
 * The load average as `uptime` prints it. A running benchmark itself keeps about two processes busy
 * (the server and the load generator), so only a load above cores + 1 says that other work competes.
 */
export function describeLoad(load: [number, number, number], cores = os.availableParallelism()): string {
  const text = `load average ${load.join(', ')} on ${cores} cores`;
  return load[0] > cores + 1 ? `${text} (LOADED: other work competes for the CPU)` : text;
}

export function printMachine(m: Machine) {
  console.log(
    `machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; commit ${m.commit}${m.dirty ? ' + uncommitted changes' : ''}; ${m.date}`,
  );
  console.log(`         ${describeLoad(m.load, m.cores)}`);
}

/** Writes `results/<name>.json` (the latest run) and a dated copy. */
export function saveResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(data, null, 2)}\n`;
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  writeFileSync(path.join(RESULTS_DIR, `${name}-${stamp}.json`), json);
  const latest = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(latest, json);
  return latest;
}

/** Prints rows as an aligned table. */
export function printTable(rows: Record<string, string | number>[]) {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]!);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i]!)).join('  ');
  console.log(line(keys));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(keys.map((k) => String(r[k] ?? ''))));
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** True when this module is the script being run (not imported by another benchmark). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && moduleUrl === pathToFileURL(path.resolve(script)).href;
}
