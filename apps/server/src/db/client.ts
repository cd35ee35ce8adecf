/**
 * Opens the database: embedded PGlite in DATA_DIR/db by default, a real PostgreSQL when
 * DATABASE_URL is set. Both speak the same schema and run the same committed migrations.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR as migrationsFolder } from '../config/paths.ts';
import { isDatabaseUnavailable } from '../errors.ts';
import { EventBus, PostgresListener } from '../events/index.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { PreparedStatements } from './prepared-statements.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database handle's prepared statements (`Database['statements']`), as the modules take them. */
export type Statements = PreparedStatements<Db>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The domain events of this handle's transactions (and, on PostgreSQL, of every instance's). */
  events: EventBus<Db | Tx>;
  /** The statements prepared on this handle, by name (the reads behind every car page). */
  statements: Statements;
  /** The embedded database's one connection (PGlite only), which the job queue shares. */
  pglite?: PGlite;
  /** The pool's connections (PostgreSQL only): open, idle, and queries waiting for one (the metrics). */
  connections?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * PGlite's own buffer pool lives in its WebAssembly memory, which is resident once touched and never
 * shrinks; PostgreSQL's default (128 MB) made it most of the server's memory. Pages it does not hold
 * are read through the operating system's file cache (docs/performance.md, "Memory and start-up").
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * From which word similarity (pg_trgm) a searched word matches a car's name: "porshe" is 0.57 of
 * "porsche", "lamborgini" 0.64 of "lamborghini"; pg_trgm's default, 0.6, misses the first. Set for
 * every connection, because the indexed operator (`<%`) reads it from the session.
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;
/**
 * Each connection's settings: the threshold above, and no JIT compilation, which PostgreSQL starts
 * for a statement it expects to be costly (the facets of a search over a million cars) and which
 * took 38 ms of such a statement's time, more than it saved.
 */
const SESSION_SETTINGS = [
  '-c',
  `pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  '-c',
  'jit=off',
];

/**
 * How long a query waits for a connection of the pool, its opening included, before the database
 * counts as unavailable (503). A connection costs PostgreSQL a process and the password's SCRAM
 * exchange, about 25 ms of CPU here: a burst on an idle pool opens up to 20 at once, 0.5 s on a quiet
 * 2-core machine and past 1 s on a loaded one, where a 1 s limit answered part of a burst 503 while
 * the database was fine (docs/reliability.md). An unreachable host that does not refuse (a network
 * partition) is answered 503 after this long.
 */
export const CONNECT_TIMEOUT_MS = 5000;

/** How long `openDatabase` keeps trying to reach PostgreSQL before the start fails. */
const FIRST_CONTACT_ATTEMPTS = 10;
const FIRST_CONTACT_PAUSE_MS = 500;

/**
 * The first round trip, tried again while the database is unavailable: the pool gives up a
 * connection after CONNECT_TIMEOUT_MS, and a start-up can keep the event loop busy longer than
 * that (the app's modules load while the database opens), or start beside a database that is not
 * accepting connections yet. Anything else (a wrong password, a missing database) fails at once.
 */
async function firstContact(pool: pg.Pool): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      if (attempt >= FIRST_CONTACT_ATTEMPTS || !isDatabaseUnavailable(error)) throw error;
      await setTimeout(FIRST_CONTACT_PAUSE_MS);
    }
  }
}

/** The advisory lock that instances starting together take in turn to migrate: a number of Redline's own. */
const MIGRATION_LOCK = 0x5265646c; // "Redl"

/**
 * The committed migrations, on a connection of their own without the pool's read timeout: on a large
 * database one may rewrite a table for longer than a request may take (migration 0005 adds stored
 * columns to the cars: 66 s at 1,000,000 cars, docs/operations.md). Under an advisory lock, so that of
 * instances starting together one applies them and the others, once it is done, find nothing to do.
 */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, options: SESSION_SETTINGS.join(' ') });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also after a failed migration.
    await client.end();
  }
}

/**
 * How many of the committed migrations the database lacks (the readiness check): drizzle records
 * each applied one with its journal time, on either engine.
 */
export async function unappliedMigrations(db: Db): Promise<number> {
  journalTimes ??= readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8').then((text) =>
    (JSON.parse(text) as { entries: { when: number }[] }).entries.map((entry) => entry.when),
  );
  const [times, [applied]] = await Promise.all([
    journalTimes,
    db.select({ last: sql<string | null>`max(created_at)` }).from(sql`drizzle.__drizzle_migrations`),
  ]);
  const last = Number(applied?.last ?? 0);
  return times.filter((when) => when > last).length;
}
let journalTimes: Promise<number[]> | undefined;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite directory; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * PGlite: the database to start from, a copy PGlite made (`dumpDataDir`), instead of an empty
   * one. The tests start each file's database from one migrated copy (test/helpers.ts).
   */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      options: SESSION_SETTINGS.join(' '),
      max: 20,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: 10_000,
    });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    await firstContact(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migratePostgres(options.databaseUrl);
    const events = new EventBus<Db | Tx>({ notify: true });
    events.follow(db);
    const listener = new PostgresListener(options.databaseUrl, events);
    await listener.start();
    return {
      db,
      engine: 'postgres',
      events,
      statements: new PreparedStatements(db),
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // One options object: `new PGlite(undefined, options)` (in memory) would ignore the options.
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
      ...SESSION_SETTINGS,
    ],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  // One process owns a PGlite database: its events never leave it.
  const events = new EventBus<Db | Tx>({ notify: false });
  events.follow(db);
  return {
    db,
    engine: 'pglite',
    events,
    statements: new PreparedStatements(db),
    pglite: client,
    close: () => client.close(),
  };
}
