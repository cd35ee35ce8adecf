/**
 * Rows counted per car and day (UTC), the shape in which the modules that own a buyer's acts (saves,
 * messages, offers, test-drive requests) hand them to the listing stats module, each from its own
 * table (ADR 37).
 */
import { and, count, type SQL, type SQLWrapper, type Subquery, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

export interface DailyCount {
  carId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  count: number;
}

/**
 * Whether the car id in `carId` is one of `carIds`: the ids go as one array parameter, so a dealer's
 * twenty thousand cars make one bound value, not a statement of twenty thousand.
 */
export const amongCars = (carId: SQLWrapper, carIds: readonly string[]) =>
  sql`${carId} = any(${sql.param(carIds)}::uuid[])`;

/** A timestamp's day in UTC, as `YYYY-MM-DD`. */
export const utcDay = (at: SQLWrapper) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * How many rows of `table` (or a subquery's) each of these cars has per day since `since`, by its
 * `carId` and `at` columns, among those `where` keeps.
 */
export async function dailyCounts(
  db: Db | Tx,
  source: {
    table: PgTable | Subquery;
    carId: AnyPgColumn | SQL.Aliased<string | null>;
    at: AnyPgColumn | SQL.Aliased<Date>;
    where?: SQL;
  },
  carIds: readonly string[],
  since: Date,
): Promise<DailyCount[]> {
  if (carIds.length === 0) return [];
  const day = utcDay(source.at);
  const rows = await db
    .select({ carId: source.carId, day, count: count() })
    .from(source.table)
    .where(and(amongCars(source.carId, carIds), sql`${source.at} >= ${since}`, source.where))
    .groupBy(source.carId, day);
  return rows.map((row) => ({ carId: row.carId as string, day: row.day, count: row.count }));
}
