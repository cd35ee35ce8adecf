import type { AlertFrequency } from '@redline/shared';
import { and, asc, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { savedSearches, savedSearchMatches } from './saved-searches.schema.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export async function listSavedSearches(db: Db, buyerId: string, limit: number) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.buyerId, buyerId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(limit);
}

/** Locks the buyer's row until the transaction ends: their saved searches are counted, then added to, one request at a time. */
export async function lockBuyer(tx: Tx, buyerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, buyerId)).for('update');
}

export async function countSavedSearches(tx: Tx, buyerId: string) {
  const [row] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.buyerId, buyerId));
  return row?.n ?? 0;
}

/** The buyer's search with these filters (by their canonical key), if they saved it already. */
export async function findByFilters(tx: Tx, buyerId: string, filtersKey: string) {
  const [row] = await tx
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.buyerId, buyerId), eq(savedSearches.filtersKey, filtersKey)));
  return row;
}

export async function insertSavedSearch(tx: Tx, row: typeof savedSearches.$inferInsert) {
  const [inserted] = await tx.insert(savedSearches).values(row).returning();
  return inserted!;
}

export async function updateSavedSearch(
  tx: Tx,
  id: string,
  change: { name?: string; frequency?: AlertFrequency },
) {
  const [updated] = await tx.update(savedSearches).set(change).where(eq(savedSearches.id, id)).returning();
  return updated!;
}

export async function deleteSavedSearch(tx: Tx, id: string) {
  const deleted = await tx
    .delete(savedSearches)
    .where(eq(savedSearches.id, id))
    .returning({ id: savedSearches.id });
  return deleted.length;
}

/** Whether any buyer keeps a saved search: when none does, a new car has nothing to be matched against. */
export async function anySavedSearch(tx: Db | Tx) {
  const [row] = await tx.select({ id: savedSearches.id }).from(savedSearches).limit(1);
  return row !== undefined;
}

/** A saved search that filters by deal rating (an empty list filters nothing). */
const filtersByRating = sql`jsonb_array_length(${savedSearches.filters} -> 'rating') > 0`;

/** Whether any buyer keeps a search by deal rating: when none does, a car's new rating has nothing to be matched against. */
export async function anySearchByRating(tx: Db | Tx) {
  const [row] = await tx.select({ id: savedSearches.id }).from(savedSearches).where(filtersByRating).limit(1);
  return row !== undefined;
}

/**
 * The searches saved by `postedAt` (a search saved later has seen the car already), by id after
 * `after`; `byRating`, only those that filter by deal rating.
 */
export async function searchesSavedBy(
  db: Db,
  postedAt: Date,
  { after, limit, byRating }: { after: string | undefined; limit: number; byRating: boolean },
) {
  return db
    .select({
      id: savedSearches.id,
      filters: savedSearches.filters,
      frequency: savedSearches.frequency,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(
      and(
        lte(savedSearches.createdAt, postedAt),
        after === undefined ? undefined : gt(savedSearches.id, after),
        byRating ? filtersByRating : undefined,
      ),
    )
    .orderBy(asc(savedSearches.id))
    .limit(limit);
}

/**
 * Records the car's matches of these searches, each once: an instant search's as told now (its
 * notification is made in the same transaction), a daily one's waiting for the digest. Returns the
 * searches it was new to.
 */
export async function insertMatches(
  tx: Tx,
  carId: string,
  searches: readonly { id: string; frequency: AlertFrequency }[],
) {
  if (searches.length === 0) return [];
  const rows = await tx
    .insert(savedSearchMatches)
    .values(
      searches.map((search) => ({
        savedSearchId: search.id,
        carId,
        toldAt: search.frequency === 'instant' ? sql`now()` : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ savedSearchId: savedSearchMatches.savedSearchId, toldAt: savedSearchMatches.toldAt });
  return rows;
}

/** The saved searches with matches not told yet (a daily digest's), at most `limit`, after the id `after`. */
export async function searchesWithUntold(db: Db, after: string | undefined, limit: number) {
  const rows = await db
    .selectDistinct({ id: savedSearchMatches.savedSearchId })
    .from(savedSearchMatches)
    .where(
      and(
        isNull(savedSearchMatches.toldAt),
        after === undefined ? undefined : gt(savedSearchMatches.savedSearchId, after),
      ),
    )
    .orderBy(asc(savedSearchMatches.savedSearchId))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks the search's untold matches told, and returns their cars. */
export async function tellUntold(tx: Tx, savedSearchId: string) {
  const told = await tx
    .update(savedSearchMatches)
    .set({ toldAt: sql`now()` })
    .where(and(eq(savedSearchMatches.savedSearchId, savedSearchId), isNull(savedSearchMatches.toldAt)))
    .returning({ carId: savedSearchMatches.carId });
  return told.map((row) => row.carId);
}

/** A saved search: whose it is, its name and filters. */
export async function findSavedSearch(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({ buyerId: savedSearches.buyerId, name: savedSearches.name, filters: savedSearches.filters })
    .from(savedSearches)
    .where(eq(savedSearches.id, id));
  return row;
}
