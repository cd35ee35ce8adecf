/**
 * A market value for every car for sale (docs/market-value.md): the refit, the comparables behind a
 * value, and the estimate of a car being described by its seller.
 */
import {
  type CarComparables,
  type CarEstimate,
  type CarEstimateInput,
  COMPARABLES_SHOWN,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/pagination.ts';
import { notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { requirePlace } from '../../places/gazetteer.ts';
import { carPlace, carsForValuation } from '../cars/index.ts';
import { linkToCatalogue } from '../vehicles/index.ts';
import * as repo from './market-value.repository.ts';
import { type DescribedCar, estimateByKept, fitMarket, type ObservedCar } from './market-value-model.ts';
import { statesOf, wideRegionOf } from './regions.ts';

/** A car's make and model as the cars store them: the catalogue's ids when linked, their folded names. */
type Names = Pick<repo.ModelledCarRow, 'makeId' | 'modelId' | 'brandKey' | 'nameKey'>;

/** A car's make: the catalogue's when linked, else its folded name (a make the catalogue lacks). */
const makeKeyOf = (car: Names) => (car.makeId === null ? `name:${car.brandKey}` : `make:${car.makeId}`);
/** A car's model family: the catalogue's model when linked, else its folded make and model names. */
const familyKeyOf = (car: Names) => (car.modelId === null ? `name:${car.nameKey}` : `model:${car.modelId}`);

/**
 * The model's view of a car. `shared` gives one copy of each of the few distinct makes, families,
 * trims, states and other levels, so that a million cars do not hold a million copies of each (a refit's memory).
 */
function observed(
  car: repo.ModelledCarRow,
  now: Date,
  shared: <T extends string | null>(text: T) => T,
): ObservedCar {
  return {
    id: car.id,
    makeKey: shared(makeKeyOf(car)),
    familyKey: shared(familyKeyOf(car)),
    trim: shared(car.trim),
    year: car.year,
    kmDriven: car.kmDriven,
    price: car.askingPrice,
    sold: car.soldAt !== null,
    seenYear: (car.soldAt ?? now).getUTCFullYear(),
    titleStatus: shared(car.titleStatus),
    previousOwners: car.previousOwners,
    transmission: shared(car.transmission),
    drivetrain: shared(car.drivetrain),
    state: shared(car.region),
  };
}

/** A function answering one kept copy of each distinct text it is given. */
function sharedTexts() {
  const kept = new Map<string, string>();
  return <T extends string | null>(text: T): T => {
    if (text === null) return text;
    const copy = kept.get(text);
    if (copy !== undefined) return copy as T;
    kept.set(text, text);
    return text;
  };
}

/** The cars a `market-values.rated` event names, at most (a NOTIFY carries less than 8000 bytes). */
const CARS_AN_EVENT = 100;

/**
 * Fits the model on every car and stores the value of each car for sale; the values of cars sold
 * or deleted since the last refit go. The cars whose rating it set or changed are published with
 * the values (`market-values.rated`: saved searches by rating match them again). Then the kept
 * pages that show values are dropped (`market-values.refitted`). Answers how many cars it valued.
 */
export async function refitMarketValues(db: Db, now = new Date()): Promise<number> {
  const shared = sharedTexts();
  const cars = await repo.allCars(db, (car) => observed(car, now, shared));
  const market = fitMarket(cars);
  const values = cars
    .filter((car) => !car.sold)
    .map((car) => ({ carId: car.id, valuation: market.value(car) }));
  const fits = [
    ...[...market.kept.makes].map(([key, fit]) => ({ level: 'make' as const, key, fit })),
    ...[...market.kept.families].map(([key, fit]) => ({ level: 'family' as const, key, fit })),
  ];
  await db.transaction((tx) =>
    repo.storeRefit(tx, values, fits, now, async (carIds) => {
      for (let at = 0; at < carIds.length; at += CARS_AN_EVENT)
        await publish(tx, 'market-values.rated', { carIds: carIds.slice(at, at + CARS_AN_EVENT) });
    }),
  );
  await publish(db, 'market-values.refitted', { cars: values.length });
  return values.length;
}

/**
 * The estimate of a car as its seller describes it, not posted yet (or being edited): its make and
 * model linked to the catalogue as posting would link them, valued by the fits the last refit kept,
 * by the same path and rules as a posted car (market-value-model.ts). A car the refit values is in
 * the fit, and valued without itself: its stored estimate lies between this estimate of its
 * description and its asking price (docs/market-value.md). An unknown ZIP code is a 400.
 */
export async function estimateCar(
  { database: { db } }: AppContext,
  input: CarEstimateInput,
): Promise<CarEstimate> {
  const state = input.postalCode ? requirePlace(input.postalCode).region : null;
  const link = await db.transaction((tx) => linkToCatalogue(tx, input.brand, input.model));
  const names = {
    makeId: link.makeId,
    modelId: link.modelId,
    ...(await repo.foldedNames(db, link.brand, link.model)),
  };
  const car: DescribedCar = {
    makeKey: makeKeyOf(names),
    familyKey: familyKeyOf(names),
    trim: input.trim ?? null,
    year: input.year,
    kmDriven: input.kmDriven,
    seenYear: new Date().getUTCFullYear(),
    titleStatus: input.titleStatus ?? null,
    previousOwners: input.previousOwners ?? null,
    transmission: input.transmission ?? null,
    drivetrain: input.drivetrain ?? null,
    state,
  };
  const { make, family } = await repo.keptFits(db, car.makeKey, car.familyKey);
  return estimateByKept(make, family, car);
}

/**
 * Whether the market must be fitted at start: cars for sale, none valued or no fits kept (a new
 * database, or one from before the values or the kept fits).
 */
export async function needsFirstFit(db: Db): Promise<boolean> {
  return !((await repo.anyValue(db)) && (await repo.anyFit(db))) && (await repo.anyCarForSale(db));
}

/**
 * The comparables behind a car's value, as anyone browsing may see them: the cars of the family (or
 * make) and area its value was fitted from, for sale ones listed, sold ones summarised, nearest the
 * car in year and mileage first. A car without a value yet shows its model family's, nation-wide.
 */
export async function carComparables(context: AppContext, id: string): Promise<CarComparables> {
  if (!isUuid(id)) throw notFound('The car');
  const { db, statements } = context.database;
  const [car, marketValue] = await Promise.all([repo.findCar(db, id), repo.marketValueOf(statements, id)]);
  if (!car) throw notFound('The car');
  const region = marketValue?.area === 'region' ? wideRegionOf(car.region) : null;
  const scope: repo.Scope = {
    carId: car.id,
    family:
      marketValue?.family === 'make'
        ? car.makeId === null
          ? eq(carsForValuation.brandKey, car.brandKey)
          : eq(carsForValuation.makeId, car.makeId)
        : car.modelId === null
          ? eq(carsForValuation.nameKey, car.nameKey)
          : eq(carsForValuation.modelId, car.modelId),
    states: region ? statesOf(region) : null,
    year: car.year,
    kmDriven: car.kmDriven,
  };
  const [forSale, sold, counts] = await Promise.all([
    repo.comparablesForSale(db, scope, COMPARABLES_SHOWN),
    repo.soldComparables(db, scope, COMPARABLES_SHOWN),
    repo.comparableCounts(db, scope),
  ]);
  return {
    car: { id: car.id, kmDriven: car.kmDriven, askingPrice: car.askingPrice },
    marketValue: car.soldAt ? null : marketValue,
    forSale: {
      count: counts.forSale,
      cars: forSale.map((other) => ({
        id: other.id,
        year: other.year,
        brand: other.brand,
        model: other.model,
        trim: other.trim,
        kmDriven: other.kmDriven,
        askingPrice: other.askingPrice,
        location: carPlace(other),
        rating: other.rating,
      })),
    },
    sold: { count: counts.sold, medianPrice: counts.medianPrice, points: sold },
  };
}
