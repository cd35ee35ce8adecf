/** The queries of the cars' make and model names as the catalogue links them (car-names.ts): by name, never car by car. */
import { OTHER_NAMES_MAX } from '@redline/shared';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { carNameMappings, cars } from './cars.schema.ts';

/** The lock that instances starting together take in turn to map the cars: a number of its own. */
const MAPPING_LOCK = 0x43617273; // "Cars"

/**
 * Whether this transaction took the lock, held until it ends: an instance that finds it taken
 * leaves the mapping to the one mapping (a million cars take minutes, longer than a query may wait).
 */
export async function tryLockMapping(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${MAPPING_LOCK}) as "locked"`);
  // Both drivers answer a plain statement with its rows as objects named by the statement.
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]!.locked;
}

/** A brand and model as cars carry them, with how many cars. */
export interface NameCount {
  brand: string;
  model: string;
  cars: number;
}

/** The brands and models of the cars never mapped that no one linked (cars_unmapped_idx). */
export function unmappedNames(tx: Tx): Promise<NameCount[]> {
  return tx
    .select({ brand: cars.brand, model: cars.model, cars: sql<number>`count(*)::int` })
    .from(cars)
    .where(and(sql`not ${cars.catalogueMapped}`, isNull(cars.makeId)))
    .groupBy(cars.brand, cars.model);
}

/** Marks mapped the cars never mapped that their poster linked already (a seed, a copy). */
export async function markLinkedMapped(tx: Tx) {
  await updateCars(tx, {
    set: sql`catalogue_mapped = true`,
    where: sql`not cars.catalogue_mapped and cars.make_id is not null`,
  });
}

/**
 * The "other" names: a make the catalogue lacks (`makeId` null) or a model a catalogue make lacks,
 * the most cars first (cars_other_names_idx); of one make (and the makes' others) when given one.
 */
export function otherNames(db: Db | Tx, makeId?: number) {
  return db
    .select({
      brand: cars.brand,
      makeId: cars.makeId,
      model: cars.model,
      cars: sql<number>`count(*)::int`,
    })
    .from(cars)
    .where(
      and(
        isNull(cars.modelId),
        makeId === undefined ? undefined : or(isNull(cars.makeId), eq(cars.makeId, makeId)),
      ),
    )
    .groupBy(cars.makeId, cars.brand, cars.model)
    .orderBy(desc(sql`count(*)`), cars.brand, cars.model);
}

/**
 * What the cars of one name become: the cars that carry `brand` and `model` under `fromMakeId` (null:
 * other) and no model link, linked to the catalogue's entries and shown by its names.
 */
export interface NameLink {
  brand: string;
  model: string;
  fromMakeId: number | null;
  makeId: number | null;
  modelId: number | null;
  shownBrand: string;
  shownModel: string;
}

/**
 * The SET clause that shows the cars by these names (SQL of the new brand and model), keeping the
 * seller's words the first time the shown name differs from them.
 */
function showAs(brand: SQL, model: SQL): SQL {
  return sql`posted_brand = case when cars.brand <> ${brand} then coalesce(cars.posted_brand, cars.brand) else cars.posted_brand end,
    posted_model = case when cars.model <> ${model} then coalesce(cars.posted_model, cars.model) else cars.posted_model end,
    brand = ${brand}, model = ${model}`;
}

/**
 * Links the cars of these names, name by name: the cars never mapped (marked mapped), or those
 * mapped already (an admin's change of the catalogue). Answers how many cars.
 */
export async function linkNames(tx: Db | Tx, links: NameLink[], unmapped: boolean): Promise<number> {
  let count = 0;
  for (const link of links) {
    count += await updateCars(tx, {
      set: sql`make_id = ${link.makeId}::int, model_id = ${link.modelId}::int, catalogue_mapped = true,
          ${showAs(sql`${link.shownBrand}::text`, sql`${link.shownModel}::text`)}`,
      where: sql`cars.brand = ${link.brand} and cars.model = ${link.model} and cars.model_id is null
          and cars.make_id is not distinct from ${link.fromMakeId}::int and cars.catalogue_mapped = ${!unmapped}`,
    });
  }
  return count;
}

/**
 * Cars per statement of a bulk update: each statement well within the pool's query timeout (10 s),
 * however many cars a name has (a few hundred thousand Toyotas at the benchmark's million).
 */
const BATCH = 5000;

/**
 * Updates the cars that `where` selects, a batch at a time until none is left, in the caller's
 * transaction; `where` must no longer select a car once it is updated. One name (or entry) at a
 * time: a batch's index scan passes over the entries the transaction's earlier batches left dead,
 * so those of other names must not pile up before it. Answers how many cars, counted the same way
 * on both drivers.
 */
async function updateCars(tx: Db | Tx, update: { set: SQL; where: SQL }): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await tx.execute(sql`
      with changed as (
        update ${cars} set ${update.set}
        where ${update.where} and cars.id in (select cars.id from ${cars} where ${update.where} limit ${BATCH})
        returning 1)
      select count(*)::int as "count" from changed`);
    // Both drivers answer a plain statement with its rows as objects named by the statement.
    const count = (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
    total += count;
    if (count < BATCH) return total;
  }
}

/** The cars of a make shown by its new name. */
export function renameMakeOfCars(tx: Db | Tx, makeId: number, name: string) {
  return updateCars(tx, {
    set: showAs(sql`${name}::text`, sql`cars.model`),
    where: sql`cars.make_id = ${makeId} and cars.brand <> ${name}`,
  });
}

/** The cars of a model shown by its new name. */
export function renameModelOfCars(tx: Db | Tx, modelId: number, name: string) {
  return updateCars(tx, {
    set: showAs(sql`cars.brand`, sql`${name}::text`),
    where: sql`cars.model_id = ${modelId} and cars.model <> ${name}`,
  });
}

/** The cars of a make, and its names' mappings, moved to the make it is merged into. */
export async function moveMakeOfCars(tx: Db | Tx, makeId: number, into: { makeId: number; name: string }) {
  await tx.update(carNameMappings).set({ makeId: into.makeId }).where(eq(carNameMappings.makeId, makeId));
  return updateCars(tx, {
    set: sql`make_id = ${into.makeId}, ${showAs(sql`${into.name}::text`, sql`cars.model`)}`,
    where: sql`cars.make_id = ${makeId}`,
  });
}

/** The cars of a model, and its names' mappings, moved to the model it is merged into. */
export async function moveModelOfCars(
  tx: Db | Tx,
  modelId: number,
  into: { makeId: number; make: string; modelId: number; model: string },
) {
  await tx
    .update(carNameMappings)
    .set({ makeId: into.makeId, modelId: into.modelId })
    .where(eq(carNameMappings.modelId, modelId));
  return updateCars(tx, {
    set: sql`make_id = ${into.makeId}, model_id = ${into.modelId},
        ${showAs(sql`${into.make}::text`, sql`${into.model}::text`)}`,
    where: sql`cars.model_id = ${modelId}`,
  });
}

/** The cars of a make (or of a model) as "other": they keep the names they show. */
export function unlinkCars(tx: Db | Tx, of: { makeId: number } | { modelId: number }) {
  return 'makeId' in of
    ? updateCars(tx, { set: sql`make_id = null, model_id = null`, where: sql`cars.make_id = ${of.makeId}` })
    : updateCars(tx, { set: sql`model_id = null`, where: sql`cars.model_id = ${of.modelId}` });
}

/** Rows per insert of the report. */
const CHUNK = 500;

/** The report of a mapping: a row per name. */
export async function insertMappings(tx: Db | Tx, rows: (typeof carNameMappings.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += CHUNK)
    await tx.insert(carNameMappings).values(rows.slice(start, start + CHUNK));
}

/** The typo matches no admin has reviewed, the most cars first. */
export function typoMappings(db: Db | Tx) {
  return db
    .select()
    .from(carNameMappings)
    .where(
      and(
        or(eq(carNameMappings.makeMatch, 'typo'), eq(carNameMappings.modelMatch, 'typo')),
        isNull(carNameMappings.review),
      ),
    )
    .orderBy(desc(carNameMappings.cars), carNameMappings.brand, carNameMappings.model)
    .limit(OTHER_NAMES_MAX);
}

/** A mapping, locked until the review's transaction ends (two admins reviewing it at once). */
export async function lockMappingRow(tx: Tx, id: number) {
  const [row] = await tx.select().from(carNameMappings).where(eq(carNameMappings.id, id)).for('update');
  return row;
}

export async function setReview(tx: Db | Tx, id: number, review: 'confirmed' | 'undone') {
  const [row] = await tx
    .update(carNameMappings)
    .set({ review })
    .where(eq(carNameMappings.id, id))
    .returning();
  return row!;
}

/**
 * The cars a typo match linked, shown again by the seller's words as "other": the make's typo
 * (brand) unlinks the car, the model's only its model.
 */
export function undoTypo(
  tx: Db | Tx,
  mapping: { brand: string; model: string; makeId: number; modelId: number | null },
  what: 'make' | 'model',
) {
  const ofName = sql`cars.make_id = ${mapping.makeId} and coalesce(cars.posted_brand, cars.brand) = ${mapping.brand}
    and coalesce(cars.posted_model, cars.model) = ${mapping.model}`;
  return what === 'make'
    ? updateCars(tx, {
        set: sql`make_id = null, model_id = null, brand = coalesce(posted_brand, brand),
          model = coalesce(posted_model, model), posted_brand = null, posted_model = null`,
        where: ofName,
      })
    : updateCars(tx, {
        set: sql`model_id = null, model = coalesce(posted_model, model), posted_model = null`,
        where: sql`${ofName} and cars.model_id = ${mapping.modelId}`,
      });
}
