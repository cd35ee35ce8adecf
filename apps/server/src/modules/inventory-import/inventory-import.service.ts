/**
 * Inventory import (issue 49, ADR 66): a dealer's file read and judged row by row by the add-car
 * form's rules into a preview that changes no car; committed, a job applies it (the job's file).
 */
import type {
  ImportCommitInput,
  InventoryImport,
  InventoryImportRow,
  Page,
  PageQuery,
  SessionUser,
} from '@redline/shared';
import { actingAs, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../errors.ts';
import { changesTo, type StockCar, stockCars } from '../cars/index.ts';
import { categoryExists } from '../categories/index.ts';
import { photosOfRows } from './import-photos.ts';
import { type FileRow, readInventoryFile, rowToCar } from './inventory-file.ts';
import * as repo from './inventory-import.repository.ts';

type ImportContext = Pick<AppContext, 'database' | 'jobs' | 'photos'>;

/** What an upload (or a feed) sends: the file, and optionally a zip of the photos its rows name. */
export interface ImportUpload {
  file: Buffer;
  photos?: Buffer;
}

/**
 * Reads the dealer's file into a previewed import: each row's errors in the form's words and what it
 * would do (create, update, leave unchanged) to the dealer's cars as they are now; no car changes.
 */
export async function previewImport(
  context: ImportContext,
  actor: SessionUser,
  upload: ImportUpload,
  mode: InventoryImport['mode'],
): Promise<InventoryImport> {
  const dealerId = actingAs(actor);
  await requireAccess(context, actor, { permission: 'dealer.import', id: dealerId });
  const id = await storeJudged(context, dealerId, upload, {
    source: 'upload',
    mode,
    createdBy: actor.id,
  });
  return importView(context, id);
}

/**
 * A feed from the dealer's system (by their API key): the file judged as a preview would judge it and
 * committed at once, the declarations made with the key. A 409 while another of theirs is applied.
 */
export async function feedImport(
  context: ImportContext,
  dealer: SessionUser,
  upload: ImportUpload,
  mode: InventoryImport['mode'],
): Promise<InventoryImport> {
  await requireAccess(context, dealer, { permission: 'dealer.import', id: dealer.id });
  const id = await storeJudged(
    context,
    dealer.id,
    upload,
    { source: 'feed', mode, createdBy: null },
    true,
  ).catch(oneCommitAtATime);
  return importView(context, id);
}

/**
 * The upload read (a 400 for a file or zip that cannot be), its photos found, its rows judged and
 * stored as an import of `dealerId` in `status` (previewed, or queued for a feed).
 */
async function storeJudged(
  context: ImportContext,
  dealerId: string,
  upload: ImportUpload,
  record: Pick<repo.ImportRecord, 'source' | 'mode' | 'createdBy'>,
  queued = false,
): Promise<string> {
  const rows = readInventoryFile(upload.file);
  const photos = await photosOfRows(context, dealerId, rows, upload.photos);
  const judged = await judgeRows(context, dealerId, photos.rows, photos.errors);
  const valid = judged.filter((row) => row.outcome !== 'failed');
  const markedSold = record.mode === 'full' ? await countMissing(context, dealerId, judged) : 0;
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const id = await repo.insertImport(
      tx,
      {
        dealerId,
        ...record,
        status: queued ? 'queued' : 'previewed',
        ...(queued ? { committedAt: new Date() } : {}),
        rowsRead: rows.length,
        rowsValid: valid.length,
        // A preview's counts: what committing would do.
        ...(queued ? {} : countOutcomes(judged)),
        markedSold: queued ? 0 : markedSold,
        extraPhotos: photos.extraPhotos,
      },
      judged,
    );
    if (queued) await context.jobs.send('inventory-import.run', { importId: id }, tx);
    return id;
  });
}

