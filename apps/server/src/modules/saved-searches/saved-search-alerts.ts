/**
 * Alerts of saved searches: a car posted is matched against every search saved before it, after
 * the post commits (the job `saved-searches.match`, enqueued by the post's transaction, so a post
 * that rolls back matches nothing). A match is recorded once per search and car; an instant
 * search's is told in the same transaction (the event `saved-search.matched`, which the
 * notifications module turns into the buyer's notification), a daily search's waits for the digest
 * (`saved-searches.digest`, every day at DIGEST_HOUR_UTC), which tells each search's new cars in one.
 */
import type { AppContext } from '../../context.ts';
import { publish } from '../../events/index.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { carsForSaleAmong, carsInBrief } from '../cars/index.ts';
import * as repo from './saved-searches.repository.ts';

const MATCH_JOB = 'saved-searches.match';
/** The searches one statement matches a car against (one column each). */
const SEARCHES_AT_ONCE = 200;
/** The cars a digest's event names: the notification names the first few and counts the rest. */
const CARS_NAMED = 3;
/** The hour of the day (UTC) of the daily digest. */
const DIGEST_HOUR_UTC = 7;

/** Subscribes the reaction that has each posted car matched; returns its unsubscribe. */
export function matchOnEvents({ database, jobs }: AppContext): (() => void)[] {
  return [
    database.events.react('car.posted', async (tx, { carId }) => {
      if (await repo.anySavedSearch(tx)) await jobs.send(MATCH_JOB, { carId }, tx);
    }),
  ];
}

export function matchJob({ database: { db }, search }: AppContext): JobDefinition<typeof MATCH_JOB> {
  return {
    name: MATCH_JOB,
    async run({ carId }) {
      const [car] = await carsInBrief(db, [carId]);
      if (!car || car.soldAt) return { matched: 0 };
      let matched = 0;
      let after: string | undefined;
      for (;;) {
        const searches = await repo.searchesSavedBy(db, car.addedDate, after, SEARCHES_AT_ONCE);
        if (searches.length === 0) break;
        after = searches.at(-1)!.id;
        const found = await search.searchesFinding(
          carId,
          searches.map((saved) => saved.filters),
        );
        const matching = searches.filter((_, at) => found[at]);
        if (matching.length === 0) continue;
        await db.transaction(async (tx) => {
          const recorded = await repo.insertMatches(tx, carId, matching);
          matched += recorded.length;
          for (const { savedSearchId, toldAt } of recorded)
            if (toldAt)
              await publish(tx, 'saved-search.matched', { savedSearchId, carIds: [carId], count: 1 });
        });
      }
      return { matched };
    },
  };
}

/** Every day, each search's cars matched since its last digest, in one notification per search. */
export function digestJob({ database: { db } }: AppContext): JobDefinition<'saved-searches.digest'> {
  return {
    name: 'saved-searches.digest',
    cron: `0 ${DIGEST_HOUR_UTC} * * *`,
    async run(_data, log) {
      let told = 0;
      let after: string | undefined;
      for (;;) {
        const ids = await repo.searchesWithUntold(db, after, SEARCHES_AT_ONCE);
        if (ids.length === 0) break;
        after = ids.at(-1);
        for (const savedSearchId of ids) {
          await db.transaction(async (tx) => {
            // A car sold since it matched is not worth telling of.
            const carIds = await carsForSaleAmong(tx, await repo.tellUntold(tx, savedSearchId));
            if (carIds.length === 0) return;
            await publish(tx, 'saved-search.matched', {
              savedSearchId,
              carIds: carIds.slice(0, CARS_NAMED),
              count: carIds.length,
            });
            told += 1;
          });
        }
      }
      if (told > 0) log.info({ searches: told }, 'told the daily digests of saved searches');
      return { told };
    },
  };
}
