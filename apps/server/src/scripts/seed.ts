/** `npm run seed [-- --force]`: adds the demo data; refuses a database with real accounts unless forced. */
import pino from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { SeedRefusedError, seed } from '../seed/seed.ts';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.dataDir}/db` });
  const { app, context } = await buildApp(config, database);
  try {
    await seed(context, pino({ level: 'info' }), { force: process.argv.includes('--force') });
    console.log('Demo data is in place.');
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SeedRefusedError ? error.message : error);
  process.exit(1);
});
