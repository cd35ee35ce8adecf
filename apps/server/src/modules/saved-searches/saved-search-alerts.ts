/**
 * Alerts of saved searches: a car posted is matched against every search saved before it, after
 * the post commits (the job `saved-searches.match`, enqueued by the post's transaction, so a post
 * that rolls back matches nothing). A car whose deal rating a refit of the market values set or
 * changed (`market-values.rated`) is matched again against the searches by rating saved before it
 * was posted (`saved-searches.match-rated`, one job per event's batch of cars, enqueued by the
 * refit's transaction; ADR 60): a car is "not enough data" when posted, and rated by the refit
 * that follows. A match is recorded once per search and car; an instant search's is told in the
 * same transaction (the event `saved-search.matched`, which the notifications module turns into
 * the buyer's notification), a daily search's waits for the digest (`saved-searches.digest`, every
 * day at DIGEST_HOUR_UTC), which tells each search's new cars in one.
 */
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { oncePerTransaction, publish } from '../../events/index.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { carsForSaleAmong, carsInBrief } from '../cars/index.ts';
import * as repo from './saved-searches.repository.ts';

const MATCH_JOB = 'saved-searches.match';
const MATCH_RATED_JOB = 'saved-searches.match-rated';
/** The searches one statement matches cars against (one column each). */
const SEARCHES_AT_ONCE = 200;
/** The cars a digest's event names: the notification names the first few and counts the rest. */
const CARS_NAMED = 3;
/** The hour of the day (UTC) of the daily digest. */
const DIGEST_HOUR_UTC = 7;

/** Subscribes the reactions that have posted and newly rated cars matched; returns their unsubscribes. */
export function matchOnEvents({ database, jobs }: AppContext): (() => void)[] {
  return [
    // Whether any search is kept is asked once a transaction: an import's chunk posts hundreds of
    // cars in one, and the first fit of a big market publishes thousands of batches in its. A search
    // saved meanwhile was saved after the cars were posted, and is not theirs to match.
    database.events.react('car.posted', async (tx, { carId }) => {
      if (await oncePerTransaction(tx, 'any-saved-search', () => repo.anySavedSearch(tx)))
        await jobs.send(MATCH_JOB, { carId }, tx);
    }),
    // Only a search by rating reads what a refit changes.
    database.events.react('market-values.rated', async (tx, { carIds }) => {
      if (await oncePerTransaction(tx, 'any-search-by-rating', () => repo.anySearchByRating(tx)))
        await jobs.send(MATCH_RATED_JOB, { carIds }, tx);
    }),
  ];
}

export function matchJob(context: AppContext): JobDefinition<typeof MATCH_JOB> {
  return {
    name: MATCH_JOB,
    async run({ carId }) {
      const cars = await carsForSale(context.database.db, [carId]);
      return { matched: await matchCars(context, cars, { byRating: false }) };
    },
  };
}

export function matchRatedJob(context: AppContext): JobDefinition<typeof MATCH_RATED_JOB> {
  return {
    name: MATCH_RATED_JOB,
    async run({ carIds }) {
      const cars = await carsForSale(context.database.db, carIds);
      return { matched: await matchCars(context, cars, { byRating: true }) };
    },
  };
}

/** Those of these cars still for sale: a car sold since is not worth telling of. */
const carsForSale = async (db: Db, ids: string[]) =>
  (await carsInBrief(db, ids)).filter((car) => car.soldAt === null);

/**
 * Matches the cars against the searches saved before each was posted (`byRating`: only the
 * searches by deal rating), a page of searches at a time, and records each new match. Answers how
 * many it recorded.
 */
async function matchCars(
  { database: { db }, search }: AppContext,
  cars: { id: string; addedDate: Date }[],
  { byRating }: { byRating: boolean },
): Promise<number> {
  if (cars.length === 0) return 0;
  const lastPosted = new Date(Math.max(...cars.map((car) => car.addedDate.getTime())));
  let matched = 0;
  let after: string | undefined;
  for (;;) {
    const searches = await repo.searchesSavedBy(db, lastPosted, { after, limit: SEARCHES_AT_ONCE, byRating });
    if (searches.length === 0) break;
    after = searches.at(-1)!.id;
    const found = await search.searchesFinding(
      cars.map((car) => car.id),
      searches.map((saved) => saved.filters),
    );
    for (const [at, car] of cars.entries()) {
      const matching = searches.filter(
        (saved, column) => found[at]![column] && saved.createdAt.getTime() <= car.addedDate.getTime(),
      );
      if (matching.length === 0) continue;
      await db.transaction(async (tx) => {
        const recorded = await repo.insertMatches(tx, car.id, matching);
        matched += recorded.length;
        for (const { savedSearchId, toldAt } of recorded)
          if (toldAt)
            await publish(tx, 'saved-search.matched', { savedSearchId, carIds: [car.id], count: 1 });
      });
    }
  }
  return matched;
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
