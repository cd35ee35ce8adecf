/**
 * `npm run db:copy -- --to postgres://…`: copies the embedded database (DATA_DIR/db, as the server
 * opens it) into an empty PostgreSQL, brought to the same schema by the same migrations, verifies
 * each table and prints what it copied (ADR 32). Stop the server first. The photo files stay where
 * they are (docs/operations.md, "Moving off the embedded database").
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import {
  CopyError,
  CopyMismatchError,
  copyToPostgres,
  type TableCheck,
  tablesToCopy,
  tablesWithRows,
  unfinishedJobs,
} from '../db/copy-to-postgres.ts';
import { assertEmbeddedDatabase } from '../db/embedded.ts';
import { exitOnError } from './exit-on-error.ts';

const USAGE = 'Usage: npm run db:copy -- --to postgres://USER:PASSWORD@HOST:5432/DATABASE';

/** The URL without its password, to be printed. */
const withoutPassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

function targetUrl(): string {
  try {
    const { values } = parseArgs({ options: { to: { type: 'string' } } });
    if (values.to && /^postgres(ql)?:\/\//.test(values.to)) return values.to;
  } catch (error) {
    console.error((error as Error).message);
  }
  console.error(USAGE);
  process.exit(2);
}

function printChecks(checks: TableCheck[]): void {
  const width = Math.max(...checks.map((c) => c.table.length), 'table'.length);
  const line = (table: string, rows: string, copied: string, verdict: string) =>
    console.log(`${table.padEnd(width)}  ${rows.padStart(10)}  ${copied.padStart(10)}  ${verdict}`);
  line('table', 'embedded', 'postgresql', 'rows and checksum');
  for (const c of checks) {
    line(c.table, String(c.sourceRows), String(c.targetRows), c.matches ? 'same' : 'DIFFERENT');
  }
}

/** The target brought to the schema of this version, by the server's own start-up path. */
async function migrate(url: string): Promise<void> {
  try {
    await (await openDatabase({ databaseUrl: url })).close();
  } catch (error) {
    throw new CopyError(
      `Could not migrate ${withoutPassword(url)}: ${(error as Error).message}. No row was copied.`,
    );
  }
}

async function main() {
  const url = targetUrl();
  const config = loadConfig();
  const dir = `${config.dataDir}/db`;
  assertEmbeddedDatabase(dir);
  const target = new pg.Client({ connectionString: url });
  try {
    await target.connect();
  } catch (error) {
    throw new CopyError(`Could not connect to ${withoutPassword(url)}: ${(error as Error).message}`);
  }
  // Migrated first, as the server would on its next start, so that both sides have one schema.
  const source = await openDatabase({ dataDir: dir });
  try {
    const full = await tablesWithRows(target, await tablesToCopy(source.pglite!));
    if (full.length > 0) {
      throw new CopyError(
        `${withoutPassword(url)} is not empty (rows in ${full.join(', ')}): the copy goes into an empty database only. Nothing was written.`,
      );
    }
    console.log(`Migrating ${withoutPassword(url)}…`);
    await migrate(url);
    console.log(`Copying ${dir}…`);
    const checks = await copyToPostgres(source.pglite!, target, (table, rows) =>
      console.log(`  ${table}: ${rows} rows`),
    );
    printChecks(checks);
    console.log(`\nEvery table is the same in ${withoutPassword(url)}: the copy is committed.`);
    const jobs = await unfinishedJobs(source.pglite!);
    if (jobs.length > 0) {
      console.log(
        `Not copied: jobs still to run in the embedded queue (${jobs.map((j) => `${j.name} ${j.jobs}`).join(', ')}); see docs/operations.md.`,
      );
    }
    console.log(
      `Photo files are not copied: they stay in ${config.dataDir}/uploads (or your bucket); see docs/operations.md.`,
    );
  } catch (error) {
    if (error instanceof CopyMismatchError) printChecks(error.checks);
    throw error;
  } finally {
    await source.close();
    await target.end();
  }
}

main().catch(exitOnError);
