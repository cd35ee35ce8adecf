/**
 * For the tests that check the search on generated cars against a computation one car at a time
 * (search-places.test.ts, search-deals.test.ts): a generated car, a search as a buyer calls it, and
 * every page of one.
 */
import { type CarSearchQuery, type CarSearchResult, carSearchQuerySchema } from '@redline/shared';
import { expect } from 'vitest';
import { as, type TestApp, type TestUser } from './helpers.ts';

/**
 * A generated car's name, category, fuel, year, price, mileage, body, gearbox and sale, drawn from
 * `next` (a seeded generator) in that order, for `createCar`.
 */
export function generatedCar(next: () => number) {
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return {
    brand: pick(['Ferrari', 'Porsche', 'Lamborghini', 'BMW']),
    model: pick(['Alpha', 'Beta', 'Gamma']),
    categoryId: pick(['super-car', 'suv', 'electric']),
    fuel: pick(['Petrol', 'Electric', 'Diesel'] as const),
    year: 2000 + Math.floor(next() * 24),
    askingPrice: 1_000_000 + Math.floor(next() * 30_000_000),
    kmDriven: Math.floor(next() * 150_000),
    bodyStyle: pick(['Coupe', 'SUV', 'Sedan'] as const),
    transmission: pick(['Manual', 'Automatic'] as const),
    soldAt: next() < 0.05 ? new Date() : null,
  };
}

export type SearchCall = (params: string) => Promise<CarSearchResult>;

/** `GET /api/cars/search?params` as `buyer` (the call must succeed). */
export const searchAs =
  (t: TestApp, buyer: TestUser): SearchCall =>
  async (params) => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/cars/search?${params}` });
    expect(res.statusCode, `${params}: ${res.body}`).toBe(200);
    return res.json() as CarSearchResult;
  };

/** A search's query string as the route parses it (a repeated parameter a list), for the statement's counts. */
export function parsedQuery(params: string | URLSearchParams): CarSearchQuery {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(params))
    raw[key] = key in raw ? [raw[key]!, value].flat() : value;
  return carSearchQuerySchema.parse(raw);
}

/** Every car of a search, page by page (`limit` per page). */
export const allPagesOf =
  (search: SearchCall) =>
  async (params: string, limit = 9): Promise<CarSearchResult['items']> => {
    const seen: CarSearchResult['items'] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const result = await search(`${params}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.items);
      cursor = result.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('the pages never ended');
  };
