/**
 * The search by place (search-places.ts, ADR 51), against a brute-force computation: cars generated
 * over real ZIP codes (a few without a place, some delivered), and each search's cars, total, facets
 * and order by distance checked against every car's distance computed one by one. The counts in
 * memory and the statement's agree (the seller's and the tests' path).
 */
import { seeded } from '@redline/demo-art/random';
import { distanceKm, radiusKm, SEARCH_SPEC_FACETS, type SearchSpecFacet } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { cars } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { listCategories } from '../src/modules/categories/index.ts';
import { loadSearchCatalogue } from '../src/modules/search/search-catalogue.ts';
import { searchFacets } from '../src/modules/search/search-counts.ts';
import { resolveWords } from '../src/modules/search/search-planner.ts';
import { readCatalogueNames } from '../src/modules/vehicles/index.ts';
import { allPlaces, placeOf } from '../src/places/gazetteer.ts';
import { createCar, ensureCategory } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf } from './helpers.ts';
import { allPagesOf, generatedCar, parsedQuery, searchAs } from './search-generated.ts';

const SPEC_FACETS = Object.keys(SEARCH_SPEC_FACETS) as SearchSpecFacet[];
const FACETS = ['category', 'brand', 'fuel', ...SPEC_FACETS] as const;

/** Around Los Angeles and New York, and a spread over the country. */
const METRO_ZIPS = ['90210', '90012', '90401', '91101', '92101', '93101', '92262', '89101', '85004', '94102'];
const OTHER_ZIPS = ['10001', '11201', '07030', '60601', '33131', '75201', '98101', '80202', '02108', '99501'];

const it = base
  .extend('actors', { scope: 'file' }, { seller: { isVerified: true } })
  /** The generated cars, posted before the file's first test. */
  .extend('generated', { scope: 'file', auto: true }, async ({ t, seller, otherSeller }) => {
    const next = seeded(47);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const everywhere = allPlaces();
    const zips = [
      ...METRO_ZIPS,
      ...OTHER_ZIPS,
      ...Array.from({ length: 20 }, () => pick(everywhere).postalCode),
    ];
    for (const id of ['super-car', 'suv', 'electric']) await ensureCategory(t, id);
    const posted: (typeof cars.$inferSelect)[] = [];
    for (let i = 0; i < 160; i++) {
      const place = next() < 0.06 ? undefined : placeOf(next() < 0.6 ? pick(METRO_ZIPS) : pick(zips))!;
      const delivers = place && next() < 0.3;
      posted.push(
        await createCar(t, next() < 0.5 ? seller : otherSeller, {
          ...generatedCar(next),
          ...(place && {
            postalCode: place.postalCode,
            country: place.country,
            city: place.city,
            region: place.region,
            latitude: place.latitude,
            longitude: place.longitude,
            deliveryRadiusKm: delivers ? pick([40, 160, 800, 3000]) : null,
          }),
        }),
      );
    }
    return posted;
  })
  .extend('search', { scope: 'file' }, ({ t, buyer }) => searchAs(t, buyer))
  /** Every car of a search, page by page. */
  .extend('allPages', { scope: 'file' }, ({ search }) => allPagesOf(search));

type Row = typeof cars.$inferSelect;

/** The place part of a search, computed for one car by hand: within the radius, delivered there. */
function meetsPlace(car: Row, params: URLSearchParams): boolean {
  const near = params.get('near');
  const radius = params.get('radius');
  const delivery = params.get('delivery') === 'true';
  // A place alone measures: it keeps every car.
  if (!radius && !delivery) return true;
  if (car.latitude === null || car.longitude === null) return false;
  if (!near) return car.deliveryRadiusKm !== null;
  const from = /^\d{5}$/.test(near)
    ? placeOf(near)!
    : { latitude: Number(near.split(',')[0]), longitude: Number(near.split(',')[1]) };
  const distance = distanceKm(from, { latitude: car.latitude, longitude: car.longitude });
  if (radius && distance > radiusKm(radius)) return false;
  return !delivery || (car.deliveryRadiusKm !== null && distance <= car.deliveryRadiusKm);
}

/** A search's parameters without its place. */
function withoutPlace(params: URLSearchParams) {
  const rest = new URLSearchParams(params);
  for (const name of ['near', 'radius', 'delivery']) rest.delete(name);
  return rest;
}

const SEARCHES = [
  'near=90210&radius=50mi',
  'near=90210&radius=250mi&fuel=Petrol',
  'near=90210&radius=500km&priceMax=20000000&body=Coupe',
  'near=34.05,-118.25&radius=100mi&q=porsche',
  'near=90210&delivery=true',
  'delivery=true&category=suv',
  'near=10001&radius=1000mi&brand=ferrari&transmission=Manual',
  'near=92101&radius=150mi&kmMax=80000&verified=true',
  'near=90210&radius=10mi',
];

