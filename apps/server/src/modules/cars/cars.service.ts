/** Car rules: who may list, post, edit and delete which car. */
import type { Car, CarInput, CarPage, CarUpdate, PageQuery, User } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../db/pagination.ts';
import { cars } from '../../db/schema.ts';
import { publish } from '../../events/index.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { claimPhotosForCar } from '../photos/photos.service.ts';
import { deleteCarsWhere } from './car-deletion.ts';
import { type CarDeps, toCars } from './car-view.ts';
import * as repo from './cars.repository.ts';

export async function listCategoryCars(deps: CarDeps, categoryId: string, page: PageQuery): Promise<CarPage> {
  if (!(await repo.categoryExists(deps.db, categoryId))) throw notFound('The category');
  const rows = await repo.listUnsoldCarsOfCategory(deps.db, categoryId, page.limit, page.cursor);
  return { items: toCars(deps.photos, rows.items), nextCursor: rows.nextCursor };
}

/** Any signed-in user may view a car, sold ones included (they show `soldAt`). */
export async function getCar(deps: CarDeps, id: string): Promise<Car> {
  const row = isUuid(id) ? await repo.findCarView(deps.db, id) : undefined;
  if (!row) throw notFound('The car');
  const [car] = toCars(deps.photos, [row]);
  return car!;
}

/** A seller's own cars, sold ones included; a seller sees only their own list, an admin anyone's. */
export async function listSellerCars(
  deps: CarDeps,
  actor: User,
  email: string,
  page: PageQuery,
): Promise<CarPage> {
  if (actor.role !== 'Admin' && actor.email !== email) throw forbidden('You can only list your own cars.');
  const seller = await repo.findSellerByEmail(deps.db, email);
  if (!seller) throw notFound('The seller');
  const rows = await repo.listCarsOfSeller(deps.db, seller.id, page.limit, page.cursor);
  return { items: toCars(deps.photos, rows.items), nextCursor: rows.nextCursor };
}

/** The seller and the dates come from the session and the server; the body only describes the car. */
export async function createCar(deps: CarDeps, actor: User, input: CarInput): Promise<Car> {
  await assertCategory(deps, input.categoryId);
  const id = await deps.db.transaction(async (tx) => {
    await claimPhotosForCar(tx, input.photos, actor.id);
    const car = await repo.insertCar(tx, { ...carValues(input), sellerId: actor.id });
    await publish(tx, 'car.posted', { carId: car.id, sellerId: actor.id });
    return car.id;
  });
  return getCar(deps, id);
}

/** The car's seller edits it, or marks it sold (it then leaves the advertisements) or back on sale. */
export async function updateCar(deps: CarDeps, actor: User, id: string, update: CarUpdate): Promise<Car> {
  const car = isUuid(id) ? await repo.findCar(deps.db, id) : undefined;
  if (!car) throw notFound('The car');
  if (car.sellerId !== actor.id) throw forbidden('You can only edit your own cars.');
  if (update.categoryId !== undefined) await assertCategory(deps, update.categoryId);

  const { sold, ...fields } = update;
  // The update schema only lets the car's editable fields through.
  const values: Partial<repo.CarValues> & { soldAt?: Date | null } = {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    // Marking an already sold car sold again keeps the date it was first sold.
    ...(sold === undefined ? {} : { soldAt: sold ? (car.soldAt ?? new Date()) : null }),
  };
  await deps.db.transaction(async (tx) => {
    if (update.photos) await claimPhotosForCar(tx, update.photos, actor.id, car.photos);
    if (!(await repo.updateCarOfSeller(tx, id, actor.id, values))) throw notFound('The car');
    await publish(tx, sold && !car.soldAt ? 'car.sold' : 'car.updated', { carId: id });
  });
  return getCar(deps, id);
}

/** The car's seller or an admin; what hangs on the car goes with it (see car-deletion.ts). */
export async function deleteCar(deps: CarDeps, actor: User, id: string) {
  const car = isUuid(id) ? await repo.findCar(deps.db, id) : undefined;
  if (!car) throw notFound('The car');
  const isAdmin = actor.role === 'Admin';
  if (!isAdmin && car.sellerId !== actor.id) throw forbidden('You can only delete your own cars.');
  const where = isAdmin ? eq(cars.id, id) : and(eq(cars.id, id), eq(cars.sellerId, actor.id))!;
  const deleted = await deps.db.transaction((tx) => deleteCarsWhere(tx, where));
  return { deletedCount: deleted.length };
}

async function assertCategory(deps: CarDeps, categoryId: string) {
  if (!(await repo.categoryExists(deps.db, categoryId))) {
    throw badRequest('Choose a category from the list.', { categoryId: 'Choose a category from the list' });
  }
}

/** Only the car's own fields, whatever else the body carried. */
function carValues(input: CarInput): repo.CarValues {
  return {
    year: input.year,
    brand: input.brand,
    model: input.model,
    categoryId: input.categoryId,
    engine: input.engine,
    fuel: input.fuel,
    about: input.about,
    askingPrice: input.askingPrice,
    originalPrice: input.originalPrice,
    topSpeed: input.topSpeed,
    kmDriven: input.kmDriven,
    photos: input.photos,
  };
}
