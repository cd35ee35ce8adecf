import { and, asc, eq, gt, gte, ne, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { inventoryImportRows, inventoryImports } from './inventory-import.schema.ts';

export type ImportRecord = typeof inventoryImports.$inferSelect;
export type ImportRowRecord = typeof inventoryImportRows.$inferSelect;

/** Rows are written this many to a statement (PostgreSQL takes at most 65,535 parameters in one). */
const INSERT_BATCH = 1000;

export async function insertImport(
  tx: Tx,
  values: typeof inventoryImports.$inferInsert,
  rows: Omit<typeof inventoryImportRows.$inferInsert, 'importId'>[],
) {
  const [created] = await tx.insert(inventoryImports).values(values).returning({ id: inventoryImports.id });
  const importId = created!.id;
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await tx
      .insert(inventoryImportRows)
      .values(rows.slice(i, i + INSERT_BATCH).map((row) => ({ ...row, importId })));
  }
  return importId;
}

const importColumns = {
  record: inventoryImports,
  creatorName: users.name,
};

export async function findImport(db: Db | Tx, id: string) {
  const [row] = await db
    .select(importColumns)
    .from(inventoryImports)
    .leftJoin(users, eq(users.id, inventoryImports.createdBy))
    .where(eq(inventoryImports.id, id));
  return row;
}
export type FoundImport = NonNullable<Awaited<ReturnType<typeof findImport>>>;

/** A page of the dealer's imports, newest first. */
export async function listImports(db: Db, dealerId: string, limit: number, cursor?: string) {
  const page = keyset(inventoryImports.createdAt, inventoryImports.id, cursor);
  const rows = await db
    .select(importColumns)
    .from(inventoryImports)
    .leftJoin(users, eq(users.id, inventoryImports.createdBy))
    .where(and(eq(inventoryImports.dealerId, dealerId), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.record.createdAt, r.record.id]);
}

/** A page of an import's rows in file order, after the row number `after`; only the failed ones when asked. */
export function listRows(db: Db, importId: string, limit: number, after: number, failedOnly: boolean) {
  return db
    .select()
    .from(inventoryImportRows)
    .where(
      and(
        eq(inventoryImportRows.importId, importId),
        gt(inventoryImportRows.rowNumber, after),
        failedOnly ? eq(inventoryImportRows.outcome, 'failed') : undefined,
      ),
    )
    .orderBy(asc(inventoryImportRows.position))
    .limit(limit + 1);
}

/** A previewed import queued for its commit; undefined when it is not in preview any more. */
export async function queueImport(tx: Tx, id: string) {
  const [row] = await tx
    .update(inventoryImports)
    // The preview's counts were what it would do; from here they count what it did.
    .set({
      status: 'queued',
      committedAt: sql`now()`,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: 0,
      markedSold: 0,
    })
    .where(and(eq(inventoryImports.id, id), eq(inventoryImports.status, 'previewed')))
    .returning({ id: inventoryImports.id });
  return row;
}

/** The import, locked until the transaction ends: one worker applies its chunk at a time. */
export async function lockImport(tx: Tx, id: string) {
  const [row] = await tx.select().from(inventoryImports).where(eq(inventoryImports.id, id)).for('update');
  return row;
}

/** The next rows to apply, from position `from`. */
export function rowsFrom(tx: Tx, importId: string, from: number, limit: number) {
  return tx
    .select()
    .from(inventoryImportRows)
    .where(and(eq(inventoryImportRows.importId, importId), gte(inventoryImportRows.position, from)))
    .orderBy(asc(inventoryImportRows.position))
    .limit(limit);
}

export type RowOutcome = Pick<ImportRowRecord, 'position' | 'outcome' | 'carId' | 'errors'>;

/** The outcomes of a chunk's rows, one statement for the chunk: each row's by its position. */
export async function recordOutcomes(tx: Tx, importId: string, outcomes: RowOutcome[]) {
  if (outcomes.length === 0) return;
  const given = sql`jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
    as given("position" integer, "outcome" text, "carId" uuid, "errors" jsonb)`;
  await tx.execute(sql`
    update ${inventoryImportRows}
       set outcome = given.outcome, car_id = given."carId", errors = given.errors
      from ${given}
     where ${inventoryImportRows.importId} = ${importId} and ${inventoryImportRows.position} = given.position`);
}

/** Adds a chunk's counts to the import and moves its position on. */
export async function addProgress(
  tx: Tx,
  id: string,
  counts: { created: number; updated: number; unchanged: number; failed: number; applied: number },
) {
  await tx
    .update(inventoryImports)
    .set({
      status: 'running',
      created: sql`${inventoryImports.created} + ${counts.created}`,
      updated: sql`${inventoryImports.updated} + ${counts.updated}`,
      unchanged: sql`${inventoryImports.unchanged} + ${counts.unchanged}`,
      failed: sql`${inventoryImports.failed} + ${counts.failed}`,
      applied: sql`${inventoryImports.applied} + ${counts.applied}`,
    })
    .where(eq(inventoryImports.id, id));
}

/** The stock numbers and VINs every row of the import names, valid or not: the cars a full import keeps. */
export async function namedKeys(tx: Tx, importId: string) {
  const rows = await tx
    .select({ stockNumber: inventoryImportRows.stockNumber, vin: inventoryImportRows.vin })
    .from(inventoryImportRows)
    .where(eq(inventoryImportRows.importId, importId));
  return {
    stockNumbers: rows.flatMap((r) => (r.stockNumber ? [r.stockNumber] : [])),
    vins: rows.flatMap((r) => (r.vin ? [r.vin] : [])),
  };
}

/** An import whose job gave up: failed, with why, so that the dealer's next commit may run. */
export async function failImport(db: Db, id: string, error: string) {
  await db
    .update(inventoryImports)
    .set({ status: 'failed', error, finishedAt: sql`now()` })
    .where(and(eq(inventoryImports.id, id), ne(inventoryImports.status, 'done')));
}

export async function finishImport(tx: Tx, id: string, markedSold: number) {
  await tx
    .update(inventoryImports)
    .set({ status: 'done', markedSold, finishedAt: sql`now()` })
    .where(and(eq(inventoryImports.id, id), ne(inventoryImports.status, 'done')));
}
