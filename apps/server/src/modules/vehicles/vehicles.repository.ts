import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { vehicleAliases, vehicleMakes, vehicleModels } from './vehicles.schema.ts';

const makeColumns = {
  id: vehicleMakes.id,
  name: vehicleMakes.name,
  slug: vehicleMakes.slug,
  country: vehicleMakes.country,
};
const modelColumns = {
  id: vehicleModels.id,
  makeId: vehicleModels.makeId,
  name: vehicleModels.name,
  slug: vehicleModels.slug,
};

/** Every make. */
export function listMakes(db: Db | Tx) {
  return db.select(makeColumns).from(vehicleMakes);
}

/** The aliases of the makes themselves (not of their models). */
export function makeAliases(db: Db | Tx) {
  return db
    .select({ makeId: vehicleAliases.makeId, alias: vehicleAliases.alias })
    .from(vehicleAliases)
    .where(isNull(vehicleAliases.modelId));
}

export async function findMake(db: Db | Tx, id: number) {
  const [make] = await db.select(makeColumns).from(vehicleMakes).where(eq(vehicleMakes.id, id));
  return make;
}

/** A make's models; every model without `makeId`. */
export function listModels(db: Db | Tx, makeId?: number) {
  return db
    .select(modelColumns)
    .from(vehicleModels)
    .where(makeId === undefined ? undefined : eq(vehicleModels.makeId, makeId));
}

/** The aliases of a make's models; of every model without `makeId`. */
export function modelAliases(db: Db | Tx, makeId?: number) {
  return db
    .select({ modelId: vehicleAliases.modelId, alias: vehicleAliases.alias })
    .from(vehicleAliases)
    .where(
      and(
        makeId === undefined ? undefined : eq(vehicleAliases.makeId, makeId),
        isNotNull(vehicleAliases.modelId),
      ),
    );
}

/** The lock that instances starting together take in turn to fill the catalogue: a number of its own. */
const FILL_LOCK = 0x56656869; // "Vehi"

/** Held until the transaction ends: the second instance then finds the catalogue filled. */
export async function lockCatalogueFill(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILL_LOCK})`);
}

export async function hasMakes(tx: Tx): Promise<boolean> {
  const rows = await tx.select({ id: vehicleMakes.id }).from(vehicleMakes).limit(1);
  return rows.length > 0;
}

export function insertMakes(tx: Tx, rows: (typeof vehicleMakes.$inferInsert)[]) {
  return tx.insert(vehicleMakes).values(rows).returning({ id: vehicleMakes.id, name: vehicleMakes.name });
}

export function insertModels(tx: Tx, rows: (typeof vehicleModels.$inferInsert)[]) {
  return tx
    .insert(vehicleModels)
    .values(rows)
    .returning({ id: vehicleModels.id, makeId: vehicleModels.makeId, name: vehicleModels.name });
}

export async function insertAliases(tx: Tx, rows: (typeof vehicleAliases.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(vehicleAliases).values(rows);
}

/** The new make, or undefined when one of its slug came first (two admins adding it at once). */
export async function insertMake(db: Db | Tx, row: typeof vehicleMakes.$inferInsert) {
  const [make] = await db.insert(vehicleMakes).values(row).onConflictDoNothing().returning(makeColumns);
  return make;
}

export async function updateMake(tx: Tx, id: number, set: Partial<typeof vehicleMakes.$inferInsert>) {
  const [make] = await tx.update(vehicleMakes).set(set).where(eq(vehicleMakes.id, id)).returning(makeColumns);
  return make!;
}

export async function findModel(db: Db | Tx, makeId: number, id: number) {
  const [model] = await db
    .select(modelColumns)
    .from(vehicleModels)
    .where(and(eq(vehicleModels.id, id), eq(vehicleModels.makeId, makeId)));
  return model;
}

/** The new model, or undefined when one of its slug came first. */
export async function insertModel(db: Db | Tx, row: typeof vehicleModels.$inferInsert) {
  const [model] = await db.insert(vehicleModels).values(row).onConflictDoNothing().returning(modelColumns);
  return model;
}

export async function updateModel(tx: Tx, id: number, set: Partial<typeof vehicleModels.$inferInsert>) {
  const [model] = await tx
    .update(vehicleModels)
    .set(set)
    .where(eq(vehicleModels.id, id))
    .returning(modelColumns);
  return model!;
}

/** An alias, unless the entry has it already. */
export async function addAlias(tx: Tx, row: typeof vehicleAliases.$inferInsert) {
  await tx.insert(vehicleAliases).values(row).onConflictDoNothing();
}
