/**
 * Where a benchmark's data lives: a PGlite directory (the server's DATA_DIR) or a PostgreSQL
 * database of its own on the local cluster. Opened through the server's own openDatabase, so the
 * committed migrations run exactly as at server start-up.
 */
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { formatCount, WORK_DIR } from './cli.ts';

export type Engine = 'pglite' | 'postgres';

export type Target = { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; databaseUrl: string };

/** The cluster bench databases are created on; BENCH_PG_URL overrides it. */
export const PG_BASE_URL = process.env.BENCH_PG_URL ?? 'postgres://redline:redline@127.0.0.1:5432/redline';

/** The bench's own place for a dataset of this size: bench/.data/pglite-100k or database redline_bench_100k. */
export function benchTarget(engine: Engine, cars: number): Target {
  const size = formatCount(cars).toLowerCase();
  if (engine === 'pglite') return { engine, dataDir: path.join(WORK_DIR, `pglite-${size}`) };
  const url = new URL(PG_BASE_URL);
  url.pathname = `/redline_bench_${size}`;
  return { engine, databaseUrl: url.toString() };
}

export const describeTarget = (t: Target) =>
  t.engine === 'pglite'
    ? `PGlite in ${path.relative(process.cwd(), t.dataDir) || '.'}`
    : redact(t.databaseUrl);

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * Waits until the cluster accepts connections (other work on this machine may stop it for a while,
 * e.g. the database-fault drills of bench/db-faults.ts).
 */
export async function waitForPostgres(databaseUrl = PG_BASE_URL, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let noted = false;
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      // A missing role or database does not come back by waiting.
      if (['28P01', '28000', '3D000'].includes((error as { code?: string }).code ?? '')) {
        throw new Error(
          `${(error as Error).message} (${redact(databaseUrl)}). The benchmarks need a PostgreSQL role that may create databases: as root, ` +
            `runuser -u postgres -- psql -c "CREATE ROLE redline LOGIN CREATEDB PASSWORD 'redline'" -c "CREATE DATABASE redline OWNER redline"; ` +
            'or point BENCH_PG_URL at one.',
        );
      }
      if (Date.now() > deadline) throw error;
      if (!noted) console.log('PostgreSQL is not accepting connections; waiting for it…');
      noted = true;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

/** Creates the PostgreSQL database of a target when it does not exist yet. */
export async function ensurePgDatabase(databaseUrl: string) {
  await waitForPostgres();
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing an unusual database name "${name}"`);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = new URL(PG_BASE_URL).pathname;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** The driver under Drizzle: a pg Pool or a PGlite instance; both answer `query(text, params)`. */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface OpenTarget {
  database: Database;
  client: RawClient;
}

export async function openTarget(target: Target): Promise<OpenTarget> {
  if (target.engine === 'postgres') await ensurePgDatabase(target.databaseUrl);
  const database = await openDatabase(
    target.engine === 'postgres'
      ? { databaseUrl: target.databaseUrl }
      : { dataDir: path.join(target.dataDir, 'db') },
  );
  const client = (database.db as unknown as { $client: RawClient }).$client;
  return { database, client };
}

/** Server environment variables that point the server at this target. */
export function targetEnv(target: Target): Record<string, string> {
  return target.engine === 'postgres'
    ? { DATABASE_URL: target.databaseUrl, DATA_DIR: path.join(WORK_DIR, 'pg-server-data') }
    : { DATA_DIR: target.dataDir };
}
