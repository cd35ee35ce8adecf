/** The market value module's queries: the cars it values (the cars module's read model) and its own tables. */
import { dealRating, type MarketValue } from '@redline/shared';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { carsForValuation, type MarketValueOf } from '../cars/index.ts';
import { type FIT_LEVELS, marketValueFits, marketValues } from './market-value.schema.ts';
import type { KeptFit, Valuation } from './market-value-model.ts';

/** The cars one statement reads: a million cars in one statement would outlast the pool's query timeout. */
const CARS_AT_ONCE = 50_000;

/** What the model reads of a car (the rest of the read model is for the comparables' list). */
const modelled = {
  id: carsForValuation.id,
  makeId: carsForValuation.makeId,
  modelId: carsForValuation.modelId,
  brandKey: carsForValuation.brandKey,
  nameKey: carsForValuation.nameKey,
  trim: carsForValuation.trim,
  year: carsForValuation.year,
  kmDriven: carsForValuation.kmDriven,
  askingPrice: carsForValuation.askingPrice,
  soldAt: carsForValuation.soldAt,
  titleStatus: carsForValuation.titleStatus,
  previousOwners: carsForValuation.previousOwners,
  transmission: carsForValuation.transmission,
  drivetrain: carsForValuation.drivetrain,
  region: carsForValuation.region,
};

const carsAfter = (db: Db, after: string | undefined) =>
  db
    .select(modelled)
    .from(carsForValuation)
    .where(after === undefined ? undefined : gt(carsForValuation.id, after))
    .orderBy(carsForValuation.id)
    .limit(CARS_AT_ONCE);

export type ModelledCarRow = Awaited<ReturnType<typeof carsAfter>>[number];

/**
 * Every car, for sale and sold, as `as` makes it of what the model reads, read in pages by id: a
 * page's rows go once made, so that a million cars are held once, in the model's shape.
 */
export async function allCars<T>(db: Db, as: (car: ModelledCarRow) => T): Promise<T[]> {
  const cars: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await carsAfter(db, after);
    for (const car of page) cars.push(as(car));
    if (page.length < CARS_AT_ONCE) return cars;
    after = page.at(-1)!.id;
  }
}

export async function findCar(db: Db, id: string) {
  const [row] = await db.select().from(carsForValuation).where(eq(carsForValuation.id, id));
  return row;
}

/** Whether any car is valued: an empty table at start-up has the market fitted. */
export async function anyValue(db: Db): Promise<boolean> {
  const [row] = await db.select({ carId: marketValues.carId }).from(marketValues).limit(1);
  return row !== undefined;
}

/** Whether any fit is kept: none at start-up has the market fitted (a database from before migration 0031). */
export async function anyFit(db: Db): Promise<boolean> {
  const [row] = await db.select({ key: marketValueFits.key }).from(marketValueFits).limit(1);
  return row !== undefined;
}

export async function anyCarForSale(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: carsForValuation.id })
    .from(carsForValuation)
    .where(isNull(carsForValuation.soldAt))
    .limit(1);
  return row !== undefined;
}

/** The rows one statement writes. */
const ROWS_AT_ONCE = 1_000;

/** A kept fit and the group it is of. */
export interface GroupKeptFit {
  level: (typeof FIT_LEVELS)[number];
  key: string;
  fit: KeptFit;
}

/**
 * Stores one refit, fitted at `fittedAt`, in the transaction `tx`: its values, each car's row written
 * unless a later refit wrote it already (two refits may overlap), a car deleted meanwhile left out,
 * then the rows no refit since `fittedAt` wrote (cars sold or deleted since) deleted; and its fits in
 * place of the last ones, unless a later refit's are there. The refits' writes take turns (a lock).
 * `rated` is given, after each statement, the cars whose stored rating it set or changed (a car
 * without a row counted as rated `none`, as the search rates it).
 */
export async function storeRefit(
  tx: Tx,
  values: { carId: string; valuation: Valuation }[],
  fits: GroupKeptFit[],
  fittedAt: Date,
  rated: (carIds: string[]) => Promise<void>,
) {
  await tx.execute(sql`lock table ${marketValueFits} in share row exclusive mode`);
  await storeValues(tx, values, fittedAt, rated);
  await storeFits(tx, fits, fittedAt);
}

