#!/usr/bin/env node
/**
 * `npm run test:cluster`: two compiled Redline instances behind Debian's nginx, on PostgreSQL and
 * an S3-compatible server (e2e/cluster/). DATABASE_URL names a database whose role may create
 * databases: the run creates one of its own and drops it at the end, however the run ends. The
 * build (`npm run build`) is made first when it is missing or older than the sources.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseUrlOrExit } from './database-url.mjs';

const databaseUrl = databaseUrlOrExit('test:cluster', "Debian's nginx (apt-get install -y nginx).");

const root = path.resolve(import.meta.dirname, '..');
const BUILT = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].map((file) => path.join(root, file));
const SOURCES = [
  'apps/server/src',
  'apps/server/build.ts',
  'apps/web/src',
  'packages/shared/src',
  'packages/demo-art/src',
];

function newestChange(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const sourcesChanged = Math.max(...SOURCES.map((entry) => newestChange(path.join(root, entry))));
if (BUILT.some((file) => !existsSync(file) || statSync(file).mtimeMs < sourcesChanged)) {
  console.log(
    '[cluster] building the web app and the server (npm run build): the build is missing or older than the sources',
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Runs SQL on the base database (the one DATABASE_URL names). */
async function onBase(sql) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const name = `redline_cluster_${process.pid}_${Date.now()}`;
const url = new URL(databaseUrl);
url.pathname = `/${name}`;
await onBase(`create database ${name}`);

// Ctrl-C reaches Vitest too, which stops the cluster; this process waits for it, then drops the database.
const ignore = () => {};
process.on('SIGINT', ignore);
process.on('SIGTERM', ignore);
const { DATABASE_URL: _omit, ...env } = process.env;
const vitest = spawn(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', '--config', 'e2e/cluster/vitest.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...env, CLUSTER_DATABASE_URL: url.toString() } },
);
const status = await new Promise((resolve) => {
  vitest.once('error', (error) => {
    console.error(`could not run vitest: ${error.message}`);
    resolve(1);
  });
  vitest.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

// Connections a killed process left are ended first: a database in use cannot be dropped.
await onBase(
  `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and usename = current_user and pid <> pg_backend_pid()`,
);
await onBase(`drop database if exists ${name}`);
process.exit(status);
