import { and, asc, inArray, lt, not, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import type { PhotoSize } from './photo-urls.ts';
import { photos } from './photos.schema.ts';

/**
 * Each uploaded photo's size by key: what other modules read of the photos (a car's cover and its
 * photos' sizes), joined in their own statements. PostgreSQL inlines it, so the join costs what a
 * join of the table did.
 */
export const photoSizes = new QueryBuilder()
  .select({ key: photos.key, width: photos.width, height: photos.height })
  .from(photos)
  .as('photo_sizes');

export async function insertPhoto(db: Db, row: { key: string; uploaderId: string | null } & PhotoSize) {
  await db.insert(photos).values(row).onConflictDoNothing();
}

/**
 * Marks photos of these uploaders as just used, which also holds them back from the cleanup
 * (it only takes rows older than a day, and this row lock makes a concurrent cleanup skip them).
 * Returns the keys that exist and belong to one of the uploaders.
 */
export async function claimPhotos(db: Db | Tx, keys: string[], uploaderIds: readonly string[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .update(photos)
    .set({ createdAt: sql`now()` })
    .where(and(inArray(photos.key, keys), inArray(photos.uploaderId, [...uploaderIds])))
    .returning({ key: photos.key, width: photos.width, height: photos.height });
  return rows;
}

/** Keys are looked up this many to a statement (PostgreSQL takes at most 65,535 parameters in one). */
const LOOKUP_BATCH = 5000;

/** Which of these keys are photos of these uploaders, without claiming them: what an import's preview checks. */
export async function photosOfUploaders(db: Db | Tx, keys: string[], uploaderIds: readonly string[]) {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({ key: photos.key })
      .from(photos)
      .where(
        and(
          inArray(photos.key, keys.slice(i, i + LOOKUP_BATCH)),
          inArray(photos.uploaderId, [...uploaderIds]),
        ),
      );
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/**
 * Whether a module shows the photo of this key (a car lists it, a dealer has it as its logo): a
 * condition that module builds (`listedByACar`, `dealerLogo` on their surfaces). They import this
 * module, so the app hands them to this one (`photosModule` in index.ts; ADR 37).
 */
export type PhotoInUse = (photoKey: SQLWrapper) => SQL<boolean>;

/**
 * Photo rows older than `olderThan` that nothing shows, locked for deletion (rows another
 * transaction is claiming are skipped). The GIN index on cars.photos answers each car's lookup.
 */
export function lockUnattachedPhotos(tx: Tx, inUse: PhotoInUse[], olderThan: Date, limit: number) {
  return tx
    .select({ key: photos.key, width: photos.width })
    .from(photos)
    .where(and(lt(photos.createdAt, olderThan), not(or(...inUse.map((used) => used(photos.key)))!)))
    .orderBy(asc(photos.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deletePhotoRows(tx: Tx, keys: string[]) {
  if (keys.length === 0) return;
  await tx.delete(photos).where(inArray(photos.key, keys));
}
