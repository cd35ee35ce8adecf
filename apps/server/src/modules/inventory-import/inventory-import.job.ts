/**
 * The commit of an import (ADR 66): its rows applied in chunks, each chunk one transaction that also
 * moves the import's counts and position on, so a retried job goes on where the last one stopped and
 * never applies a row twice. A row is created or updated through the cars module's own post and edit
 * (price history, savers' notifications, the search follow as for the form); a row the form's rules
 * or the car refuse fails alone; anything else rolls its chunk back and fails the attempt.
 */
import type { CarInput } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Statements, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import {
  changesTo,
  type EditedCar,
  editCar,
  postCar,
  type StockCar,
  stockCars,
  unsoldCarsMissingFrom,
} from '../cars/index.ts';
import { categoryExists } from '../categories/index.ts';
import { teamOf } from '../dealers/index.ts';
import { rowToCar } from './inventory-file.ts';
import * as repo from './inventory-import.repository.ts';
import { indexStock } from './inventory-import.service.ts';

/** Rows per transaction: a chunk's locks and work stay short, and a restart repeats at most one. */
export const IMPORT_CHUNK_ROWS = 250;

type JobContext = Pick<AppContext, 'database'>;

export function importJob(context: JobContext): JobDefinition<'inventory-import.run'> {
  return {
    name: 'inventory-import.run',
    // A file of 20,000 rows runs for minutes.
    long: true,
    async run({ importId }) {
      while (await applyChunk(context, importId));
      await finish(context, importId);
      return { importId };
    },
    // The rows applied stay (each chunk was whole); the dealer may then import again.
    async gaveUp({ importId }) {
      await repo.failImport(
        context.database.db,
        importId,
        'The import stopped after repeated failures. The cars applied so far stay; upload the file again to apply the rest.',
      );
    },
  };
}

/** Applies the next chunk of the import's rows; answers whether rows were left to apply. */
async function applyChunk(context: JobContext, importId: string): Promise<boolean> {
  const { db, statements } = context.database;
  // Categories are checked before the transaction (a prepared statement of the handle, not of it).
  const peek = await db.transaction(async (tx) => {
    const record = await repo.lockImport(tx, importId);
    if (!record || record.status === 'done' || record.status === 'failed') return undefined;
    return { record, rows: await repo.rowsFrom(tx, importId, record.applied, IMPORT_CHUNK_ROWS) };
  });
  if (!peek || peek.rows.length === 0) return false;
  const categories = new Map<string, boolean>();
  for (const row of peek.rows) {
    const categoryId = row.data.categoryId?.trim();
    if (categoryId && !categories.has(categoryId))
      categories.set(categoryId, await categoryExists(statements, categoryId));
  }
  return db.transaction(async (tx) => {
    const record = await repo.lockImport(tx, importId);
    // Another attempt applied this chunk meanwhile: go on from where it is.
    if (!record || record.applied !== peek.record.applied) return record !== undefined;
    const { dealerId } = record;
    // A row's photos may be any of the team's uploads (a manager's, say), as its preview found them.
    const uploaders = [dealerId, ...(await teamOf(tx, dealerId)).map((member) => member.id)];
    const stock = indexStock(
      await stockCars(tx, dealerId, {
        stockNumbers: peek.rows.flatMap((r) => (r.stockNumber ? [r.stockNumber] : [])),
        vins: peek.rows.flatMap((r) => (r.vin ? [r.vin] : [])),
      }),
    );
    const counts = { created: 0, updated: 0, unchanged: 0, failed: 0, applied: peek.rows.length };
    const outcomes: repo.RowOutcome[] = [];
    for (const row of peek.rows) {
      const judged = Object.keys(row.errors).length === 0 ? rowToCar(row.data) : { errors: row.errors };
      const outcome = judged.car
        ? categories.get(judged.car.categoryId)
          ? await applyRow(
              statements,
              tx,
              dealerId,
              uploaders,
              judged.car,
              stock.find(row.stockNumber, row.vin),
            )
          : failure({ categoryId: 'Choose a category from the list' })
        : failure(judged.errors);
      if (outcome.outcome === 'create') counts.created += 1;
      else if (outcome.outcome === 'update') counts.updated += 1;
      else if (outcome.outcome === 'unchanged') counts.unchanged += 1;
      else counts.failed += 1;
      outcomes.push({ position: row.position, ...outcome });
    }
    await repo.recordOutcomes(tx, importId, outcomes);
    await repo.addProgress(tx, importId, counts);
    return true;
  });
}

const failure = (errors: Record<string, string>) => ({ outcome: 'failed' as const, carId: null, errors });

/** Creates or updates the row's car, or finds it unchanged; the form's refusal of it fails the row alone. */
async function applyRow(
  statements: Statements,
  tx: Tx,
  dealerId: string,
  uploaders: string[],
  car: CarInput,
  match: StockCar | undefined,
) {
  try {
    if (!match)
      return {
        outcome: 'create' as const,
        carId: await postCar(statements, tx, dealerId, car, uploaders),
        errors: {},
      };
    const update = changesTo(match, car);
    if (!update) return { outcome: 'unchanged' as const, carId: match.id, errors: {} };
    await editCar(statements, tx, dealerId, editedCar(match), update, uploaders);
    return { outcome: 'update' as const, carId: match.id, errors: {} };
  } catch (error) {
    // The cars module's checks throw before they write: the transaction goes on without this row.
    if (error instanceof AppError && error.status < 500)
      return failure(error.fields ?? { row: error.message });
    throw error;
  }
}

const editedCar = (car: StockCar): EditedCar => ({
  id: car.id,
  brand: car.storedBrand,
  model: car.storedModel,
  photos: car.photos,
  soldAt: car.soldAt,
  postalCode: car.postalCodeStored,
});

/** Once every row is applied: a full import marks the dealer's cars it does not name sold; then done. */
async function finish(context: JobContext, importId: string) {
  const { db, statements } = context.database;
  await db.transaction(async (tx) => {
    const record = await repo.lockImport(tx, importId);
    if (!record || record.status === 'done' || record.status === 'failed') return;
    let markedSold = 0;
    if (record.mode === 'full') {
      const missing = await unsoldCarsMissingFrom(tx, record.dealerId, await repo.namedKeys(tx, importId));
      for (const car of missing)
        await editCar(statements, tx, record.dealerId, editedCar(car), { sold: true });
      markedSold = missing.length;
    }
    await repo.finishImport(tx, importId, markedSold);
  });
}
