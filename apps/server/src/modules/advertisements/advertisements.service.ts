/** Advertising: a seller puts one of their unsold cars on the public What's New list, once. */
import type { AdvertisedCarPage, Advertisement, PageQuery, User } from '@redline/shared';
import { invalidateCatalogue } from '../../catalogue/catalogue-cache.ts';
import { isUuid } from '../../db/pagination.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { type CarDeps, findCar, toAdvertisedCars } from '../cars/index.ts';
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
  const advertisement = await repo.insertAdvertisement(deps.db, car.id);
  if (!advertisement) throw conflict('This car is already advertised.');
  invalidateCatalogue(deps.db);
  return {
    id: advertisement.id,
    carId: advertisement.carId,
    advertisedAt: advertisement.createdAt.toISOString(),
  };
}
