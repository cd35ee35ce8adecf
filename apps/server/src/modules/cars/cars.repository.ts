import {
  type BodyStyle,
  type Colour,
  type Country,
  type Drivetrain,
  type Fuel,
  type MarketValue,
  PRICE_HISTORY_SHOWN,
  type TitleStatus,
  type Transmission,
  VIN_LENGTH,
} from '@redline/shared';
import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  max,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { afterCursor, cursorParams, keyset, newestFirst, toPage } from '../../db/pagination.ts';
import { sqlStatement } from '../../db/prepared-statements.ts';
import { categoryNames } from '../categories/index.ts';
import { type PhotoInUse, photoSizes } from '../photos/index.ts';
import { carPrices, cars, removedCars } from './cars.schema.ts';

/** A car as its views show it: the car, its category's name, its seller, its photos' sizes. */
const carFields = {
  id: cars.id,
  year: cars.year,
  brand: cars.brand,
  model: cars.model,
  makeId: cars.makeId,
  modelId: cars.modelId,
  trim: cars.trim,
  vin: cars.vin,
  bodyStyle: cars.bodyStyle,
  transmission: cars.transmission,
  drivetrain: cars.drivetrain,
  exteriorColour: cars.exteriorColour,
  exteriorColourName: cars.exteriorColourName,
  interiorColour: cars.interiorColour,
  interiorColourName: cars.interiorColourName,
  doors: cars.doors,
  seats: cars.seats,
  previousOwners: cars.previousOwners,
  titleStatus: cars.titleStatus,
  categoryId: cars.categoryId,
  categoryName: sql<string>`${categoryNames.name}`.as('category_name'),
  engine: cars.engine,
  fuel: cars.fuel,
  about: cars.about,
  askingPrice: cars.askingPrice,
  originalPrice: cars.originalPrice,
  topSpeed: cars.topSpeed,
  kmDriven: cars.kmDriven,
  photos: cars.photos,
  sellerId: cars.sellerId,
  stockNumber: cars.stockNumber,
  sellerName: sql<string>`${users.name}`.as('seller_name'),
  sellerEmail: sql<string>`${users.email}`.as('seller_email'),
  sellerVerified: sql<boolean>`${users.isVerified}`.as('seller_verified'),
  addedDate: cars.addedDate,
  soldAt: cars.soldAt,
  reservedAt: cars.reservedAt,
  priceDroppedAt: cars.priceDroppedAt,
  postalCode: cars.postalCode,
  country: cars.country,
  city: cars.city,
  region: cars.region,
  deliveryRadiusKm: cars.deliveryRadiusKm,
  /** Width and height of each of the car's photos that has a photo row, by key; null when none has. */
  photoSizes: sql<Record<string, [width: number, height: number]> | null>`(
    select json_object_agg(${photoSizes.key}, json_build_array(${photoSizes.width}, ${photoSizes.height}))
    from ${photoSizes} where ${photoSizes.key} = any(${cars.photos}))`.as('photo_sizes_by_key'),
};

/**
 * The id of the car's advertisement, null when it has none: a scalar subquery the advertisements
 * module builds (`advertisementOf` on its surface). It imports this module, so the app hands it to
 * this one (`carsModule` in index.ts; ADR 37).
 */
export type AdvertisementOf = (carId: SQLWrapper) => SQL<string | null>;

/**
 * A car's market value, rated at its asking price, null when it has none: a scalar subquery the
 * market value module builds (`marketValueColumn` on its surface), handed to this module likewise.
 */
export type MarketValueOf = (carId: SQLWrapper, askingPrice: SQLWrapper) => SQL<MarketValue | null>;

/** Everything a car view needs: the car as above, and whether it is advertised. */
const carViewColumns = (advertisementOf: AdvertisementOf) => ({
  ...carFields,
  advertisementId: advertisementOf(cars.id),
});

/**
 * The cars as their views show them (without whether each is advertised): a read model the
 * advertisements module joins to list its advertised cars in one statement. PostgreSQL inlines
 * it, so the join costs what a join of the tables did.
 */
export const carViews = new QueryBuilder()
  .select(carFields)
  .from(cars)
  .innerJoin(categoryNames, eq(categoryNames.id, cars.categoryId))
  .innerJoin(users, eq(users.id, cars.sellerId))
  .as('car_views');

function selectCarViews<Extra extends Record<string, SQL>>(
  db: Db,
  advertisementOf: AdvertisementOf,
  extra?: Extra,
) {
  return db
    .select({ ...carViewColumns(advertisementOf), ...(extra as Extra) })
    .from(cars)
    .innerJoin(categoryNames, eq(categoryNames.id, cars.categoryId))
    .innerJoin(users, eq(users.id, cars.sellerId));
}

