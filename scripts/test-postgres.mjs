#!/usr/bin/env node
/**
 * `npm run test:postgres`: the server's API suite (Vitest project "server") against a real
 * PostgreSQL. DATABASE_URL names a database on that server whose role may create databases:
 * the harness (apps/server/test/helpers.ts) creates and drops one database per test file.
 * Extra arguments go to Vitest, e.g. `npm run test:postgres -- test/auth.test.ts`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { databaseUrlOrExit } from './database-url.mjs';

const databaseUrl = databaseUrlOrExit('test:postgres');

const root = path.resolve(import.meta.dirname, '..');
const safeUrl = databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
console.log(`API suite on PostgreSQL: ${safeUrl}`);

// Only TEST_DATABASE_URL reaches the tests: nothing may open the base database by accident.
const { DATABASE_URL: _omit, ...env } = process.env;
// --maxWorkers=100%: a worker per core (Vitest's default leaves one core idle); as `npm run test:unit`.
const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--project', 'server', '--maxWorkers=100%', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...env, TEST_DATABASE_URL: databaseUrl } },
);
if (result.error) {
  console.error(`could not run vitest: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
