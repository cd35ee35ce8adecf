/**
 * The gazetteer: a postal code's city, region and coordinates, offline, from the `zipcodes` package
 * (US ZIP codes from federalgovernmentzipcodes.us, BSD licence; docs/catalogue.md). Its codes
 * without coordinates are left out, as if unknown. Loaded on first use (about 44,000 codes, 5 MB
 * of source).
 */
import type { Coordinates, Country, Place } from '@redline/shared';
import zipcodes from 'zipcodes';
import { badRequest } from '../errors.ts';

/** A known postal code: what pages show of it, and where it is. */
export type LocatedPlace = Place & Coordinates;

let places: Map<string, LocatedPlace> | undefined;

function load(): Map<string, LocatedPlace> {
  places = new Map();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US' || !code.latitude || !code.longitude) continue;
    places.set(code.zip, {
      postalCode: code.zip,
      country: 'US',
      city: code.city,
      region: code.state,
      latitude: code.latitude,
      longitude: code.longitude,
    });
  }
  return places;
}

/** The place of a postal code (as postalCodeSchema leaves it) in `country`, or undefined when unknown. */
export function placeOf(postalCode: string, country: Country = 'US'): LocatedPlace | undefined {
  const place = (places ?? load()).get(postalCode);
  return place?.country === country ? place : undefined;
}

/** The place of a postal code a user gave at `field`: a 400 with that field's message when it is unknown. */
export function requirePlace(
  postalCode: string,
  field = 'postalCode',
  country: Country = 'US',
): LocatedPlace {
  const place = placeOf(postalCode, country);
  if (place) return place;
  const message = `We don't know the ZIP code ${postalCode}`;
  throw badRequest(`${message}.`, { [field]: message });
}

/** What pages show of a place: without its coordinates. */
export function shownPlace({ postalCode, country, city, region }: LocatedPlace): Place {
  return { postalCode, country, city, region };
}

/** Every known place, in the gazetteer's order (the demo data and the benchmark's generator spread cars over them). */
export function allPlaces(): readonly LocatedPlace[] {
  return [...(places ?? load()).values()];
}
