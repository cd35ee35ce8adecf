import { VEHICLE_LIST_MAX } from '@redline/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
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

/** The aliases that match `where`, as an array (empty: none), read in the statement of their entry. */
const aliasesWhere = (where: SQL | undefined) =>
  sql<
    string[]
  >`coalesce((select array_agg(${vehicleAliases.alias}) from ${vehicleAliases} where ${where}), '{}')`;

/** Every make, with the aliases of the make itself (not of its models), in one statement. */
export function listMakesWithAliases(db: Db | Tx) {
  return db
    .select({
      ...makeColumns,
      aliases: aliasesWhere(and(eq(vehicleAliases.makeId, vehicleMakes.id), isNull(vehicleAliases.modelId))),
    })
    .from(vehicleMakes);
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

/** A make's models with their aliases, in one statement; every model without `makeId`. */
export function listModelsWithAliases(db: Db | Tx, makeId?: number) {
  return db
    .select({ ...modelColumns, aliases: aliasesWhere(eq(vehicleAliases.modelId, vehicleModels.id)) })
    .from(vehicleModels)
    .where(makeId === undefined ? undefined : eq(vehicleModels.makeId, makeId));
}

/**
 * The catalogue's lock, a number of its own, held until the transaction ends: shared by the
 * transactions that link cars to its entries (several at once), alone by one that changes them (an
 * admin; the fill, which instances starting together take in turn).
 */
const CATALOGUE_LOCK = 0x56656869; // "Vehi"

/** The catalogue held alone: its change waits for the cars being linked, and they for it. */
export async function lockCatalogue(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
}

/** The catalogue held shared, to link cars by it: no change to it is made meanwhile. */
export async function shareCatalogue(tx: Db | Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${CATALOGUE_LOCK})`);
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

const aliasColumns = {
  id: vehicleAliases.id,
  makeId: vehicleAliases.makeId,
  modelId: vehicleAliases.modelId,
  alias: vehicleAliases.alias,
};

/** The aliases of a make and of its models. */
/** A make's aliases and its models', the first VEHICLE_LIST_MAX alphabetically (the list's bound). */
export function aliasesOfMake(db: Db | Tx, makeId: number) {
  return db
    .select(aliasColumns)
    .from(vehicleAliases)
    .where(eq(vehicleAliases.makeId, makeId))
    .orderBy(vehicleAliases.alias, vehicleAliases.id)
    .limit(VEHICLE_LIST_MAX);
}

/** The new alias, or undefined when the entry has it already. */
export async function insertAlias(tx: Tx, row: typeof vehicleAliases.$inferInsert) {
  const [alias] = await tx.insert(vehicleAliases).values(row).onConflictDoNothing().returning(aliasColumns);
  return alias;
}

/** How many aliases went: 1, or 0 when the make has no alias of that id. */
export async function deleteAlias(tx: Tx, makeId: number, id: number): Promise<number> {
  const gone = await tx
    .delete(vehicleAliases)
    .where(and(eq(vehicleAliases.id, id), eq(vehicleAliases.makeId, makeId)))
    .returning({ id: vehicleAliases.id });
  return gone.length;
}

/**
 * Gives an entry the aliases of another (a make's own: `modelId` null): those it lacks are added,
 * the other's go with it when it is deleted.
 */
export async function copyAliases(
  tx: Tx,
  from: { makeId: number; modelId: number | null },
  to: { makeId: number; modelId: number | null },
) {
  await tx.execute(sql`
    insert into ${vehicleAliases} (make_id, model_id, alias)
    select ${to.makeId}::int, ${to.modelId}::int, alias from ${vehicleAliases}
    where make_id = ${from.makeId} and model_id is not distinct from ${from.modelId}::int
    on conflict do nothing`);
}

/** Moves a model, with its aliases, to another make. */
export async function moveModel(tx: Tx, modelId: number, makeId: number) {
  await tx.update(vehicleModels).set({ makeId }).where(eq(vehicleModels.id, modelId));
  await tx.update(vehicleAliases).set({ makeId }).where(eq(vehicleAliases.modelId, modelId));
}

/** Deletes a make; its models and aliases go with it (the foreign keys' cascade). */
export async function deleteMake(tx: Tx, id: number) {
  await tx.delete(vehicleMakes).where(eq(vehicleMakes.id, id));
}

/** Deletes a model; its aliases go with it. */
export async function deleteModel(tx: Tx, id: number) {
  await tx.delete(vehicleModels).where(eq(vehicleModels.id, id));
}
