/**
 * Memory and start-up of `npm start` on the embedded database, launched as a user launches it (npm,
 * the web build's check, the server serving the web app: ADR 69): per run, a fresh data directory, a
 * first start (which seeds the demo data), the server's resident memory when it is ready and after
 * --idle seconds; then a restart on the same directory: how long from launching `npm start` until it
 * is ready, and its memory when ready and after --idle seconds. Prints each run and the median with
 * the spread (min–max) over --runs. A first run after the web app's sources changed builds it first.
 *
 * Saves the runs in bench/results/memory.json and prints issue 50's memory and start targets.
 *
 *   npm run bench:memory -- [--quick] [--runs 3] [--idle 30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  countFlag,
  describeLoad,
  loadNow,
  machine,
  parseFlags,
  printMachine,
  printTable,
  saveResults,
} from './lib/cli.ts';
import { median, sleep, startServer } from './reliability/harness.ts';
import { boundTargetRows, MEMORY_TARGETS, type MemoryRun } from './targets.ts';

const flags = parseFlags();
const quick = flags.quick === true;
const RUNS = countFlag(flags, 'runs', quick ? 1 : 3);
const IDLE_S = countFlag(flags, 'idle', quick ? 5 : 30);

type Run = MemoryRun;

const COLUMNS: [keyof Run, string][] = [
  ['firstReadyS', 'first start ready s'],
  ['firstReadyMb', 'RSS ready MB'],
  ['firstIdleMb', 'RSS idle MB'],
  ['restartReadyS', 'restart ready s'],
  ['restartReadyMb', 'RSS ready MB'],
  ['restartIdleMb', 'RSS idle MB'],
];

/** Starts the server on `dataDir` and measures it; the first start of a directory seeds it. */
async function measure(dataDir: string) {
  const server = await startServer({
    dataDir,
    script: 'npm start',
    logFile: path.join(dataDir, 'server.log'),
    // As `npm start` runs it: development settings (pretty logs, API docs), demo data on first start.
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info', SEED_DEMO: 'true' },
  });
  try {
    const readyMb = server.rssMb();
    await sleep(IDLE_S * 1000);
    return { readyS: server.startMs / 1000, readyMb, idleMb: server.rssMb() };
  } finally {
    await server.stop();
  }
}

async function oneRun(): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-memory-'));
  try {
    const first = await measure(dataDir);
    const restart = await measure(dataDir);
    return {
      firstReadyS: first.readyS,
      firstReadyMb: first.readyMb,
      firstIdleMb: first.idleMb,
      restartReadyS: restart.readyS,
      restartReadyMb: restart.readyMb,
      restartIdleMb: restart.idleMb,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const format = (key: keyof Run, value: number) => value.toFixed(key.endsWith('S') ? 2 : 0);

async function main() {
  const startLoad = loadNow();
  printMachine(machine());
  console.log(`memory: ${RUNS} runs, idle ${IDLE_S} s; ${describeLoad(startLoad)}`);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun();
    runs.push(run);
    console.log(
      `run ${i + 1}: ${COLUMNS.map(([key, label]) => `${label} ${format(key, run[key])}`).join(', ')}`,
    );
  }
  console.log(`\n| | ${COLUMNS.map(([, label]) => label).join(' | ')} |`);
  console.log(`|---|${COLUMNS.map(() => '---:').join('|')}|`);
  const cell = (key: keyof Run, of: (values: number[]) => number) => format(key, of(runs.map((r) => r[key])));
  console.log(`| median | ${COLUMNS.map(([key]) => cell(key, median)).join(' | ')} |`);
  console.log(
    `| min–max | ${COLUMNS.map(([key]) => `${cell(key, (v) => Math.min(...v))}–${cell(key, (v) => Math.max(...v))}`).join(' | ')} |`,
  );
  const saved = saveResults('memory', {
    machine: machine(),
    options: { runs: RUNS, idleSeconds: IDLE_S, quick },
    load: { start: startLoad, end: loadNow() },
    runs,
  });
  console.log(`\nsaved ${saved}\n`);
  printTable(boundTargetRows(MEMORY_TARGETS, runs, 'npm run bench:memory'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