async function storeValues(
  tx: Tx,
  values: { carId: string; valuation: Valuation }[],
  fittedAt: Date,
  rated: (carIds: string[]) => Promise<void>,
) {
  for (let at = 0; at < values.length; at += ROWS_AT_ONCE) {
    const rows = values.slice(at, at + ROWS_AT_ONCE).map(({ carId, valuation }) => ({
      car_id: carId,
      estimate: valuation.estimate,
      low: valuation.low,
      high: valuation.high,
      rating: valuation.rating,
      comparables: valuation.comparables,
      family: valuation.family,
      area: valuation.area,
    }));
    // The statement's outer select reads the rows as they were before its insert (one snapshot).
    const result = await tx.execute(sql`
      with written as (
        insert into ${marketValues} (car_id, estimate, low, high, rating, comparables, family, area, fitted_at)
        select v.car_id, v.estimate, v.low, v.high, v.rating, v.comparables, v.family, v.area, ${fittedAt.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(car_id uuid, estimate integer, low integer,
          high integer, rating text, comparables integer, family text, area text)
        where exists (select 1 from ${carsForValuation} where ${carsForValuation.id} = v.car_id)
        on conflict (car_id) do update set estimate = excluded.estimate, low = excluded.low, high = excluded.high,
          rating = excluded.rating, comparables = excluded.comparables, family = excluded.family,
          area = excluded.area, fitted_at = excluded.fitted_at
        where ${marketValues.fittedAt} <= excluded.fitted_at
        returning car_id, rating
      )
      select written.car_id as "carId" from written
      left join ${marketValues} replaced on replaced.car_id = written.car_id
      where written.rating <> coalesce(replaced.rating, 'none')`);
    const changed = (result as unknown as { rows: { carId: string }[] }).rows.map((row) => row.carId);
    if (changed.length > 0) await rated(changed);
  }
  await tx.delete(marketValues).where(sql`${marketValues.fittedAt} < ${fittedAt.toISOString()}::timestamptz`);
}

async function storeFits(tx: Tx, fits: GroupKeptFit[], fittedAt: Date) {
  const [later] = await tx
    .select({ key: marketValueFits.key })
    .from(marketValueFits)
    .where(gt(marketValueFits.fittedAt, fittedAt))
    .limit(1);
  if (later) return;
  await tx.delete(marketValueFits);
  for (let at = 0; at < fits.length; at += ROWS_AT_ONCE)
    await tx.insert(marketValueFits).values(
      fits.slice(at, at + ROWS_AT_ONCE).map(({ level, key, fit }) => ({
        level,
        key,
        coefficients: [...fit.coefficients],
        levels: [...fit.levels],
        scale: fit.scale,
        spread: fit.spread,
        cars: fit.cars,
        inRegion: fit.inRegion,
        fittedAt,
      })),
    );
}

/** The kept fits of a make and of a model family (by their keys): undefined for a group the last refit did not fit. */
export async function keptFits(db: Db, makeKey: string, familyKey: string) {
  const rows = await db
    .select()
    .from(marketValueFits)
    .where(
      or(
        and(eq(marketValueFits.level, 'make'), eq(marketValueFits.key, makeKey)),
        and(eq(marketValueFits.level, 'family'), eq(marketValueFits.key, familyKey)),
      ),
    );
  const fitOf = (level: GroupKeptFit['level']) => {
    const row = rows.find((candidate) => candidate.level === level);
    return (
      row && {
        coefficients: row.coefficients,
        levels: row.levels,
        scale: row.scale,
        spread: row.spread,
        cars: row.cars,
        inRegion: row.inRegion,
      }
    );
  };
  return { make: fitOf('make'), family: fitOf('family') };
}

/** A make's and a make and model's names folded as the cars' `brand_key` and `name_key` fold them. */
export async function foldedNames(db: Db, brand: string, model: string) {
  const result = await db.execute(
    sql`select redline_fold(${brand}) as "brandKey", redline_fold(${brand} || ' ' || ${model}) as "nameKey"`,
  );
  return (result as unknown as { rows: { brandKey: string; nameKey: string }[] }).rows[0]!;
}

/** A market value as `marketValueColumn` reads it: the stored row's figures, and the asking price it is rated at. */
interface StoredMarketValue extends Omit<MarketValue, 'rating'> {
  askingPrice: number;
}

/** The market value as the API shows it, rated at the car's asking price now. */
function rated({ askingPrice, fittedAt, ...value }: StoredMarketValue): MarketValue {
  return {
    ...value,
    rating: dealRating(askingPrice, value.estimate),
    // PostgreSQL writes a timestamp in JSON with its offset; the API writes ISO 8601 in UTC.
    fittedAt: new Date(fittedAt).toISOString(),
  };
}

