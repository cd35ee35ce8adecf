import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { advertisements, cars, categories, users } from '../../db/schema.ts';
import { carViewColumns } from '../cars/index.ts';

/** Advertised cars still for sale, newest advertisement first. */
export async function listAdvertisedCars(db: Db, limit: number, cursor?: string) {
  const page = keyset(advertisements.createdAt, advertisements.id, cursor);
  const rows = await db
    .select({
      ...carViewColumns,
      advertisementId: advertisements.id,
      advertisedAt: advertisements.createdAt,
    })
    .from(advertisements)
    .innerJoin(cars, eq(cars.id, advertisements.carId))
    .innerJoin(categories, eq(categories.id, cars.categoryId))
    .innerJoin(users, eq(users.id, cars.sellerId))
    .where(and(isNull(cars.soldAt), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.advertisedAt, r.advertisementId!]);
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