/**
 * The reads every car page makes are prepared statements of the database handle
 * (`context.database.statements`, db/prepared-statements.ts): each is built once, and PostgreSQL
 * parses and plans it once per connection. The functions below take those statements.
 */

const carView = (advertisementOf: AdvertisementOf) => (db: Db) =>
  selectCarViews(db, advertisementOf).where(eq(cars.id, sql.placeholder('id')));

/** A price as the car's page lists it. */
export interface ListedPrice {
  askingPrice: number;
  /** An ISO 8601 timestamp, as PostgreSQL writes it in JSON. */
  changedAt: string;
}

/**
 * The car's asking prices oldest first: the one at its posting, then its latest changes (up to
 * `PRICE_HISTORY_SHOWN` in all), and how many prices it has had; a column of the car's page, read
 * in the statement that reads the car (one round trip fewer for each page viewed).
 */
const priceHistoryOf = (carId: SQLWrapper) => sql<{ prices: ListedPrice[]; total: number }>`(
  select json_build_object(
    'prices', coalesce(json_agg(json_build_object('askingPrice', p.asking_price, 'changedAt', p.changed_at)
      order by p.position) filter (where p.position = 1 or p.position > p.total - ${sql.raw(String(PRICE_HISTORY_SHOWN - 1))}), '[]'),
    'total', count(*))
  from (select ${carPrices.askingPrice} as asking_price, ${carPrices.changedAt} as changed_at,
               row_number() over (order by ${carPrices.changedAt}, ${carPrices.id}) as position,
               count(*) over () as total
          from ${carPrices} where ${carPrices.carId} = ${carId}) p)`;

const carPage = (advertisementOf: AdvertisementOf, marketValueOf: MarketValueOf) => (db: Db) =>
  selectCarViews(db, advertisementOf, {
    priceHistory: priceHistoryOf(cars.id),
    marketValue: marketValueOf(cars.id, cars.askingPrice),
  }).where(eq(cars.id, sql.placeholder('id')));

const categoryPage = (after: SQL | undefined) => (advertisementOf: AdvertisementOf) => (db: Db) =>
  selectCarViews(db, advertisementOf)
    .where(and(eq(cars.categoryId, sql.placeholder('categoryId')), isNull(cars.soldAt), after))
    .orderBy(...newestFirst(cars.addedDate, cars.id))
    .limit(sql.placeholder('limit'));
const categoryFirstPage = categoryPage(undefined);
const categoryNextPage = categoryPage(afterCursor(cars.addedDate, cars.id));

export type CarViewRow = Awaited<ReturnType<typeof findCarView>> & {};

export async function findCarView(statements: Statements, advertisementOf: AdvertisementOf, id: string) {
  const [row] = await statements.get('car_view', carView(advertisementOf)).execute({ id });
  return row;
}

const carViewsById =
  <Extra extends Record<string, SQL>>(advertisementOf: AdvertisementOf, extra?: Extra) =>
  (db: Db) =>
    selectCarViews(db, advertisementOf, extra).where(
      sql`${cars.id} = any(${sql.placeholder('ids')}::uuid[])`,
    );

/** The rows in the order of `ids`, those of cars that no longer exist left out. */
function inOrderOf<Row extends { id: string }>(ids: string[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The views of these cars, in the order of `ids` (those that no longer exist left out). */
export async function findCarViews(statements: Statements, advertisementOf: AdvertisementOf, ids: string[]) {
  if (!ids.length) return [];
  return inOrderOf(ids, await statements.get('car_views', carViewsById(advertisementOf)).execute({ ids }));
}

/** As `findCarViews`, each car with its market value: the cars compared side by side. */
export async function findComparedCars(
  statements: Statements,
  advertisementOf: AdvertisementOf,
  marketValueOf: MarketValueOf,
  ids: string[],
) {
  if (!ids.length) return [];
  const compared = carViewsById(advertisementOf, { marketValue: marketValueOf(cars.id, cars.askingPrice) });
  return inOrderOf(ids, await statements.get('compared_cars', compared).execute({ ids }));
}

export type CarPageRow = Awaited<ReturnType<typeof findCarPage>> & {};

/** A car's page: its view, its price history (above) and its market value, in one statement. */
export async function findCarPage(
  statements: Statements,
  advertisementOf: AdvertisementOf,
  marketValueOf: MarketValueOf,
  id: string,
) {
  const [row] = await statements.get('car_page', carPage(advertisementOf, marketValueOf)).execute({ id });
  return row;
}

const carCursor = (row: CarViewRow): [Date, string] => [row.addedDate, row.id];

export async function listUnsoldCarsOfCategory(
  statements: Statements,
  advertisementOf: AdvertisementOf,
  categoryId: string,
  limit: number,
  cursor?: string,
) {
  const after = cursorParams(cursor);
  const params = { categoryId, limit: limit + 1 };
  const rows = after
    ? await statements
        .get('category_cars_after', categoryNextPage(advertisementOf))
        .execute({ ...params, ...after })
    : await statements.get('category_cars', categoryFirstPage(advertisementOf)).execute(params);
  return toPage(rows, limit, carCursor);
}

/** A page of the seller's cars, each with its market value. */
export async function listCarsOfSeller(
  db: Db,
  advertisementOf: AdvertisementOf,
  marketValueOf: MarketValueOf,
  sellerId: string,
  limit: number,
  cursor?: string,
) {
  const page = keyset(cars.addedDate, cars.id, cursor);
  const rows = await selectCarViews(db, advertisementOf, {
    marketValue: marketValueOf(cars.id, cars.askingPrice),
  })
    .where(and(eq(cars.sellerId, sellerId), page.where))
    .orderBy(...page.orderBy)
    .limit(limit + 1)
    .execute(page.params);
  return toPage(rows, limit, carCursor);
}

/** Whether a car of this id was on Redline and has been deleted (car-deletion.ts). */
export async function wasRemoved(db: Db, id: string) {
  const rows = await db
    .select({ carId: removedCars.carId })
    .from(removedCars)
    .where(eq(removedCars.carId, id));
  return rows.length > 0;
}

export async function findCar(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      id: cars.id,
      sellerId: cars.sellerId,
      brand: cars.brand,
      model: cars.model,
      photos: cars.photos,
      soldAt: cars.soldAt,
      postalCode: cars.postalCode,
    })
    .from(cars)
    .where(eq(cars.id, id));
  return row;
}

