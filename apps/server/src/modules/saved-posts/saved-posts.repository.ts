import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, toPage } from '../../db/pagination.ts';
import { cars, savedPosts, users } from '../../db/schema.ts';
import { coverPhotoJoin, coverWidth } from '../cars/index.ts';

function selectSavedPosts(db: Db | Tx) {
  return db
    .select({
      id: savedPosts.id,
      carId: savedPosts.carId,
      savedAt: savedPosts.createdAt,
      year: cars.year,
      brand: cars.brand,
      model: cars.model,
      photos: cars.photos,
      coverWidth,
      sellerName: users.name,
      sellerVerified: users.isVerified,
    })
    .from(savedPosts)
    .innerJoin(cars, eq(cars.id, savedPosts.carId))
    .innerJoin(users, eq(users.id, cars.sellerId))
    .leftJoin(...coverPhotoJoin);
}

export type SavedPostRow = Awaited<ReturnType<typeof listSavedPosts>>['items'][number];

export async function isSaved(db: Db, buyerId: string, carId: string) {
  const [row] = await db
    .select({ id: savedPosts.id })
    .from(savedPosts)
    .where(and(eq(savedPosts.buyerId, buyerId), eq(savedPosts.carId, carId)))
    .limit(1);
  return row !== undefined;
}

export async function listSavedPosts(db: Db, buyerId: string, limit: number, cursor: string | undefined) {
  const page = keyset(savedPosts.createdAt, savedPosts.id, cursor);
  const rows = await selectSavedPosts(db)
    .where(and(eq(savedPosts.buyerId, buyerId), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, (r) => [r.savedAt, r.id]);
}

export async function findSavedPost(db: Db | Tx, buyerId: string, carId: string) {
  const [row] = await selectSavedPosts(db)
    .where(and(eq(savedPosts.buyerId, buyerId), eq(savedPosts.carId, carId)))
    .limit(1);
  return row;
}

/** Holds the car until the save commits, so that it cannot be deleted in between. */
export async function lockCar(tx: Tx, carId: string) {
  const [row] = await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for('share');
  return row;
}

/** Returns false when the buyer had already saved the car. */
export async function insertSavedPost(tx: Tx, buyerId: string, carId: string) {
  const inserted = await tx
    .insert(savedPosts)
    .values({ buyerId, carId })
    .onConflictDoNothing({ target: [savedPosts.buyerId, savedPosts.carId] })
    .returning({ id: savedPosts.id });
  return inserted.length > 0;
}

export async function deleteSavedPost(db: Db, buyerId: string, carId: string) {
  const deleted = await db
    .delete(savedPosts)
    .where(and(eq(savedPosts.buyerId, buyerId), eq(savedPosts.carId, carId)))
    .returning({ id: savedPosts.id });
  return deleted.length;
}
