/**
 * PostgreSQL databases of the tests' own on the server of TEST_DATABASE_URL: one per test file, so
 * that files run in parallel, and the migrated template global-setup.ts makes for them once a run.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

declare module 'vitest' {
  interface ProvidedContext {
    /** The migrated empty database the files' databases are copied from (PostgreSQL runs only). */
    migratedPostgres?: string;
  }
}

export interface PostgresDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new database: empty, or a copy of `template` (a database no one is connected to). */
export async function freshPostgres(baseUrl: string, template?: string): Promise<PostgresDatabase> {
  const name = `redline_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      // Not `with (force)`: that fails for a role without pg_signal_backend when an autovacuum
      // worker is on the database (no role of ours). Our own leftover connections are ended here;
      // a plain drop then signals autovacuum itself and waits for the ended ones to go.
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = current_user and pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`drop database if exists ${name}`);
      await client.end();
    },
  };
}
