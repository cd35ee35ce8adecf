/**
 * Demo data on first start, seeded by a short-lived child process (`scripts/seed.ts --first-start`)
 * before the server opens its database: drawing the art, sharp's buffers and the creation of the
 * embedded database (initdb) take hundreds of MB that a process does not hand back to the system,
 * so the server that stays up never does any of it (ADR 0012).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import { serverProgram } from '../config/paths.ts';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client.ts';
import { categories, users } from '../db/schema.ts';
import { placeDemoData } from './demo-places.ts';

const SEED_SCRIPT = serverProgram('scripts/seed');

/** A database to seed has no users and no categories at all. */
export async function isEmpty({ db }: Database): Promise<boolean> {
  const [userCount] = await db.select({ n: count() }).from(users);
  const [categoryCount] = await db.select({ n: count() }).from(categories);
  return (userCount?.n ?? 0) === 0 && (categoryCount?.n ?? 0) === 0;
}

/** Opens the database, seeded first (in a child process) when demo data is on and it is empty. */
export async function openWithDemoData(config: Config, options: DatabaseOptions): Promise<Database> {
  if (!config.SEED_DEMO) return openDatabase(options);
  // A new embedded database is created, migrated and seeded by the child alone.
  const newEmbedded = !options.databaseUrl && !existsSync(path.join(options.dataDir ?? '', 'PG_VERSION'));
  if (newEmbedded) await seedInChildProcess();
  const database = await openDatabase(options);
  if (newEmbedded) return database;
  if (!(await isEmpty(database))) {
    // A demo database seeded before cars had places gets them (nothing to do after that first time).
    await placeDemoData(database.db);
    return database;
  }
  // An existing empty database: the embedded one admits one process at a time.
  await database.close();
  await seedInChildProcess();
  return openDatabase(options);
}

/** Runs the seed script with this process's Node options (tsx) and environment; resolves when it is done. */
function seedInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(SEED_SCRIPT, ['--first-start'], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`seeding the demo data failed (${signal ?? `exit ${code}`})`)),
    );
  });
}