/**
 * A car's market value as the last refit stored it, rated at the asking price given, the car's now
 * (as a search rates it, ADR 57: a price edit moves the rating at once); null when it has none (sold,
 * or not fitted yet). A scalar subquery: the cars module reads it in the statement that reads a car's
 * page, handed it by the app as it is handed the advertisements' `advertisementOf` (ADR 37).
 */
export const marketValueColumn: MarketValueOf = (carId, askingPrice) =>
  sql`(select json_build_object('estimate', ${marketValues.estimate}, 'low', ${marketValues.low},
      'high', ${marketValues.high}, 'comparables', ${marketValues.comparables}, 'family', ${marketValues.family},
      'area', ${marketValues.area}, 'fittedAt', ${marketValues.fittedAt}, 'askingPrice', ${askingPrice})
    from ${marketValues} where ${marketValues.carId} = ${carId})`.mapWith(rated);

const valueOfCar = (db: Db) =>
  db
    .select({ value: marketValueColumn(carsForValuation.id, carsForValuation.askingPrice) })
    .from(carsForValuation)
    .where(eq(carsForValuation.id, sql.placeholder('carId')));

/** A car's market value (`marketValueColumn`), in a statement of its own. */
export async function marketValueOf(statements: Statements, carId: string): Promise<MarketValue | null> {
  const [row] = await statements.get('market_value', valueOfCar).execute({ carId });
  return row?.value ?? null;
}

/** A car's estimate as the last refit stored it (in the caller's transaction); null without one. */
export async function estimateOf(db: Db | Tx, carId: string): Promise<number | null> {
  const [row] = await db
    .select({ estimate: marketValues.estimate })
    .from(marketValues)
    .where(eq(marketValues.carId, carId));
  return row?.estimate ?? null;
}

/** The cars of a scope (a family or make, maybe one region's), but the car itself. */
export interface Scope {
  carId: string;
  family: SQL;
  states: readonly string[] | null;
  /** The car's year and mileage, which the nearest comparables are ordered by. */
  year: number;
  kmDriven: number;
}

const inScope = (scope: Scope, sold: boolean) =>
  and(
    scope.family,
    ne(carsForValuation.id, scope.carId),
    sold ? isNotNull(carsForValuation.soldAt) : isNull(carsForValuation.soldAt),
    scope.states ? inArray(carsForValuation.region, [...scope.states]) : undefined,
  );

const nearest = (scope: Scope) => [
  asc(sql`abs(${carsForValuation.year} - ${scope.year})`),
  asc(sql`abs(${carsForValuation.kmDriven} - ${scope.kmDriven})`),
  asc(carsForValuation.id),
];

/** The scope's cars for sale nearest the car in year, then mileage, each with its own deal rating (null before a refit values it). */
export function comparablesForSale(db: Db, scope: Scope, limit: number) {
  return db
    .select({
      id: carsForValuation.id,
      year: carsForValuation.year,
      brand: carsForValuation.brand,
      model: carsForValuation.model,
      trim: carsForValuation.trim,
      kmDriven: carsForValuation.kmDriven,
      askingPrice: carsForValuation.askingPrice,
      postalCode: carsForValuation.postalCode,
      country: carsForValuation.country,
      city: carsForValuation.city,
      region: carsForValuation.region,
      rating: marketValues.rating,
    })
    .from(carsForValuation)
    .leftJoin(marketValues, eq(marketValues.carId, carsForValuation.id))
    .where(inScope(scope, false))
    .orderBy(...nearest(scope))
    .limit(limit);
}

/** The scope's sold cars nearest the car in year, then mileage. */
export function soldComparables(db: Db, scope: Scope, limit: number) {
  return db
    .select({
      year: carsForValuation.year,
      kmDriven: carsForValuation.kmDriven,
      price: carsForValuation.askingPrice,
    })
    .from(carsForValuation)
    .where(inScope(scope, true))
    .orderBy(...nearest(scope))
    .limit(limit);
}

/** How many of the scope's cars are for sale and sold, and the sold ones' median price (one of their prices). */
export async function comparableCounts(db: Db, scope: Scope) {
  const [forSale] = await db.select({ count: count() }).from(carsForValuation).where(inScope(scope, false));
  const [sold] = await db
    .select({
      count: count(),
      medianPrice: sql<
        number | null
      >`percentile_disc(0.5) within group (order by ${carsForValuation.askingPrice})`.mapWith(Number),
    })
    .from(carsForValuation)
    .where(inScope(scope, true));
  return { forSale: forSale!.count, sold: sold!.count, medianPrice: sold!.count ? sold!.medianPrice : null };
}
