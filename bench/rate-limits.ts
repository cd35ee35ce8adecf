/**
 * The shared rate limits' cost on PostgreSQL (docs/decisions/0033-rate-limits-in-postgresql.md):
 * hits per second that `RateLimits.take` records with 16 at a time, over many keys (clients of a
 * limited route) and over one key (one client hammering it, past its limit), each a limit of 60 a
 * minute as the uploads' is. Each round on fresh keys; the median and range of the rounds.
 *
 *   npm run bench:rate-limits [-- --rounds 5] [--hits 4000]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { RateLimits } from '../apps/server/src/rate-limits/rate-limits.ts';
import { openTarget, PG_BASE_URL } from './lib/database.ts';
import { machine, median } from './reliability/harness.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, hits: { type: 'string', default: '4000' } },
});
const rounds = Number(values.rounds);
const hits = Number(values.hits);
const CONCURRENCY = 16;
const LIMIT = { max: 60, windowMs: 60_000 };

const url = new URL(PG_BASE_URL);
url.pathname = '/redline_bench_rate_limits';
const { database } = await openTarget({ engine: 'postgres', databaseUrl: url.toString() });
const limits = new RateLimits(database.db);

async function round(keyOf: (i: number) => string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < hits) await limits.take(keyOf(next++), LIMIT);
    }),
  );
  return hits / ((performance.now() - started) / 1000);
}

console.log(`rate limits on PostgreSQL: ${hits} hits a round, ${CONCURRENCY} at a time; ${machine()}`);
for (const [label, keys] of [
  ['many keys (one hit each)', hits],
  ['one key (past its limit)', 1],
] as const) {
  const perSecond: number[] = [];
  for (let r = 0; r < rounds; r++) perSecond.push(await round((i) => `bench:${Date.now()}:${r}:${i % keys}`));
  const sorted = perSecond.map(Math.round).sort((a, b) => a - b);
  console.log(`${label}: median ${Math.round(median(perSecond))} hits/s (${sorted[0]}–${sorted.at(-1)})`);
}
await database.db.execute(sql`delete from rate_limit_hits where key like 'bench:%'`);
await database.close();
