/** A market value for every car for sale (docs/market-value.md): the refit, and the comparables behind a value. */
import { type CarComparables, COMPARABLES_SHOWN } from '@redline/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/pagination.ts';
import { notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { carPlace, carsForValuation } from '../cars/index.ts';
import * as repo from './market-value.repository.ts';
import { fitMarket, type ObservedCar } from './market-value-model.ts';
import { statesOf, wideRegionOf } from './regions.ts';

/** A car's make: the catalogue's when linked, else its folded name (a make the catalogue lacks). */
const makeKeyOf = (car: repo.ModelledCarRow) =>
  car.makeId === null ? `name:${car.brandKey}` : `make:${car.makeId}`;
/** A car's model family: the catalogue's model when linked, else its folded make and model names. */
const familyKeyOf = (car: repo.ModelledCarRow) =>
  car.modelId === null ? `name:${car.nameKey}` : `model:${car.modelId}`;

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

/**
 * Fits the model on every car and stores the value of each car for sale; the values of cars sold
 * or deleted since the last refit go. Then the kept pages that show values are dropped
 * (`market-values.refitted`). Answers how many cars it valued.
 */
export async function refitMarketValues(db: Db, now = new Date()): Promise<number> {
  const shared = sharedTexts();
  const cars = await repo.allCars(db, (car) => observed(car, now, shared));
  const market = fitMarket(cars);
  const values = cars
    .filter((car) => !car.sold)
    .map((car) => ({ carId: car.id, valuation: market.value(car) }));
  await repo.storeValues(db, values, now);
  await publish(db, 'market-values.refitted', { cars: values.length });
  return values.length;
}

/** Whether the market must be fitted at start: cars for sale, none valued (a new database, or one from before). */
export async function needsFirstFit(db: Db): Promise<boolean> {
  return !(await repo.anyValue(db)) && (await repo.anyCarForSale(db));
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