export interface CarValues {
  year: number;
  brand: string;
  model: string;
  makeId: number | null;
  modelId: number | null;
  postedBrand: string | null;
  postedModel: string | null;
  catalogueMapped: boolean;
  trim: string | null;
  vin: string | null;
  bodyStyle: BodyStyle | null;
  transmission: Transmission | null;
  drivetrain: Drivetrain | null;
  exteriorColour: Colour | null;
  exteriorColourName: string | null;
  interiorColour: Colour | null;
  interiorColourName: string | null;
  doors: number | null;
  seats: number | null;
  previousOwners: number | null;
  titleStatus: TitleStatus | null;
  categoryId: string;
  engine: string;
  fuel: Fuel;
  about: string;
  askingPrice: number;
  originalPrice: number;
  topSpeed: number;
  kmDriven: number;
  photos: string[];
  stockNumber: string | null;
  /** The car's place: the postal code given and what the gazetteer derived from it. */
  postalCode: string;
  country: Country;
  city: string;
  region: string;
  latitude: number;
  longitude: number;
  deliveryRadiusKm: number | null;
}

export async function insertCar(tx: Tx, values: CarValues & { sellerId: string }) {
  const [row] = await tx.insert(cars).values(values).returning({ id: cars.id });
  return row!;
}

/**
 * Locks the seller's car as an update would lock it, so that the prices, year and VIN read are the
 * ones the update replaces (an edit of one is checked against the others); undefined when it is not theirs.
 */
export async function lockCarOfSeller(tx: Tx, id: string, sellerId: string) {
  const [before] = await tx
    .select({
      askingPrice: cars.askingPrice,
      originalPrice: cars.originalPrice,
      year: cars.year,
      vin: cars.vin,
    })
    .from(cars)
    .where(and(eq(cars.id, id), eq(cars.sellerId, sellerId)))
    .for('update');
  return before;
}

/** The lock of one seller's stock number (with the hash of the two): a number of its own. */
const STOCK_NUMBER_LOCK = 0x53746f63; // "Stoc"

/**
 * The id of the seller's car of this stock number, if they have one. The transaction first takes the
 * number's lock, until it ends: of two cars given one stock number at once, the second read sees the
 * first car, so the second write is refused by the check, not by the unique index (a 500, and an
 * aborted transaction where an import goes on to its next row).
 */
export async function lockStockNumber(statements: Statements, tx: Tx, sellerId: string, stockNumber: string) {
  await statements
    .on(tx, 'stock_number_lock', stockNumberLock)
    .execute({ key: `${sellerId} ${stockNumber}` });
  const [row] = await statements
    .on(tx, 'car_of_stock_number', carOfStockNumber)
    .execute({ sellerId, stockNumber });
  return row?.id;
}

const stockNumberLock = sqlStatement(
  sql`select pg_advisory_xact_lock(${STOCK_NUMBER_LOCK}, hashtext(${sql.placeholder('key')}))`,
);

const carOfStockNumber = (db: Db) =>
  db
    .select({ id: cars.id })
    .from(cars)
    .where(
      and(
        eq(cars.sellerId, sql.placeholder('sellerId')),
        eq(cars.stockNumber, sql.placeholder('stockNumber')),
      ),
    );

