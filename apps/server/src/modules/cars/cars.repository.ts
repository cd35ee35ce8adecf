import type { Fuel } from '@redline/shared';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { advertisements, cars, categories, users } from '../../db/schema.ts';

/** Everything a car view needs: the car, its category's name, its seller and whether it is advertised. */
export const carViewColumns = {
  id: cars.id,
  year: cars.year,
  brand: cars.brand,
  model: cars.model,
  categoryId: cars.categoryId,
  categoryName: categories.name,
  engine: cars.engine,
  fuel: cars.fuel,
  about: cars.about,
  askingPrice: cars.askingPrice,
  originalPrice: cars.originalPrice,
  topSpeed: cars.topSpeed,
  kmDriven: cars.kmDriven,
  photos: cars.photos,
  sellerId: cars.sellerId,
  sellerName: users.name,
  sellerEmail: users.email,
  sellerVerified: users.isVerified,
  addedDate: cars.addedDate,
  soldAt: cars.soldAt,
  advertisementId: advertisements.id,
};

function selectCarViews(db: Db) {
  return db
    .select(carViewColumns)
    .from(cars)
    .innerJoin(categories, eq(categories.id, cars.categoryId))
    .innerJoin(users, eq(users.id, cars.sellerId))
    .leftJoin(advertisements, eq(advertisements.carId, cars.id));
}

export type CarViewRow = Awaited<ReturnType<typeof findCarView>> & {};

export async function findCarView(db: Db, id: string) {
  const [row] = await selectCarViews(db).where(eq(cars.id, id));
  return row;
}

/** Newest first by (addedDate, id), so pages stay stable while cars are added. */
async function carPage(db: Db, where: SQL | undefined, limit: number, cursor: string | undefined) {
  const page = keyset(cars.addedDate, cars.id, cursor);
  const rows = await selectCarViews(db)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  return toPage(rows, limit, (r) => [r.addedDate, r.id]);
}

export function listUnsoldCarsOfCategory(db: Db, categoryId: string, limit: number, cursor?: string) {
  return carPage(db, and(eq(cars.categoryId, categoryId), isNull(cars.soldAt)), limit, cursor);
}

export function listCarsOfSeller(db: Db, sellerId: string, limit: number, cursor?: string) {
  return carPage(db, eq(cars.sellerId, sellerId), limit, cursor);
}

export async function categoryExists(db: Db | Tx, id: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

export async function findSellerByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'Seller')));
  return row;
}

export async function findCar(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: cars.id, sellerId: cars.sellerId, photos: cars.photos, soldAt: cars.soldAt })
    .from(cars)
    .where(eq(cars.id, id));
  return row;
}

export interface CarValues {
  year: number;
  brand: string;
  model: string;
  categoryId: string;
  engine: string;
  fuel: Fuel;
  about: string;
  askingPrice: number;
  originalPrice: number;
  topSpeed: number;
  kmDriven: number;
  photos: string[];
}

export async function insertCar(tx: Tx, values: CarValues & { sellerId: string }) {
  const [row] = await tx.insert(cars).values(values).returning({ id: cars.id });
  return row!;
}

/** Updates a car of this seller only; returns whether it did. */
export async function updateCarOfSeller(
  tx: Tx,
  id: string,
  sellerId: string,
  values: Partial<CarValues> & { soldAt?: Date | null },
) {
  const rows = await tx
    .update(cars)
    .set(values)
    .where(and(eq(cars.id, id), eq(cars.sellerId, sellerId)))
    .returning({ id: cars.id });
  return rows.length > 0;
}
