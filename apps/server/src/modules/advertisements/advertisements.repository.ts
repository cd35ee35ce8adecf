import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { type AdvertisementOf, carViews } from '../cars/index.ts';
import { advertisements } from './advertisements.schema.ts';

/**
 * The id of the car's advertisement, null when it has none (a car has one at most): what a car
 * view reads of the advertisements, a scalar subquery the cars module puts in its statements.
 */
export const advertisementOf: AdvertisementOf = (carId) =>
  sql<
    string | null
  >`(select ${advertisements.id} from ${advertisements} where ${advertisements.carId} = ${carId})`;

/** Advertised cars still for sale, newest advertisement first. */
export async function listAdvertisedCars(db: Db, limit: number, cursor?: string) {
  const page = keyset(advertisements.createdAt, advertisements.id, cursor);
  const rows = await db
    .select()
    .from(advertisements)
    .innerJoin(carViews, eq(carViews.id, advertisements.carId))
    .where(and(isNull(carViews.soldAt), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  const cars = rows.map(({ car_views: car, advertisements: advertisement }) => ({
    ...car,
    advertisementId: advertisement.id,
    advertisedAt: advertisement.createdAt,
  }));
  return toPage(cars, limit, (r) => [r.advertisedAt, r.advertisementId]);
}

/** Undefined when the car is already advertised (the unique index on car_id decides, races included). */
export async function insertAdvertisement(db: Db, carId: string) {
  const [row] = await db
    .insert(advertisements)
    .values({ carId })
    .onConflictDoNothing({ target: advertisements.carId })
    .returning({ id: advertisements.id, carId: advertisements.carId, createdAt: advertisements.createdAt });
  return row;
}
