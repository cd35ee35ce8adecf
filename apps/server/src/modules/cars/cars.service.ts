/** Car rules: who may list, post, edit and delete which car. */
import type {
  CarComparison,
  CarComparisonQuery,
  CarDetail,
  CarInput,
  CarPage,
  CarSearchQuery,
  CarSearchResult,
  CarSuggestions,
  CarUpdate,
  PageQuery,
  SellerCar,
  SellerCarPage,
  SessionUser,
} from '@redline/shared';
import { dealRating, distanceKm, formatMoney, PRICE_ORDER_MESSAGE, vinProblem } from '@redline/shared';
import { actingAs, requireAccess } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import type { Statements, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/pagination.ts';
import { badRequest, gone, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { placeOf, requirePlace } from '../../places/gazetteer.ts';
import { categoryExists } from '../categories/index.ts';
import { claimPhotosForCar } from '../photos/index.ts';
import { nearPoint } from '../search/index.ts';
import { removeCar } from './car-deletion.ts';
import { linkedNames } from './car-names.ts';
import { toCarDetail, toCars, toSellerCars } from './car-view.ts';
import * as repo from './cars.repository.ts';

/** The app's context, with what the cars module is handed of the advertisements and the market values (`carsModule`, index.ts). */
export type CarsContext = AppContext & {
  advertisementOf: repo.AdvertisementOf;
  marketValueOf: repo.MarketValueOf;
};

export async function listCategoryCars(
  context: CarsContext,
  categoryId: string,
  page: PageQuery,
): Promise<CarPage> {
  const { statements } = context.database;
  if (!(await categoryExists(statements, categoryId))) throw notFound('The category');
  const rows = await repo.listUnsoldCarsOfCategory(
    statements,
    context.advertisementOf,
    categoryId,
    page.limit,
    page.cursor,
  );
  return { items: toCars(context.photos, rows.items), nextCursor: rows.nextCursor };
}

/** Any signed-in user may search the cars for sale (the search module finds them, this module shows them). */
export async function searchCars(context: CarsContext, query: CarSearchQuery): Promise<CarSearchResult> {
  const { ids, distancesKm, dealRatings, ...found } = await context.search.carIds(query);
  const rows = await repo.findCarViews(context.database.statements, context.advertisementOf, ids);
  const at = new Map(ids.map((id, i) => [id, i]));
  return {
    items: toCars(context.photos, rows).map((car) => ({
      ...car,
      distanceKm: distancesKm[at.get(car.id)!] ?? null,
      dealRating: dealRatings[at.get(car.id)!] ?? 'none',
    })),
    ...found,
  };
}

/** The search box's completions: brands and models of cars for sale, from the names kept in memory. */
export async function suggestCars(context: AppContext, q: string): Promise<CarSuggestions> {
  return context.search.suggest(q);
}

/**
 * Any signed-in user may view a car, sold ones included (they show `soldAt`), with its price history
 * and, while for sale, its market value.
 */
export async function getCar(context: CarsContext, id: string): Promise<CarDetail> {
  if (!isUuid(id)) throw notFound('The car');
  const row = await repo.findCarPage(
    context.database.statements,
    context.advertisementOf,
    context.marketValueOf,
    id,
  );
  if (!row)
    throw (await repo.wasRemoved(context.database.db, id))
      ? gone('The car was deleted: it is no longer on Redline.')
      : notFound('The car');
  return toCarDetail(context.photos, row);
}

/**
 * Any signed-in user may compare cars for sale side by side: those of `ids` still for sale, in that
 * order; an id of no car, of a deleted or a sold one is left out (the page says so), not refused.
 * With `near`, each car's distance from there, measured as a search measures it; each with its market
 * value, as its page has it.
 */
export async function compareCars(
  context: CarsContext,
  { ids, near }: CarComparisonQuery,
): Promise<CarComparison> {
  const from = near === undefined ? undefined : nearPoint(near);
  const rows = (
    await repo.findComparedCars(
      context.database.statements,
      context.advertisementOf,
      context.marketValueOf,
      ids.filter(isUuid),
    )
  ).filter((row) => row.soldAt === null);
  return {
    items: toCars(context.photos, rows).map((car, i) => {
      const place = car.location && placeOf(car.location.postalCode, car.location.country);
      const { marketValue } = rows[i]!;
      return {
        ...car,
        distanceKm: from && place ? distanceKm(from, place) : null,
        // As a search rates it: the asking price now against the estimate (ADR 57).
        dealRating: dealRating(car.askingPrice, marketValue?.estimate ?? null),
        marketValue,
      };
    }),
  };
}

/** A car its seller has just posted or edited, as the seller sees it (with their e-mail). */
async function getSellerCar(context: CarsContext, id: string): Promise<SellerCar> {
  const row = await repo.findCarView(context.database.statements, context.advertisementOf, id);
  if (!row) throw notFound('The car');
  return toSellerCars(context.photos, [row])[0]!;
}

/** A seller's own cars, sold ones included; a seller sees only their own list, an admin anyone's. */
export async function listSellerCars(
  context: CarsContext,
  actor: SessionUser,
  email: string,
  page: PageQuery,
): Promise<SellerCarPage> {
  const seller = await requireAccess(context, actor, { permission: 'seller.cars', id: email });
  const rows = await repo.listCarsOfSeller(
    context.database.db,
    context.advertisementOf,
    context.marketValueOf,
    seller.id,
    page.limit,
    page.cursor,
  );
  const items = toSellerCars(context.photos, rows.items).map((car, i) => ({
    ...car,
    marketValue: car.soldAt ? null : rows.items[i]!.marketValue,
  }));
  return { items, nextCursor: rows.nextCursor };
}

/** The seller and the dates come from the session and the server; the body only describes the car. */
export async function createCar(
  context: CarsContext,
  actor: SessionUser,
  input: CarInput,
): Promise<SellerCar> {
  await assertCategory(context, input.categoryId);
  // A team member's car is their dealer's (ADR 65); the photos are the member's uploads.
  const id = await context.database.db.transaction((tx) =>
    postCar(context.database.statements, tx, actingAs(actor), input, [actor.id]),
  );
  return getSellerCar(context, id);
}

/**
 * Posts a car of the seller inside `tx`, its category already checked (a statement outside the
 * transaction): what the add-car form and an inventory import share. Answers the car's id. The
 * photos are uploads of one of `uploaderIds`: the seller's, the team member's who posts for them,
 * or (an import) any of the team's.
 */
export async function postCar(
  statements: Statements,
  tx: Tx,
  sellerId: string,
  input: CarInput,
  uploaderIds: readonly string[] = [sellerId],
): Promise<string> {
  const values = carValues(input);
  await assertStockNumberFree(statements, tx, sellerId, values.stockNumber);
  await claimPhotosForCar(tx, input.photos, uploaderIds);
  const names = await linkedNames(tx, input.brand, input.model);
  const car = await repo.insertCar(tx, { ...values, ...names, sellerId });
  await publish(tx, 'car.posted', { carId: car.id, sellerId });
  return car.id;
}

/** The car's seller edits it, or marks it sold (it then leaves the advertisements) or back on sale. */
export async function updateCar(
  context: CarsContext,
  actor: SessionUser,
  id: string,
  update: CarUpdate,
): Promise<SellerCar> {
  const { db, statements } = context.database;
  await requireAccess(context, actor, { permission: 'car.update', id });
  const car = await repo.findCar(db, id);
  if (!car) throw notFound('The car');
  if (update.categoryId !== undefined) await assertCategory(context, update.categoryId);
  await db.transaction((tx) => editCar(statements, tx, actingAs(actor), car, update, [actor.id]));
  return getSellerCar(context, id);
}

/** What an edit reads of the car before its transaction (`findCar`). */
export type EditedCar = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.findCar>>>,
  'id' | 'brand' | 'model' | 'photos' | 'soldAt' | 'postalCode'
>;

/**
 * An edit of the seller's car inside `tx`, a new category already checked: what the edit form and an
 * inventory import share, so that a new price is one more entry of the car's price history and its
 * savers hear of it (the reactions to `car.updated`), and a car marked sold leaves as `car.sold` says.
 * New photos are uploads of one of `uploaderIds`, as in `postCar`.
 */
export async function editCar(
  statements: Statements,
  tx: Tx,
  sellerId: string,
  car: EditedCar,
  update: CarUpdate,
  uploaderIds: readonly string[] = [sellerId],
): Promise<void> {
  const { id } = car;
  const { sold, postalCode, ...fields } = update;
  // A car posted before locations gets one at its next edit (marking it sold or back on sale is no edit).
  if (
    postalCode === undefined &&
    car.postalCode === null &&
    Object.values(fields).some((v) => v !== undefined)
  )
    throw badRequest('Enter the ZIP code where the car is.', { postalCode: 'Enter a ZIP code' });
  // The update schema only lets the car's editable fields through.
  const values: Partial<repo.CarValues> & { soldAt?: Date | null } = {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    ...(postalCode === undefined ? {} : requirePlace(postalCode)),
    // Marking an already sold car sold again keeps the date it was first sold.
    ...(sold === undefined ? {} : { soldAt: sold ? (car.soldAt ?? new Date()) : null }),
  };
  if (fields.stockNumber) await assertStockNumberFree(statements, tx, sellerId, fields.stockNumber, id);
  // A new make or model is linked to the catalogue again, with the other as stored.
  if (fields.brand !== undefined || fields.model !== undefined)
    Object.assign(values, await linkedNames(tx, fields.brand ?? car.brand, fields.model ?? car.model));
  if (update.photos) await claimPhotosForCar(tx, update.photos, uploaderIds, car.photos);
  const before = await repo.lockCarOfSeller(tx, id, sellerId);
  if (!before) throw notFound('The car');
  assertPricesInOrder(update, before);
  assertVinFitsYear(update, before);
  await repo.updateCar(tx, id, values);
  if (sold && !car.soldAt) await publish(tx, 'car.sold', { carId: id });
  else {
    const to = values.askingPrice;
    const repriced = to !== undefined && to !== before.askingPrice;
    await publish(tx, 'car.updated', {
      carId: id,
      fields: Object.keys(update) as (keyof CarUpdate)[],
      ...(repriced ? { askingPrice: { from: before.askingPrice, to } } : {}),
      ...(fields.vin !== undefined && fields.vin !== before.vin ? { vinChanged: true } : {}),
      ...(sold === false && car.soldAt ? { relisted: true } : {}),
    });
  }
}

/** A stock number names one car of its seller: two writes of one number at once take turns on its lock. */
async function assertStockNumberFree(
  statements: Statements,
  tx: Tx,
  sellerId: string,
  stockNumber: string | null,
  carId?: string,
) {
  if (stockNumber === null) return;
  const holder = await repo.lockStockNumber(statements, tx, sellerId, stockNumber);
  if (holder === undefined || holder === carId) return;
  throw badRequest(`You already have a car with stock number ${stockNumber}.`, {
    stockNumber: 'You already have a car with this stock number',
  });
}

/** The car's seller or an admin; what hangs on the car goes with it (see car-deletion.ts). */
export async function deleteCar(context: AppContext, actor: SessionUser, id: string) {
  const { db } = context.database;
  const car = await requireAccess(context, actor, { permission: 'car.delete', id });
  const deleted = await db.transaction(async (tx) => {
    // An admin removing someone's car tells its seller (before the car goes: the reaction reads it).
    if (car.sellerId !== actingAs(actor))
      await publish(tx, 'car.removed-by-admin', { carId: id, reported: false });
    return removeCar(tx, id);
  });
  return { deletedCount: deleted.length };
}

async function assertCategory(context: AppContext, categoryId: string) {
  if (!(await categoryExists(context.database.statements, categoryId))) {
    throw badRequest('Choose a category from the list.', { categoryId: 'Choose a category from the list' });
  }
}

/**
 * An edit of one price keeps the asking price at most the original as stored (the schema checks an
 * edit of both, withPricesInOrder); the error names the price that was sent.
 */
function assertPricesInOrder(update: CarUpdate, stored: { askingPrice: number; originalPrice: number }) {
  const askingPrice = update.askingPrice ?? stored.askingPrice;
  const originalPrice = update.originalPrice ?? stored.originalPrice;
  if (askingPrice <= originalPrice) return;
  const message =
    update.originalPrice === undefined
      ? `The asking price must be at most the original price (${formatMoney(originalPrice)})`
      : PRICE_ORDER_MESSAGE;
  const field = update.originalPrice === undefined ? 'askingPrice' : 'originalPrice';
  throw badRequest(`${message}.`, { [field]: message });
}

/**
 * An edit of the VIN alone, or of the year alone, keeps the VIN right for the year as stored (the
 * schema checks an edit of both, withVinFitsYear); the error names the field that was sent.
 */
function assertVinFitsYear(update: CarUpdate, stored: { year: number; vin: string | null }) {
  if ((update.vin === undefined) === (update.year === undefined)) return;
  const vin = update.vin === undefined ? stored.vin : update.vin;
  const problem = vin === null ? undefined : vinProblem(vin, update.year ?? stored.year);
  if (problem === undefined) return;
  if (update.vin !== undefined) throw badRequest(`${problem}.`, { vin: problem });
  const message = `The car's VIN (${vin}) does not fit this year: ${problem}`;
  throw badRequest(`${message}.`, { year: message });
}

/**
 * Only the car's own fields, whatever else the body carried, with its place as the gazetteer knows
 * it (a 400 for an unknown postal code); its make and model as the catalogue links them.
 */
function carValues(input: CarInput): Omit<repo.CarValues, keyof Awaited<ReturnType<typeof linkedNames>>> {
  return {
    year: input.year,
    trim: input.trim ?? null,
    vin: input.vin ?? null,
    bodyStyle: input.bodyStyle ?? null,
    transmission: input.transmission ?? null,
    drivetrain: input.drivetrain ?? null,
    exteriorColour: input.exteriorColour ?? null,
    exteriorColourName: input.exteriorColourName ?? null,
    interiorColour: input.interiorColour ?? null,
    interiorColourName: input.interiorColourName ?? null,
    doors: input.doors ?? null,
    seats: input.seats ?? null,
    previousOwners: input.previousOwners ?? null,
    titleStatus: input.titleStatus ?? null,
    categoryId: input.categoryId,
    engine: input.engine,
    fuel: input.fuel,
    about: input.about,
    askingPrice: input.askingPrice,
    originalPrice: input.originalPrice,
    topSpeed: input.topSpeed,
    kmDriven: input.kmDriven,
    photos: input.photos,
    stockNumber: input.stockNumber ?? null,
    ...requirePlace(input.postalCode),
    deliveryRadiusKm: input.deliveryRadiusKm ?? null,
  };
}
