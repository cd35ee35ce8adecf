/**
 * The refit of the market values: a job, never a request's work. A change of a car the model reads
 * (posted, an edit of a field it uses, sold, deleted, renamed by the catalogue) enqueues one in the
 * change's transaction, REFIT_DELAY_SECONDS late; the queue's `stately` policy keeps at most one
 * waiting (and one running), so a burst of changes is one refit. At start, a database with cars for
 * sale and no values has one at once.
 */
import type { CarUpdate } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { oncePerTransaction } from '../../events/index.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { needsFirstFit, refitMarketValues } from './market-value.service.ts';

const REFIT_JOB = 'market-value.refit';
/** How long a refit waits for more changes: the rating follows a change within about this. */
export const REFIT_DELAY_SECONDS = 10;

/** The fields of a car the model reads (market-value-model.ts); an edit of others leaves values as they are. */
const VALUED_FIELDS: ReadonlySet<keyof CarUpdate> = new Set([
  'year',
  'brand',
  'model',
  'trim',
  'kmDriven',
  'askingPrice',
  'titleStatus',
  'previousOwners',
  'transmission',
  'drivetrain',
  'postalCode',
  'sold',
]);

export function refitJob({ database: { db } }: AppContext): JobDefinition<typeof REFIT_JOB> {
  return {
    name: REFIT_JOB,
    policy: 'stately',
    async run(_data, log) {
      const started = performance.now();
      const valued = await refitMarketValues(db);
      log.info({ valued, ms: Math.round(performance.now() - started) }, 'fitted the market values');
      return { valued };
    },
  };
}

/** Subscribes the reactions that have the market refitted when cars change; returns their unsubscribes. */
export function refitOnEvents({ database: { events }, jobs }: AppContext): (() => void)[] {
  // Once a transaction: its other changes find the refit already waiting (the singleton).
  const refit = async (tx: Db | Tx) => {
    await oncePerTransaction(tx, REFIT_JOB, () =>
      jobs.send(REFIT_JOB, {}, tx, { singletonKey: REFIT_JOB, startAfter: REFIT_DELAY_SECONDS }),
    );
  };
  return [
    events.react('car.posted', refit),
    events.react('car.sold', refit),
    events.react('car.deleted', refit),
    events.react('cars.renamed', refit),
    // A reservation changes no field the model reads.
    events.react('car.updated', async (tx, { fields, reservation }) => {
      if (reservation) return;
      if (!fields || fields.some((field) => VALUED_FIELDS.has(field))) await refit(tx);
    }),
  ];
}

/** At start: enqueues the first fit when cars for sale have no values. */
export async function firstFit({ database: { db }, jobs }: AppContext): Promise<void> {
  if (await needsFirstFit(db)) await jobs.send(REFIT_JOB, {}, undefined, { singletonKey: REFIT_JOB });
}