describe('the search by place', () => {
  it('finds exactly the cars within the radius, or delivered, as every car measured one by one finds them', async ({
    t,
    allPages,
    search,
  }) => {
    const rows = new Map((await t.db.select().from(cars)).map((row) => [row.id, row]));
    for (const params of SEARCHES) {
      const query = new URLSearchParams(params);
      const unplaced = await allPages(withoutPlace(query).toString());
      const expected = unplaced
        .filter((car) => meetsPlace(rows.get(car.id)!, query))
        .map((car) => car.id)
        .sort();
      expect(expected.length, `${params} finds some cars and leaves some out`).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(unplaced.length);
      const found = await allPages(params);
      expect(found.map((car) => car.id).sort(), params).toEqual(expected);
      expect((await search(params)).total, params).toBe(expected.length);
    }
  });

  it("counts each facet's values within the radius, so a count is the total that value would give, as the statement counts them", async ({
    t,
    search,
  }) => {
    const vehicles = readCatalogueNames(t.db);
    const catalogue = await loadSearchCatalogue(
      t.db,
      () => listCategories(t.db),
      () => vehicles,
    );
    for (const params of SEARCHES) {
      const result = await search(params);
      const query = new URLSearchParams(params);
      for (const facet of FACETS)
        for (const { value, count } of result.facets[facet]) {
          const only = new URLSearchParams(query);
          only.delete(facet);
          only.append(facet, value);
          expect((await search(only.toString())).total, `${params} + ${facet}=${value}`).toBe(count);
        }
      // The statement's counts (a seller's search, the tests' count one by one) say the same.
      const parsed = parsedQuery(query);
      const words = await resolveWords(t.db, parsed.q, catalogue);
      const counted = await searchFacets(t.db, parsed, words, catalogue);
      expect(counted.total, params).toBe(result.total);
      expect(counted.facets, params).toEqual(result.facets);
    }
  });

  it('sorts by distance, nearest first and the cars without a place last, with each car’s distance, page after page', async ({
    t,
    allPages,
  }) => {
    const rows = new Map((await t.db.select().from(cars)).map((row) => [row.id, row]));
    const from = placeOf('90210')!;
    const distanceOf = (id: string) => {
      const { latitude, longitude } = rows.get(id)!;
      return latitude === null || longitude === null
        ? null
        : distanceKm(from, { latitude, longitude: longitude! });
    };
    for (const params of ['near=90210', 'near=90210&radius=250mi', 'near=90210&fuel=Electric&q=beta']) {
      const expected = (await allPages(params.replace(/&?radius=[^&]*/, '')))
        .filter((car) => meetsPlace(rows.get(car.id)!, new URLSearchParams(params)))
        .map((car) => ({
          id: car.id,
          key: distanceOf(car.id) === null ? Infinity : Math.round(distanceOf(car.id)! * 1000),
        }))
        .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1))
        .map(({ id }) => id);
      for (const limit of [4, 11]) {
        const found = await allPages(`${params}&sort=distance`, limit);
        expect(
          found.map((car) => car.id),
          `${params} by ${limit}`,
        ).toEqual(expected);
        for (const car of found) {
          const distance = distanceOf(car.id);
          if (distance === null) expect(car.distanceKm).toBeNull();
          else expect(car.distanceKm).toBeCloseTo(distance, 6);
        }
      }
    }
  });

  it('keeps the radius exact as cars move, are sold or stop delivering', async ({
    t,
    generated,
    allPages,
  }) => {
    const params = 'near=90210&radius=50mi';
    const inside = new URLSearchParams(params);
    const rows = async () => new Map((await t.db.select().from(cars)).map((row) => [row.id, row]));
    const before = await rows();
    const near = generated.find((car) => !car.soldAt && meetsPlace(before.get(car.id)!, inside))!;
    const far = placeOf('99501')!;
    // Moved to Anchorage, then another car sold, then one stops delivering.
    await t.db
      .update(cars)
      .set({
        postalCode: far.postalCode,
        city: far.city,
        region: far.region,
        latitude: far.latitude,
        longitude: far.longitude,
      })
      .where(eq(cars.id, near.id));
    await publish(t.db, 'car.updated', { carId: near.id });
    const delivering = generated.find(
      (car) => !car.soldAt && car.deliveryRadiusKm !== null && car.id !== near.id,
    )!;
    await t.db.update(cars).set({ deliveryRadiusKm: null }).where(eq(cars.id, delivering.id));
    await publish(t.db, 'car.updated', { carId: delivering.id });
    for (const search of [params, 'near=90210&delivery=true', 'delivery=true']) {
      const query = new URLSearchParams(search);
      const after = await rows();
      const expected = (await allPages(withoutPlace(query).toString()))
        .filter((car) => meetsPlace(after.get(car.id)!, query))
        .map((car) => car.id)
        .sort();
      expect((await allPages(search)).map((car) => car.id).sort(), search).toEqual(expected);
    }
    expect((await allPages(params)).map((car) => car.id)).not.toContain(near.id);
  });

  it('refuses a ZIP code it does not know, a radius without a place and a malformed one, and sorting by distance from nowhere', async ({
    t,
    buyer,
  }) => {
    const refused = [
      ['near=00000&radius=50mi', 'near'],
      ['radius=50mi', 'radius'],
      ['near=90210&radius=50miles', 'radius'],
      ['near=90210&radius=5000km', 'radius'],
      ['near=91.5,10&radius=50mi', 'near'],
      ['sort=distance', 'sort'],
    ] as const;
    for (const [params, field] of refused) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/search?${params}` });
      expect(res.statusCode, params).toBe(400);
      expect(errorOf(res).fields, params).toHaveProperty(field);
    }
  });
});
