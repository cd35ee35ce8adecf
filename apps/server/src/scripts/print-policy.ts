/** `npm run policy --workspace @redline/server`: prints the access policy table for docs/security.md. */
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { policyMarkdown } from '../http/policy-table.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
const database = await openDatabase({});
const { app } = await buildApp(config, database);
await app.ready();
console.log(policyMarkdown(app.accessPolicy));
await app.close();
await database.close();
