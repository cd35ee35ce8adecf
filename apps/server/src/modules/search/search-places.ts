/**
 * The search by place (ADR 51): where a search starts from (`near`: a ZIP code the gazetteer knows,
 * or a point), the cars within its radius, those whose sellers deliver to it, and the order by
 * distance. A car's place is its postal code's (places/gazetteer.ts), so the cars of one postal code
 * share one point: the columns in memory keep each point's cars (car-columns.ts), and a radius reads
 * the points, a few tens of thousands, rather than the cars. The same conditions in SQL serve the
 * pages that the statement reads and the saved searches' alerts.
 */
import {
  type CarSearchQuery,
  type Coordinates,
  distanceKm,
  EARTH_RADIUS_KM,
  parseNear,
  radiusKm,
} from '@redline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { cars } from '../../db/schema.ts';
import { requirePlace } from '../../places/gazetteer.ts';
import { type Columns, INT_MAX, SlotSet } from './car-columns.ts';

/** What a search asks of the cars' places: its point, its radius in km, and whether the car must be delivered there. */
export interface PlaceFilter {
  from?: Coordinates;
  withinKm?: number;
  delivery: boolean;
}

/**
 * The place filter of a search, undefined when it has none (no `near`, no `delivery`). A ZIP code
 * the gazetteer does not know is refused, on `near`.
 */
export function placeFilterOf({
  near,
  radius,
  delivery,
}: Pick<CarSearchQuery, 'near' | 'radius' | 'delivery'>) {
  if (near === undefined && !delivery) return undefined;
  const from = near === undefined ? undefined : nearPoint(near);
  return { from, withinKm: radius === undefined ? undefined : radiusKm(radius), delivery: delivery ?? false };
}

/**
 * The point of a `near` that its schema accepted: a ZIP code's (one the gazetteer does not know is
 * refused, on `near`), or the point itself.
 */
export function nearPoint(near: string): Coordinates {
  const parsed = parseNear(near)!;
  if (parsed.postalCode === undefined) return parsed;
  const { latitude, longitude } = requirePlace(parsed.postalCode, 'near');
  return { latitude, longitude };
}

/** Whether the filter keeps some cars out: a radius or delivery (a point alone only measures). */
export const narrows = (filter: PlaceFilter | undefined): filter is PlaceFilter =>
  filter !== undefined && (filter.withinKm !== undefined || filter.delivery);

/** A distance in whole metres: the order by distance's key, the same from SQL and from memory. */
export const metres = (km: number) => Math.round(km * 1000);
/** The order's key of a car without a place: after every car with one. */
export const NO_PLACE_KEY = INT_MAX;

/** The distance in km from `from` to a car, in SQL (null for a car without a place): distanceKm's formula. */
export function distanceSql(from: Coordinates): SQL<number | null> {
  const half = (to: SQL, at: number) => sql`sin(radians(${to} - ${at}) / 2)`;
  return sql<number | null>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    ${half(sql`${cars.latitude}`, from.latitude)} ^ 2
    + cos(radians(${from.latitude}::float8)) * cos(radians(${cars.latitude})) * ${half(sql`${cars.longitude}`, from.longitude)} ^ 2))))`;
}

/** The order by distance's key of a car in SQL: metres, NO_PLACE_KEY without a place. */
export const distanceKeySql = (from: Coordinates) =>
  sql<number>`coalesce(round(${distanceSql(from)} * 1000)::int, ${NO_PLACE_KEY})`;

/** What a car must meet for the filter, in SQL (undefined when it keeps every car). */
export function placeCondition(filter: PlaceFilter | undefined): SQL | undefined {
  if (!narrows(filter)) return undefined;
  const { from, withinKm, delivery } = filter;
  const distance = from && distanceSql(from);
  const conditions = [
    withinKm === undefined ? undefined : sql`${distance} <= ${withinKm}`,
    !delivery
      ? undefined
      : distance
        ? sql`${distance} <= ${cars.deliveryRadiusKm}`
        : sql`${cars.deliveryRadiusKm} is not null and ${cars.latitude} is not null`,
  ].filter((condition) => condition !== undefined);
  return sql.join(conditions, sql` and `);
}

/** Each point's distance from `from` in km (the first, no place: Infinity). */
export function pointDistances(c: Columns, from: Coordinates | undefined): Float64Array {
  const { latitude, longitude } = c.points;
  const distances = new Float64Array(latitude.length);
  distances[0] = Number.POSITIVE_INFINITY;
  for (let point = 1; point < latitude.length; point++)
    distances[point] = from
      ? distanceKm(from, { latitude: latitude[point]!, longitude: longitude[point]! })
      : 0;
  return distances;
}

/**
 * The cars for sale that meet the filter, from the points' distances (pointDistances): every car of
 * each point within the radius, those that deliver that far with `delivery`.
 */
export function placeSet(c: Columns, filter: PlaceFilter, distances: Float64Array): SlotSet {
  const { withinKm = Number.POSITIVE_INFINITY, delivery } = filter;
  // A bit per car, set where it is: tens of thousands of points give up to a million cars.
  const bits = new Uint32Array(Math.ceil(c.size / 32));
  let size = 0;
  for (let point = 1; point < distances.length; point++) {
    const distance = distances[point]!;
    if (!(distance <= withinKm)) continue;
    for (const seq of c.carsAt(point)) {
      const reach = c.delivery[seq]!;
      if (delivery && !(reach > 0 && distance <= reach)) continue;
      bits[seq >>> 5]! |= 1 << (seq & 31);
      size++;
    }
  }
  return SlotSet.ofBits(bits, size);
}

/** How far each car of `seqs` stands from `from`, in km (null without a place). */
export function distancesOf(c: Columns, seqs: number[], from: Coordinates): (number | null)[] {
  const { latitude, longitude } = c.points;
  return seqs.map((seq) => {
    const point = seq < 0 ? 0 : c.point[seq]!;
    return point === 0
      ? null
      : distanceKm(from, { latitude: latitude[point]!, longitude: longitude[point]! });
  });
}
