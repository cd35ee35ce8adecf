import { carName, type Page, type PageQuery, type SavedPost, type User } from '@redline/shared';
import { type ListOwner, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import { carCoverUrl } from '../cars/index.ts';
import * as repo from './saved-posts.repository.ts';

export async function isSaved(context: AppContext, buyer: User, carId: string) {
  return { saved: await repo.isSaved(context.database.db, buyer.id, carId) };
}

export async function listSavedPosts(
  context: AppContext,
  actor: User,
  email: string,
  query: PageQuery,
): Promise<Page<SavedPost>> {
  const buyer = await requireAccess(context, actor, { permission: 'buyer.savedPosts', id: email });
  const page = await repo.listSavedPosts(context.database.db, buyer.id, query.limit, query.cursor);
  return { items: page.items.map((row) => toSavedPost(context, buyer, row)), nextCursor: page.nextCursor };
}

export async function savePost(context: AppContext, buyer: User, carId: string): Promise<SavedPost> {
  const row = await context.database.db.transaction(async (tx) => {
    if (!(await repo.lockCar(tx, carId))) throw notFound('The car');
    if (!(await repo.insertSavedPost(tx, buyer.id, carId))) throw conflict('This post is already saved.');
    return repo.findSavedPost(tx, buyer.id, carId);
  });
  return toSavedPost(context, buyer, row!);
}

/** Only the caller's own row can go; removing what was not saved removes nothing. */
export async function removeSavedPost(context: AppContext, buyer: User, carId: string) {
  return { deletedCount: await repo.deleteSavedPost(context.database.db, buyer.id, carId) };
}

function toSavedPost(context: AppContext, buyer: ListOwner, row: repo.SavedPostRow): SavedPost {
  return {
    buyer: buyer.id,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    car: row.carId,
    carName: carName(row),
    carSeller: row.sellerName,
    carSellerVerified: row.sellerVerified,
    carPhoto: carCoverUrl(context, row.photos, row.coverWidth),
    savedAt: row.savedAt.toISOString(),
  };
}
