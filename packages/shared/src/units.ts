import { formatNumber } from './format.ts';

/**
 * The units pages show: a market's (imperial for the United States: miles, mph) or the visitor's
 * choice. Values are stored in one canonical unit, km and km/h, and converted exactly here. No zod
 * here: every page shows units, and zod loads only with a form's first validation (ADR 2); the
 * schema of a choice is `unitSystemSchema` of common.ts.
 */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The default market's units: the United States'. */
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';

/** The cookie that remembers a visitor's choice of units (`imperial` or `metric`); without it, the market's. */
export const UNITS_COOKIE = 'redline-units';

/** The choice of units a Cookie header (or the browser's `document.cookie`) holds; undefined when none is valid. */
export function unitSystemFromCookies(cookies: string | undefined): UnitSystem | undefined {
  for (const pair of cookies?.split(';') ?? []) {
    const [name, value] = pair.split('=', 2).map((part) => part.trim());
    if (name !== UNITS_COOKIE) continue;
    const system = UNIT_SYSTEMS.find((known) => known === value);
    if (system) return system;
  }
  return undefined;
}

/** The international mile, exactly. */
export const KM_PER_MILE = 1.609344;

/** A distance of `km` in the system's unit (miles or km), not rounded. A speed converts alike (km/h to mph). */
export function distanceIn(km: number, system: UnitSystem): number {
  return system === 'imperial' ? km / KM_PER_MILE : km;
}

/** A distance given in the system's unit, in km. A speed converts alike (mph to km/h). */
export function kmFrom(value: number, system: UnitSystem): number {
  return system === 'imperial' ? value * KM_PER_MILE : value;
}

/**
 * A whole number typed in the system's unit (a mileage, a top speed), as the whole km (or km/h) it
 * is stored as. A whole mile is 1.6 km, so 8,400 km shows as 5,220 mi, which is 8,401 km: `shown`,
 * the stored value the field showed, is kept when the number typed is the one it showed, so a value
 * shown and typed back never drifts. Miles typed, stored and shown again always read the same.
 */
export function wholeKmFrom(typed: number, system: UnitSystem, shown?: number): number {
  if (shown !== undefined && typed === Math.round(distanceIn(shown, system))) return shown;
  return Math.round(kmFrom(typed, system));
}

/**
 * The most whole km within a limit typed in the system's unit ("up to 30,000 mi"): every car shown at
 * or under it, its mileage rounded to the unit, is within it. 30,000 mi is 48,280.32 km, and 48,281 km
 * shows as 30,000 mi: the limit is 48,281 km, which shows as the limit typed.
 */
export function kmUpTo(limit: number, system: UnitSystem): number {
  const shownAtMostLimit = (km: number) => Math.round(distanceIn(km, system)) <= limit;
  // The bound by arithmetic, then checked as pages round, against floating point's last digit.
  let km = Math.ceil(kmFrom(limit + 0.5, system)) - 1;
  while (shownAtMostLimit(km + 1)) km++;
  while (!shownAtMostLimit(km)) km--;
  return km;
}

/** The distance unit's short label: "mi" or "km". */
export function distanceUnit(system: UnitSystem): 'mi' | 'km' {
  return system === 'imperial' ? 'mi' : 'km';
}

/** The distance unit's UN/CEFACT common code, as schema.org's `unitCode` takes it: SMI (statute mile) or KMT. */
export function distanceUnitCode(system: UnitSystem): 'SMI' | 'KMT' {
  return system === 'imperial' ? 'SMI' : 'KMT';
}

/** The speed unit's short label: "mph" or "km/h". */
export function speedUnit(system: UnitSystem): string {
  return system === 'imperial' ? 'mph' : 'km/h';
}

/** A distance as pages write it, rounded to a whole number of the system's unit: "12,430 mi". */
export function formatDistance(km: number, system: UnitSystem): string {
  return `${formatNumber(distanceIn(km, system))} ${distanceUnit(system)}`;
}

/** A speed given in km/h as pages write it, rounded to a whole number of the system's unit: "205 mph". */
export function formatSpeed(kmh: number, system: UnitSystem): string {
  return `${formatNumber(distanceIn(kmh, system))} ${speedUnit(system)}`;
}
