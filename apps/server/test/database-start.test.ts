/**
 * Opening PostgreSQL: at start-up, when the process is busy or the database is not ready yet; and
 * a connection that is slow to open, as on a loaded machine.
 */
import { readFile } from 'node:fs/promises';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, openDatabase } from '../src/db/client.ts';
import { createTestDatabase } from './helpers.ts';
import { freshPostgres } from './postgres-databases.ts';

it.runIf(process.env.TEST_DATABASE_URL)(
  'opens while start-up keeps the event loop busy longer than the connect timeout',
  async () => {
    const testDb = await createTestDatabase();
    try {
      const opening = openDatabase({ databaseUrl: testDb.config.DATABASE_URL });
      // The connection is under way; then work that never yields, as the app's modules loading.
      await new Promise((resolve) => setImmediate(resolve));
      const until = Date.now() + CONNECT_TIMEOUT_MS + 500;
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
  'waits for connections that take seconds to open, as on a loaded machine, instead of failing them',
  async () => {
    const testDb = await createTestDatabase();
    const database = new URL(testDb.config.DATABASE_URL!);
    // Between Redline and PostgreSQL: each connection reaches the database 1.5 s after it was made.
    const sockets = new Set<Socket>();
    const slow = createServer((client) => {
      sockets.add(client);
      setTimeout(() => {
        const server = connect(Number(database.port || 5432), database.hostname);
        sockets.add(server);
        client.pipe(server).pipe(client);
        for (const socket of [client, server])
          socket
            .on('error', () => {})
            .on('close', () => {
              client.destroy();
              server.destroy();
            });
      }, 1500);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const through = new URL(database);
    through.host = `127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const opened = await openDatabase({ databaseUrl: through.toString() });
      // Five statements at once: the pool opens a new connection for each of the four it lacks.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => opened.db.execute(sql`select 1 as one`)),
      );
      expect(answers).toHaveLength(5);
      expect(opened.connections?.().total).toBe(5);
      await opened.close();
    } finally {
      for (const socket of sockets) socket.destroy();
      slow.close();
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