/** Updates a car locked by lockCarOfSeller. */
export async function updateCar(tx: Tx, id: string, values: Partial<CarValues> & { soldAt?: Date | null }) {
  await tx.update(cars).set(values).where(eq(cars.id, id));
}

/**
 * These cars' names, prices, sellers and times (posted, sold), in the order of `ids`: what a
 * notification or a saved search's matching reads of them.
 */
export async function carsInBrief(tx: Db | Tx, ids: string[]) {
  const rows = await tx
    .select({
      id: cars.id,
      year: cars.year,
      brand: cars.brand,
      model: cars.model,
      trim: cars.trim,
      askingPrice: cars.askingPrice,
      sellerId: cars.sellerId,
      addedDate: cars.addedDate,
      soldAt: cars.soldAt,
    })
    .from(cars)
    .where(inArray(cars.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Those of these cars still for sale, newest first. */
export async function carsForSaleAmong(tx: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: cars.id })
    .from(cars)
    .where(and(inArray(cars.id, ids), isNull(cars.soldAt)))
    .orderBy(desc(cars.addedDate), desc(cars.id));
  return rows.map((row) => row.id);
}

/**
 * Whether some car lists the photo of this key: what the photos' cleanup reads of the cars, a
 * condition it puts in its own statement. The GIN index on cars.photos answers it.
 */
export const listedByACar: PhotoInUse = (photoKey) =>
  sql<boolean>`exists (select 1 from ${cars} where ${cars.photos} @> array[${photoKey}])`;

/** The lock of the cars of one VIN (with the VIN's hash): a number of its own. */
const VIN_LOCK = 0x56494e73; // "VINs"

/**
 * The other cars for sale with this car's VIN, when the car is for sale and its VIN is a VIN (17
 * characters: an older car's chassis number is not one): what the admins are told of (the reports
 * module's reaction to a car posted or edited, ADR 42). The transaction first takes the VIN's lock,
 * until it ends: of two cars given one VIN at once, the second read sees the first car. A car without
 * a VIN takes no lock and reads nothing more (most cars of a dealer's import, each posting's reaction).
 */
export async function carsForSaleSharingVin(statements: Statements, tx: Db | Tx, carId: string) {
  const locked = await statements.on(tx, 'car_vin_lock', vinLock).execute({ carId });
  if (locked.length === 0) return [];
  return statements.on(tx, 'cars_sharing_vin', carsSharingVin).execute({ carId });
}

/** The lock, a statement before the read: the read's snapshot is then taken after the lock is held. */
const vinLock = (db: Db) =>
  db
    .select({ locked: sql`pg_advisory_xact_lock(${VIN_LOCK}, hashtext(${cars.vin}))` })
    .from(cars)
    .where(and(eq(cars.id, sql.placeholder('carId')), sql`length(${cars.vin}) = ${VIN_LENGTH}`));

const carsSharingVin = (db: Db) => {
  const other = alias(cars, 'other');
  return db
    .select({
      id: other.id,
      year: other.year,
      brand: other.brand,
      model: other.model,
      trim: other.trim,
      vin: other.vin,
    })
    .from(cars)
    .innerJoin(other, and(eq(other.vin, cars.vin), ne(other.id, cars.id), isNull(other.soldAt)))
    .where(
      and(
        eq(cars.id, sql.placeholder('carId')),
        isNull(cars.soldAt),
        sql`length(${cars.vin}) = ${VIN_LENGTH}`,
      ),
    )
    .orderBy(other.addedDate, other.id);
};

/**
 * The sitemap's pages of cars for sale (web/crawlers.ts): page `n` (from 0) holds the cars numbered
 * `n × size + 1` to `(n + 1) × size` (`seq`, in the order they were added), so that a page is read by
 * its range of the partial index of the cars for sale, and a new car goes to the last page. The pages
 * with a car for sale, each with the latest update of its cars, sold ones included (a sale, which takes
 * a car off the page, changes the page): grouped in the database, which sends one row a page.
 */
export function sitemapPagesOfCars(db: Db, size: number) {
  return db
    .select({
      page: sql<number>`(${cars.seq} - 1) / ${size}`.mapWith(Number),
      lastModified: max(cars.updatedAt),
    })
    .from(cars)
    .groupBy(sql`1`)
    .having(sql`bool_or(${cars.soldAt} is null)`)
    .orderBy(sql`1`);
}

/** The cars for sale of the sitemap's page `page` (above), in their order, with their last update. */
export function carsOfSitemapPage(db: Db, page: number, size: number) {
  return db
    .select({ id: cars.id, updatedAt: cars.updatedAt })
    .from(cars)
    .where(and(isNull(cars.soldAt), gt(cars.seq, page * size), lte(cars.seq, (page + 1) * size)))
    .orderBy(cars.seq);
}
