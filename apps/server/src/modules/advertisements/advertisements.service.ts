/** Advertising: a seller puts one of their unsold cars on the public What's New list, once. */
import type { AdvertisedCarPage, Advertisement, PageQuery, User } from '@redline/shared';
import { isUuid } from '../../db/pagination.ts';
import { publish } from '../../events/index.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { type CarDeps, toAdvertisedCars } from '../cars/car-view.ts';
import { findCar } from '../cars/cars.repository.ts';
import * as repo from './advertisements.repository.ts';

export async function listAdvertisedCars(deps: CarDeps, page: PageQuery): Promise<AdvertisedCarPage> {
  const rows = await repo.listAdvertisedCars(deps.db, page.limit, page.cursor);
  return { items: toAdvertisedCars(deps.photos, rows.items), nextCursor: rows.nextCursor };
}

export async function advertiseCar(deps: CarDeps, actor: User, carId: string): Promise<Advertisement> {
  const car = isUuid(carId) ? await findCar(deps.db, carId) : undefined;
  if (!car) throw notFound('The car');
  if (car.sellerId !== actor.id) throw forbidden('You can only advertise your own cars.');
  if (car.soldAt) throw conflict('A sold car cannot be advertised.');
  const advertisement = await deps.db.transaction(async (tx) => {
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
