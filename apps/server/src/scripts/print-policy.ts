/** `npm run policy --workspace @redline/server`: prints the access policy table for docs/security.md. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { policyMarkdown } from '../http/policy-table.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
// The crawlers' files (robots.txt, the sitemap) are routes of the built web app: without it the table
// would lack their rows, and the documentation test (which runs with the build) would fail.
if (!existsSync(path.join(config.WEB_DIST, 'index.html'))) {
  console.error(`No web build in ${config.WEB_DIST}: run \`npm run build --workspace @redline/web\` first.`);
  process.exit(1);
}
const database = await openDatabase({});
const { app } = await buildApp(config, database);
await app.ready();
console.log(policyMarkdown(app.accessPolicy));
await app.close();
await database.close();
