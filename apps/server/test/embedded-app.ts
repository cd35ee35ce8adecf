/**
 * The database scripts' tests (db:backup, db:restore, db:copy): an app on an embedded database in a
 * directory, DATA_DIR/db as the server opens it (createTestApp's is in memory), and the scripts run
 * as an operator runs them, in a process of their own.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/client.ts';
import type { TestApp } from './helpers.ts';

/** The sessions' secret on both sides of a copy: one derived by default would differ with DATABASE_URL. */
const AUTH_SECRET = 'database-scripts-test-secret-0123456789';

/** An app on the embedded database in `dataDir`/db, or on the PostgreSQL of `databaseUrl`. */
export async function createAppOn(dataDir: string, databaseUrl?: string): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir: `${config.dataDir}/db` });
  const { app, context } = await buildApp(config, database);
  await app.ready();
  return {
    app,
    context,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `src/scripts/<name>.ts` with DATA_DIR set, as `npm run <name>` would; resolves with how it ended. */
export async function runScript(name: string, args: string[], dataDir: string): Promise<ScriptRun> {
  const script = path.resolve(import.meta.dirname, `../src/scripts/${name}.ts`);
  const { TEST_DATABASE_URL: _omit, DATABASE_URL: _neither, ...env } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      env: { ...env, DATA_DIR: dataDir, INIT_CWD: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
