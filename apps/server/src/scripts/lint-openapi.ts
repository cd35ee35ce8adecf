/**
 * `npm run lint:openapi --workspace @redline/server [-- FILE]`: builds the OpenAPI document the app
 * serves at /api/docs/json (on an empty in-memory database), lints it with Redocly's recommended
 * rules (built in: nothing is fetched) and fails on any error. With FILE, also writes it there.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, formatProblems, getTotals, lintFromString } from '@redocly/openapi-core';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'redline-openapi-'));
const database = await openDatabase({});
const { app } = await buildApp(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  database,
);
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

// npm runs this from apps/server; FILE is relative to where npm was started.
const file = process.argv[2] && path.resolve(process.env.INIT_CWD ?? '.', process.argv[2]);
if (file) await writeFile(file, document);
const config = await createConfig({
  extends: ['recommended'],
  rules: {
    // Public reads that take no input (health, config, categories, who am I) have no 4xx to answer.
    'operation-4xx-response': 'off',
    // An internal API without a public licence.
    'info-license': 'off',
    // The spec's paths `/api/testdrivebooking/buyer/{email}` and `/api/testdrivebooking/{id}/accept`
    // (decline, propose, accept-proposal) differ in their fixed segment: `{id}` is a UUID, never
    // `buyer` or `seller`, and the router tries a fixed segment first.
    'no-ambiguous-paths': 'off',
  },
});
const problems = await lintFromString({ source: document, absoluteRef: file ?? 'openapi.json', config });
const totals = getTotals(problems);
formatProblems(problems, { format: 'codeframe', totals, version: 'redline' });
console.log(`OpenAPI document: ${totals.errors} error(s), ${totals.warnings} warning(s).`);
if (totals.errors > 0) process.exitCode = 1;
