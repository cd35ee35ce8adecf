/**
 * Routes' rate limits (@fastify/rate-limit with the store in the database, rate-limits.ts): a
 * route's limit counts that route's calls, and a named limit (`groupId`) counts the calls of every
 * route that names it once (issue 44, item 7), so one documented limit cannot be split by routes.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimits, rateLimitStore } from '../src/rate-limits/rate-limits.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

/** An app whose routes `/a` and `/b` take these limits. */
async function appWith(a: object, b: object) {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: rateLimitStore(new RateLimits(db.database.db)) });
  app.post('/a', { config: { rateLimit: a } }, async () => 'a');
  app.post('/b', { config: { rateLimit: b } }, async () => 'b');
  await app.ready();
  return app;
}

/** The statuses of these calls, one after the other. */
async function statusesOf(app: Awaited<ReturnType<typeof appWith>>, urls: string[]) {
  const statuses = [];
  for (const url of urls) statuses.push((await app.inject({ method: 'POST', url })).statusCode);
  return statuses;
}

describe('route rate limits', () => {
  it('count each route apart, unless the routes name one limit, which counts them together', async () => {
    const own = { max: 2, timeWindow: '1 minute' };
    const apart = await appWith(own, own);
    expect(await statusesOf(apart, ['/a', '/a', '/b', '/b', '/a'])).toEqual([200, 200, 200, 200, 429]);
    await apart.close();

    const named = { groupId: 'shared-in-test', max: 2, timeWindow: '1 minute' };
    const together = await appWith(named, named);
    expect(await statusesOf(together, ['/a', '/b', '/a', '/b'])).toEqual([200, 200, 429, 429]);
    await together.close();
  });

  it('refuse to start when routes name one limit with different bounds', async () => {
    await expect(
      appWith(
        { groupId: 'mismatched', max: 2, timeWindow: '1 minute' },
        { groupId: 'mismatched', max: 3, timeWindow: '1 minute' },
      ),
    ).rejects.toThrow(/declares the limit "mismatched"/);
  });
});
