/**
 * Start-up of the compiled server (`npm run start:prod`, ADR 31) against the TypeScript sources
 * (`npm start`'s command), on a database that exists already. The server is compiled first; a first
 * start seeds the demo data and one start of each warms Node's compile cache (neither measured);
 * then --runs restarts of each, alternating which form goes first. Per start: the time from spawn to
 * the first 200 of /api/health/ready, the CPU time the server had used by then (less swayed than
 * the wall clock by other work on the machine), the resident memory then and after --idle seconds.
 * Production settings; the web app is not served (the harness's WEB_DIST), which both forms would do
 * alike.
 *
 *   npm run bench:startup [-- --engine pglite|postgres|both] [--runs 7] [--idle 10]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  countFlag,
  machine,
  parseFlags,
  printMachine,
  REPO_ROOT,
  saveResults,
  stringFlag,
} from './lib/cli.ts';
import { ensurePgDatabase, PG_BASE_URL } from './lib/database.ts';
import { median, type ServerScript, sleep, startServer } from './reliability/harness.ts';

const flags = parseFlags();
const RUNS = countFlag(flags, 'runs', 7);
const IDLE_S = countFlag(flags, 'idle', 10);
const ENGINE = stringFlag(flags, 'engine') ?? 'both';
if (!['pglite', 'postgres', 'both'].includes(ENGINE)) throw new Error('--engine pglite, postgres or both');

const FORMS: { script: ServerScript; label: string }[] = [
  { script: 'start', label: 'TypeScript sources (npm start)' },
  { script: 'start:prod', label: 'compiled (npm run start:prod)' },
];

interface Start {
  readyS: number;
  cpuS: number;
  readyMb: number;
  idleMb: number;
}

/** Each figure: its key, its name, its decimals. */
const MEASURES: [keyof Start, string, number][] = [
  ['readyS', 'ready, s (spawn to the first 200 of /api/health/ready)', 2],
  ['cpuS', 'CPU time to ready, s (user + system)', 2],
  ['readyMb', 'RSS when ready, MB', 0],
  ['idleMb', `RSS after ${IDLE_S} s idle, MB`, 0],
];

/** The CPU time (user + system) a process has used, in seconds. */
function cpuSeconds(pid: number): number {
  // After the command's name, utime and stime are the 12th and 13th fields, in ticks of 1/100 s.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startOnce(script: ServerScript, dataDir: string, env: Record<string, string>): Promise<Start> {
  const server = await startServer({ dataDir, logFile: path.join(dataDir, 'server.log'), env, script });
  try {
    const [cpuS, readyMb] = [cpuSeconds(server.pid), server.rssMb()];
    await sleep(IDLE_S * 1000);
    return { readyS: server.startMs / 1000, cpuS, readyMb, idleMb: server.rssMb() };
  } finally {
    await server.stop();
  }
}

async function measureEngine(engine: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-startup-'));
  const env: Record<string, string> = {};
  if (engine === 'postgres') {
    const databaseUrl = new URL(PG_BASE_URL);
    databaseUrl.pathname = '/redline_bench_startup';
    env.DATABASE_URL = databaseUrl.toString();
    await ensurePgDatabase(env.DATABASE_URL);
  }
  try {
    console.log(
      `\n${engine}: first start (seeds the demo data into an empty database), then a warm-up start of each`,
    );
    await startOnce('start', dataDir, { ...env, SEED_DEMO: 'true' });
    for (const { script } of FORMS) await startOnce(script, dataDir, env);
    const starts = new Map<ServerScript, Start[]>(FORMS.map(({ script }) => [script, []]));
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? FORMS : [...FORMS].reverse();
      for (const { script, label } of order) {
        const start = await startOnce(script, dataDir, env);
        starts.get(script)!.push(start);
        console.log(
          `run ${run + 1}, ${label}: ${MEASURES.map(([key, name, digits]) => `${name} ${start[key].toFixed(digits)}`).join('; ')}`,
        );
      }
    }
    console.log(`\n| ${engine}, ${RUNS} restarts each | ${FORMS.map((f) => f.label).join(' | ')} |`);
    console.log(`|---|${FORMS.map(() => '---:').join('|')}|`);
    for (const [key, name, digits] of MEASURES) {
      const cells = FORMS.map(({ script }) => {
        const values = starts.get(script)!.map((s) => s[key]);
        const [mid, min, max] = [median(values), Math.min(...values), Math.max(...values)];
        return `${mid.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
      });
      console.log(`| ${name} | ${cells.join(' | ')} |`);
    }
    return Object.fromEntries(starts);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const at = machine();
  printMachine(at);
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@redline/server'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build --workspace @redline/server failed');
  const engines = ENGINE === 'both' ? (['pglite', 'postgres'] as const) : [ENGINE as 'pglite' | 'postgres'];
  const results: Record<string, unknown> = {};
  for (const engine of engines) results[engine] = await measureEngine(engine);
  console.log(`\nsaved ${saveResults('startup', { machine: at, runs: RUNS, idleS: IDLE_S, results })}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
