/**
 * The server process never loads the demo art (@redline/demo-art's drawing code): not when its
 * database already holds data, and not on a first start, whose seeding runs in a child process.
 * Every module each process resolves is recorded by a loader hook, per process id.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { categories } from '../src/db/schema.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const recorder = path.resolve(import.meta.dirname, 'fixtures/record-modules.mjs');
const ART = /\/demo-art\/src\/art\.ts$/;

let dataDir = '';
let server: ChildProcess | undefined;
afterEach(async () => {
  server?.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts `src/main.ts` with demo data on; resolves with its port and the modules each process resolved. */
async function start() {
  const record = path.join(dataDir, 'modules.txt');
  server = spawn(process.execPath, ['--import', recorder, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      RECORD_MODULES: record,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = server;
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/running at http:\/\/localhost:(\d+)/);
      if (match) resolve(match[1]!);
    };
    running.stdout?.on('data', onData);
    running.stderr?.on('data', onData);
    running.once('exit', () => reject(new Error(`the server stopped:\n${output}`)));
  });
  const byProcess = new Map<string, string[]>();
  for (const line of (await readFile(record, 'utf8')).trim().split('\n')) {
    const [pid = '', url = ''] = line.split(' ');
    byProcess.set(pid, [...(byProcess.get(pid) ?? []), url]);
  }
  const own = byProcess.get(String(running.pid)) ?? [];
  byProcess.delete(String(running.pid));
  return { port, own, others: [...byProcess.values()].flat() };
}

// The server it starts runs on PGlite whatever the suite's engine: the PostgreSQL run (npm run test:postgres) skips it.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'starts on a database that holds data without loading the demo art',
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'redline-no-art-'));
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await database.db
      .insert(categories)
      .values({ id: 'own', name: 'Own', icon: '/own.webp', image: '/own.webp', position: 1 });
    await database.close();

    const { port, own, others } = await start();
    expect((await fetch(`http://127.0.0.1:${port}/api/categories`)).status).toBe(200);
    expect(own.some((url) => url.endsWith('/src/main.ts'))).toBe(true);
    expect(own.filter((url) => ART.test(url))).toEqual([]);
    expect(others).toEqual([]);
  },
  120_000,
);

it.skipIf(process.env.TEST_DATABASE_URL)(
  'seeds a first start in a child process: the demo data is served, the server never loaded the art',
  async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'redline-first-start-'));

    const { port, own, others } = await start();
    const served = await (await fetch(`http://127.0.0.1:${port}/api/categories`)).json();
    expect(served).toHaveLength(7);
    expect(own.filter((url) => ART.test(url))).toEqual([]);
    expect(others.some((url) => ART.test(url))).toBe(true);
  },
  300_000,
);
