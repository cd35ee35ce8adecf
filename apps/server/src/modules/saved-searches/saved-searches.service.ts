import {
  hasFilters,
  narrowingFilters,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchChange,
  type SessionUser,
  type savedSearchInputSchema,
} from '@redline/shared';
import type { z } from 'zod';
import { requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../errors.ts';
import { searchKey } from '../search/index.ts';
import * as repo from './saved-searches.repository.ts';

export async function listSavedSearches(context: AppContext, buyer: SessionUser) {
  const rows = await repo.listSavedSearches(context.database.db, buyer.id, SAVED_SEARCHES_MAX);
  return { items: rows.map(toSavedSearch) };
}

/**
 * Keeps a search for the buyer: one that narrows the cars at all, not one they keep already (by
 * its filters, whatever their order or repetitions), and no more than SAVED_SEARCHES_MAX of them.
 */
export async function saveSearch(
  context: AppContext,
  buyer: SessionUser,
  input: z.output<typeof savedSearchInputSchema>,
): Promise<SavedSearch> {
  const filters = narrowingFilters(input.filters);
  if (!hasFilters(filters)) throw badRequest('Choose at least one filter or type something to search.');
  const filtersKey = searchKey(filters);
  const row = await context.database.db.transaction(async (tx) => {
    await repo.lockBuyer(tx, buyer.id);
    const same = await repo.findByFilters(tx, buyer.id, filtersKey);
    if (same) throw conflict(`You already saved this search as “${same.name}”.`);
    if ((await repo.countSavedSearches(tx, buyer.id)) >= SAVED_SEARCHES_MAX)
      throw conflict(`You can keep ${SAVED_SEARCHES_MAX} saved searches: delete one to save another.`);
    return repo.insertSavedSearch(tx, {
      buyerId: buyer.id,
      name: input.name,
      filters,
      filtersKey,
      frequency: input.frequency,
    });
  });
  return toSavedSearch(row);
}

export async function changeSavedSearch(
  context: AppContext,
  buyer: SessionUser,
  id: string,
  change: SavedSearchChange,
): Promise<SavedSearch> {
  const row = await context.database.db.transaction(async (tx) => {
    await requireAccess(context, buyer, { permission: 'savedSearch.manage', id, tx });
    return repo.updateSavedSearch(tx, id, change);
  });
  return toSavedSearch(row);
}

export async function deleteSavedSearch(context: AppContext, buyer: SessionUser, id: string) {
  const deletedCount = await context.database.db.transaction(async (tx) => {
    await requireAccess(context, buyer, { permission: 'savedSearch.manage', id, tx });
    return repo.deleteSavedSearch(tx, id);
  });
  return { deletedCount };
}

function toSavedSearch(row: repo.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
  };
}
