/** Opening PostgreSQL at start-up, when the process is busy or the database is not ready yet. */
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createTestDatabase } from './helpers.ts';

it.runIf(process.env.TEST_DATABASE_URL)(
  'opens while start-up keeps the event loop busy longer than the connect timeout',
  async () => {
    const testDb = await createTestDatabase();
    try {
      const opening = openDatabase({ databaseUrl: testDb.config.DATABASE_URL });
      // The connection is under way; then 1.5 s of work that never yields, as the app's modules loading.
      await new Promise((resolve) => setImmediate(resolve));
      const until = Date.now() + 1500;
      while (Date.now() < until);
      const database = await opening;
      await database.ping();
      await database.close();
    } finally {
      await testDb.close();
    }
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  'fails naming the cause when the database refuses the credentials',
  async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.password = 'not-the-password';
    await expect(openDatabase({ databaseUrl: url.toString() })).rejects.toThrow(/password/);
  },
);
