import { carName, type Page, type PageQuery, type SavedCar, type SessionUser } from '@redline/shared';
import { type ListOwner, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import { carCoverUrl, carPlace, lockCar } from '../cars/index.ts';
import * as repo from './saved-cars.repository.ts';

export async function isSaved(context: AppContext, buyer: SessionUser, carId: string) {
  return { saved: await repo.isSaved(context.database.db, buyer.id, carId) };
}

export async function listSavedCars(
  context: AppContext,
  actor: SessionUser,
  email: string,
  query: PageQuery,
): Promise<Page<SavedCar>> {
  const buyer = await requireAccess(context, actor, { permission: 'buyer.savedCars', id: email });
  const page = await repo.listSavedCars(context.database.db, buyer.id, query.limit, query.cursor);
  return { items: page.items.map((row) => toSavedCar(context, buyer, row)), nextCursor: page.nextCursor };
}

export async function saveCar(context: AppContext, buyer: SessionUser, carId: string): Promise<SavedCar> {
  const row = await context.database.db.transaction(async (tx) => {
    // Held until the save commits, so that the car cannot be deleted in between.
    if (!(await lockCar(tx, carId, 'share'))) throw notFound('The car');
    if (!(await repo.insertSavedCar(tx, buyer.id, carId))) throw conflict('This post is already saved.');
    return repo.findSavedCar(tx, buyer.id, carId);
  });
  return toSavedCar(context, buyer, row!);
}

/** Only the caller's own row can go; removing what was not saved removes nothing. */
export async function removeSavedCar(context: AppContext, buyer: SessionUser, carId: string) {
  return { deletedCount: await repo.deleteSavedCar(context.database.db, buyer.id, carId) };
}

function toSavedCar(context: AppContext, buyer: ListOwner, row: repo.SavedCarRow): SavedCar {
  return {
    buyer: buyer.id,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    car: row.carId,
    carName: carName(row),
    carSeller: row.sellerName,
    carSellerVerified: row.sellerVerified,
    carPhoto: carCoverUrl(context, row.photos, row.coverWidth),
    carLocation: carPlace(row),
    savedAt: row.savedAt.toISOString(),
  };
}