function countOutcomes(rows: { outcome: InventoryImportRow['outcome'] }[]) {
  const count = (outcome: InventoryImportRow['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  return {
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    failed: count('failed'),
  };
}

/**
 * Each row judged: its car by the form's rules, its photos found (`photoErrors`, by position), its
 * category one that exists, its stock number (else VIN) not on an earlier row of the file; then
 * matched with the dealer's cars by stock number, else VIN.
 */
async function judgeRows(
  context: ImportContext,
  dealerId: string,
  rows: FileRow[],
  photoErrors: (string | undefined)[],
) {
  const { statements, db } = context.database;
  const parsed = rows.map((row) => ({ row, ...rowToCar(row.data) }));
  const categories = new Map<string, boolean>();
  for (const { car } of parsed) {
    if (car && !categories.has(car.categoryId))
      categories.set(car.categoryId, await categoryExists(statements, car.categoryId));
  }
  const stock = indexStock(await stockCars(db, dealerId));
  const seen = new Map<string, number>();
  return parsed.map(({ row, car, errors: formErrors }, position) => {
    const stockNumber = car ? (car.stockNumber ?? null) : row.data.stockNumber?.trim() || null;
    const vin = car ? (car.vin ?? null) : row.data.vin?.trim().toUpperCase() || null;
    const errors: Record<string, string> = { ...formErrors };
    if (car && !categories.get(car.categoryId)) errors.categoryId = 'Choose a category from the list';
    const photoError = photoErrors[position];
    if (photoError) errors.photos = photoError;
    const key = stockNumber ? `stock:${stockNumber}` : vin ? `vin:${vin}` : undefined;
    const earlier = key === undefined ? undefined : seen.get(key);
    if (earlier !== undefined)
      errors[stockNumber ? 'stockNumber' : 'vin'] = stockNumber
        ? `Stock number ${stockNumber} is already on row ${earlier} of this file`
        : `VIN ${vin} is already on row ${earlier} of this file`;
    else if (key !== undefined) seen.set(key, row.rowNumber);
    const failed = Object.keys(errors).length > 0;
    const match = stock.find(stockNumber, vin);
    return {
      rowNumber: row.rowNumber,
      position,
      data: row.data as Record<string, string>,
      stockNumber,
      vin,
      errors,
      outcome:
        failed || !car
          ? ('failed' as const)
          : !match
            ? ('create' as const)
            : changesTo(match, car)
              ? ('update' as const)
              : ('unchanged' as const),
      carId: failed ? null : (match?.id ?? null),
    };
  });
}

/** The dealer's cars found by stock number, else by VIN (a car without a stock number of its own). */
export function indexStock(cars: StockCar[]) {
  const byStockNumber = new Map(cars.flatMap((c) => (c.stockNumber ? [[c.stockNumber, c] as const] : [])));
  const byVin = new Map(cars.flatMap((c) => (c.vin ? [[c.vin, c] as const] : [])));
  return {
    find(stockNumber: string | null, vin: string | null): StockCar | undefined {
      if (stockNumber && byStockNumber.has(stockNumber)) return byStockNumber.get(stockNumber);
      // A VIN finds a car only when that car has no other stock number than the row's.
      const byItsVin = vin ? byVin.get(vin) : undefined;
      return byItsVin && (byItsVin.stockNumber === null || byItsVin.stockNumber === stockNumber)
        ? byItsVin
        : undefined;
    },
  };
}

/** How many of the dealer's cars for sale no row names: what a full import would mark sold. */
async function countMissing(
  context: ImportContext,
  dealerId: string,
  rows: { stockNumber: string | null; vin: string | null }[],
) {
  const stockNumbers = new Set(rows.map((r) => r.stockNumber));
  const vins = new Set(rows.map((r) => r.vin));
  const cars = await stockCars(context.database.db, dealerId);
  return cars.filter(
    (c) =>
      c.soldAt === null && !(c.stockNumber && stockNumbers.has(c.stockNumber)) && !(c.vin && vins.has(c.vin)),
  ).length;
}

/**
 * Commits a previewed import, the dealer making the form's declarations for its cars: a job applies it.
 * One commit of a dealer runs at a time: another while one is queued or running is a 409.
 */
export async function commitImport(
  context: ImportContext,
  actor: SessionUser,
  id: string,
  _input: ImportCommitInput,
): Promise<InventoryImport> {
  await requireAccess(context, actor, { permission: 'import.manage', id });
  await context.database.db.transaction(async (tx) => {
    const queued = await repo.queueImport(tx, id).catch(oneCommitAtATime);
    if (!queued) throw conflict('This import was committed already.');
    await context.jobs.send('inventory-import.run', { importId: id }, tx);
  });
  return importView(context, id);
}

/** The unique index of queued and running imports refused a second commit of the dealer. */
function oneCommitAtATime(error: unknown): never {
  if (
    String((error as { cause?: { constraint?: string } })?.cause?.constraint ?? error).includes(
      'inventory_imports_one_commit_idx',
    )
  )
    throw conflict('Another import of yours is being applied. Commit this one when it has finished.');
  throw error;
}

export async function getImport(
  context: ImportContext,
  actor: SessionUser,
  id: string,
): Promise<InventoryImport> {
  await requireAccess(context, actor, { permission: 'import.manage', id });
  return importView(context, id);
}

export async function listImports(
  context: ImportContext,
  actor: SessionUser,
  page: PageQuery,
): Promise<Page<InventoryImport>> {
  const dealerId = actingAs(actor);
  await requireAccess(context, actor, { permission: 'dealer.import', id: dealerId });
  const rows = await repo.listImports(context.database.db, dealerId, page.limit, page.cursor);
  return { items: rows.items.map(toImport), nextCursor: rows.nextCursor };
}

export async function listImportRows(
  context: ImportContext,
  actor: SessionUser,
  id: string,
  query: { limit: number; cursor?: string; failed: boolean },
): Promise<Page<InventoryImportRow>> {
  await requireAccess(context, actor, { permission: 'import.manage', id });
  const rows = await repo.listRows(
    context.database.db,
    id,
    query.limit,
    Number(query.cursor || 0),
    query.failed,
  );
  const items = rows.slice(0, query.limit);
  return {
    items: items.map(({ rowNumber, stockNumber, vin, errors, outcome, carId }) => ({
      rowNumber,
      stockNumber,
      vin,
      errors,
      outcome,
      carId,
    })),
    nextCursor: rows.length > query.limit ? String(items.at(-1)!.rowNumber) : null,
  };
}

async function importView(context: ImportContext, id: string): Promise<InventoryImport> {
  return toImport((await repo.findImport(context.database.db, id))!);
}

function toImport({ record, creatorName }: repo.FoundImport): InventoryImport {
  return {
    id: record.id,
    source: record.source,
    mode: record.mode,
    status: record.status,
    createdBy: record.createdBy && creatorName !== null ? { id: record.createdBy, name: creatorName } : null,
    counts: {
      read: record.rowsRead,
      valid: record.rowsValid,
      created: record.created,
      updated: record.updated,
      unchanged: record.unchanged,
      failed: record.failed,
      markedSold: record.markedSold,
    },
    applied: record.applied,
    extraPhotos: record.extraPhotos,
    error: record.error,
    createdAt: record.createdAt.toISOString(),
    committedAt: record.committedAt?.toISOString() ?? null,
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}
