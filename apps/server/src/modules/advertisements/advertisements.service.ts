/** Advertising: a seller puts one of their unsold cars on the public What's New list, once. */
import type { AdvertisedCarPage, Advertisement, PageQuery, SessionUser } from '@redline/shared';
import { requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { findCar, toAdvertisedCars } from '../cars/index.ts';
import * as repo from './advertisements.repository.ts';

export async function listAdvertisedCars(context: AppContext, page: PageQuery): Promise<AdvertisedCarPage> {
  const rows = await repo.listAdvertisedCars(context.database.db, page.limit, page.cursor);
  return { items: toAdvertisedCars(context.photos, rows.items), nextCursor: rows.nextCursor };
}

export async function advertiseCar(
  context: AppContext,
  actor: SessionUser,
  carId: string,
): Promise<Advertisement> {
  const { db } = context.database;
  await requireAccess(context, actor, { permission: 'car.advertise', id: carId });
  const car = await findCar(db, carId);
  if (!car) throw notFound('The car');
  if (car.soldAt) throw conflict('A sold car cannot be advertised.');
  const advertisement = await db.transaction(async (tx) => {
    const row = await repo.insertAdvertisement(tx, car.id);
    if (row) await publish(tx, 'car.advertised', { carId: car.id, advertisementId: row.id });
    return row;
  });
  if (!advertisement) throw conflict('This car is already advertised.');
  return {
    id: advertisement.id,
    carId: advertisement.carId,
    advertisedAt: advertisement.createdAt.toISOString(),
  };
}
