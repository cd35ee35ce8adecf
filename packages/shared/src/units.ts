import { formatNumber } from './format.ts';

/**
 * The units pages show: a market's (imperial for the United States: miles, mph) or the visitor's
 * choice. Values are stored in one canonical unit, km and km/h, and converted exactly here.
 */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The international mile, exactly. */
export const KM_PER_MILE = 1.609344;

/** A distance of `km` in the system's unit (miles or km), not rounded. */
export function distanceIn(km: number, system: UnitSystem): number {
  return system === 'imperial' ? km / KM_PER_MILE : km;
}

/** A distance given in the system's unit, in km. */
export function kmFrom(value: number, system: UnitSystem): number {
  return system === 'imperial' ? value * KM_PER_MILE : value;
}

/** The distance unit's short label: "mi" or "km". */
export function distanceUnit(system: UnitSystem): string {
  return system === 'imperial' ? 'mi' : 'km';
}

/** A distance as pages write it, rounded to a whole number of the system's unit: "12,430 mi". */
export function formatDistance(km: number, system: UnitSystem): string {
  return `${formatNumber(distanceIn(km, system))} ${distanceUnit(system)}`;
}

/**
 * The cookie that remembers a visitor's choice of units (`imperial` or `metric`). A request whose only
 * cookie it is stays a visitor's, whose pages the server keeps per value (apps/server/src/web/server-rendering.ts).
 */
export const UNITS_COOKIE = 'redline-units';
