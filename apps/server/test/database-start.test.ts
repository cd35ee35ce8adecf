/** Opening PostgreSQL at start-up, when the process is busy or the database is not ready yet. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createTestDatabase } from './helpers.ts';
import { freshPostgres } from './postgres-databases.ts';

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
      await database.db.execute(sql`select 1`);
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

it.runIf(process.env.TEST_DATABASE_URL)(
  'applies the migrations once when instances start together on an empty database',
  async () => {
    const empty = await freshPostgres(process.env.TEST_DATABASE_URL!);
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: empty.url })));
    try {
      const journal = JSON.parse(
        await readFile(path.join(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const [applied] = await databases[0]!.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`drizzle.__drizzle_migrations`);
      expect(applied).toEqual({ n: journal.entries.length });
      for (const database of databases) await database.db.execute(sql`select 1`);
    } finally {
      for (const database of databases) await database.close();
      await empty.drop();
    }
  },
);
