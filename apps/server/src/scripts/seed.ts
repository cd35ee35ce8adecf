/**
 * `npm run seed [-- --force]`: adds the demo data; refuses a database with real accounts unless forced.
 * `--first-start` (run so by the server, seed/first-start.ts): seeds an empty database only, and logs
 * as the server does.
 */
import pino from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { SeedRefusedError, seed, seedIfEmpty } from '../seed/seed.ts';

async function main() {
  const firstStart = process.argv.includes('--first-start');
  const config = loadConfig(
    firstStart ? process.env : { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  );
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.dataDir}/db` });
  const { app, context } = await buildApp(config, database);
  try {
    if (firstStart) {
      await seedIfEmpty(context, app.log);
    } else {
      await seed(context, pino({ level: 'info' }), { force: process.argv.includes('--force') });
      console.log('Demo data is in place.');
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SeedRefusedError ? error.message : error);
  process.exit(1);
});
