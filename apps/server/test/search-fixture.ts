/**
 * The catalogue the search's tests search (search.test.ts, search-counts.test.ts,
 * search-pages.test.ts): eight cars for sale, all but one with their specifications, and a sold
 * one, from two sellers, `seller` verified (Vera Verified) and `otherSeller` not (Otto Other), with
 * the `buyer` to search as; and the calls
 * those tests make, as fixtures. Each test file posts it in its own app, before its first test.
 */
import { type CarSearchResult, carSearchResultSchema } from '@redline/shared';
import { expect } from 'vitest';
import type { cars } from '../src/db/schema.ts';
import { createCar, ensureCategory } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as } from './helpers.ts';

export const CATALOGUE = [
  {
    name: 'f8',
    verified: true,
    car: { brand: 'Ferrari', model: 'F8 Tributo', categoryId: 'super-car', fuel: 'Petrol', year: 2020 },
    price: 25_000_000,
    km: 12_000,
    engine: '3.9 L twin-turbo V8',
    specs: {
      bodyStyle: 'Coupe',
      transmission: 'Dual-clutch',
      drivetrain: 'RWD',
      exteriorColour: 'Red',
      titleStatus: 'Clean',
      doors: 2,
      seats: 2,
      previousOwners: 1,
    },
  },
  {
    name: 'gt3',
    verified: true,
    car: { brand: 'Porsche', model: '911 GT3', categoryId: 'super-car', fuel: 'Petrol', year: 2021 },
    price: 21_500_000,
    km: 8_400,
    engine: '4.0 L flat-six',
    specs: {
      bodyStyle: 'Coupe',
      transmission: 'Manual',
      drivetrain: 'RWD',
      exteriorColour: 'Silver',
      titleStatus: 'Clean',
      doors: 2,
      seats: 2,
      previousOwners: 0,
    },
  },
  {
    name: 'taycan',
    verified: false,
    car: { brand: 'Porsche', model: 'Taycan Turbo S', categoryId: 'electric', fuel: 'Electric', year: 2022 },
    price: 18_000_000,
    km: 5_000,
    engine: 'Two permanent-magnet motors',
    specs: {
      bodyStyle: 'Sedan',
      transmission: 'Automatic',
      drivetrain: 'AWD',
      exteriorColour: 'Blue',
      titleStatus: 'Clean',
      doors: 4,
      seats: 4,
      previousOwners: 1,
    },
  },
  {
    name: 'huracan',
    verified: false,
    car: { brand: 'Lamborghini', model: 'Huracán EVO', categoryId: 'super-car', fuel: 'Petrol', year: 2019 },
    price: 26_000_000,
    km: 15_000,
    engine: '5.2 L V10',
    specs: {
      bodyStyle: 'Coupe',
      transmission: 'Dual-clutch',
      drivetrain: 'AWD',
      exteriorColour: 'Green',
      titleStatus: 'Rebuilt',
      doors: 2,
      seats: 2,
      previousOwners: 3,
    },
  },
  {
    name: 'c5',
    verified: true,
    car: { brand: 'Citroën', model: 'C5 Aircross', categoryId: 'suv', fuel: 'Hybrid', year: 2023 },
    price: 4_000_000,
    km: 3_000,
    engine: '1.6 L plug-in hybrid',
    specs: {
      bodyStyle: 'SUV',
      transmission: 'Automatic',
      drivetrain: 'FWD',
      exteriorColour: 'White',
      titleStatus: 'Clean',
      doors: 5,
      seats: 5,
      previousOwners: 0,
    },
  },
  {
    name: 'cruiser',
    verified: false,
    car: { brand: 'Toyota', model: 'Land Cruiser', categoryId: 'suv', fuel: 'Diesel', year: 2018 },
    price: 9_000_000,
    km: 60_000,
    engine: '3.3 L V6 diesel',
    specs: {
      bodyStyle: 'SUV',
      transmission: 'Automatic',
      drivetrain: '4WD',
      exteriorColour: 'Black',
      titleStatus: 'Salvage',
      doors: 5,
      seats: 7,
      previousOwners: 2,
    },
  },
  {
    name: 'modelx',
    verified: true,
    car: { brand: 'Tesla', model: 'Model X', categoryId: 'suv', fuel: 'Electric', year: 2021 },
    price: 9_500_000,
    km: 20_000,
    engine: 'Tri motor',
    // Posted before cars had specifications: in none of their filters or facet values.
    specs: {},
  },
  {
    name: 'macan',
    verified: false,
    // Typed in lower case by its seller: the same brand as "Porsche" for the search.
    car: { brand: 'porsche', model: 'Macan', categoryId: 'suv', fuel: 'Petrol', year: 2020 },
    price: 7_000_000,
    km: 30_000,
    engine: '2.0 L four',
    // No title status or previous owners given.
    specs: {
      bodyStyle: 'SUV',
      transmission: 'Automatic',
      drivetrain: 'AWD',
      exteriorColour: 'Red',
      doors: 5,
      seats: 5,
    },
  },
] as const;
export const UNSOLD = CATALOGUE.length;

export const it = base
  .extend(
    'actors',
    { scope: 'file' },
    { seller: { name: 'Vera Verified', isVerified: true }, otherSeller: { name: 'Otto Other' } },
  )
  /** The catalogue by name, as posted (the sold one included); posted before the file's first test. */
  .extend('posted', { scope: 'file', auto: true }, async ({ t, seller, otherSeller }) => {
    const posted: Record<string, typeof cars.$inferSelect> = {};
    for (const id of ['super-car', 'suv', 'electric', 'classic']) await ensureCategory(t, id);
    for (const entry of CATALOGUE) {
      posted[entry.name] = await createCar(t, entry.verified ? seller : otherSeller, {
        ...entry.car,
        ...entry.specs,
        askingPrice: entry.price,
        kmDriven: entry.km,
        engine: entry.engine,
        about: `A ${entry.car.brand} ${entry.car.model} in fine condition.`,
      });
    }
    posted.sold = await createCar(t, seller, {
      brand: 'Ferrari',
      model: '296 GTB',
      categoryId: 'super-car',
      soldAt: new Date(),
    });
    return posted;
  })
  /** Runs a search as the buyer; `params` as a query string (repeated keys allowed). */
  .extend('search', { scope: 'file' }, ({ t, buyer }) => async (params = ''): Promise<CarSearchResult> => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/cars/search${params ? `?${params}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return carSearchResultSchema.parse(res.json());
  })
  /** The names of a search's cars, in its order (undefined for a car not of the catalogue). */
  .extend(
    'names',
    { scope: 'file' },
    ({ posted }) =>
      (result: CarSearchResult) =>
        result.items.map((car) => Object.entries(posted).find(([, entry]) => entry.id === car.id)?.[0]),
  )
  .extend(
    'sortedNames',
    { scope: 'file' },
    ({ names }) =>
      (result: CarSearchResult) =>
        names(result).sort(),
  )
  /** Every car of a search, page by page (`limit` per page). */
  .extend('allPages', { scope: 'file' }, ({ search }) => async (params: string, limit = 2) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const result = await search(`${params}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.items.map((car) => car.id));
      cursor = result.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('the pages never ended');
  });
