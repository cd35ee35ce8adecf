/**
 * The gazetteer: a postal code's city, region and coordinates, offline, from the `zipcodes` package
 * (US ZIP codes from federalgovernmentzipcodes.us, BSD licence; docs/catalogue.md). Its codes
 * without coordinates are left out, as if unknown. Read on first use (about 42,000 codes, 5 MB of
 * source) into typed arrays of about 1 MB: imported as a module, with one object a code, it held
 * about 30 MB of the server's memory for good (docs/performance.md, section 6).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Coordinates, Country, Place } from '@redline/shared';
import type { ZipCode } from 'zipcodes';
import { badRequest } from '../errors.ts';

/** A known postal code: what pages show of it, and where it is. */
export type LocatedPlace = Place & Coordinates;

/** The known codes, one row each in the package's order; a code's row is found by its number. */
interface Table {
  /** A five-digit code's row plus one, by the code's number (0: unknown). */
  rowOfCode: Int32Array;
  code: Int32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  city: Uint32Array;
  region: Uint32Array;
  /** The distinct city and region names that `city` and `region` number. */
  names: string[];
}

const CODE = /^\d{5}$/;

let table: Table | undefined;

/**
 * The package's US codes, parsed as JSON (its data file is one `exports.codes = {…};` line): compiled
 * as JavaScript, the file's code stayed in memory after its objects were dropped.
 */
function packageCodes(): ZipCode[] {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  const source = readFileSync(file, 'utf8');
  const line = source.slice(0, source.indexOf('\n'));
  const codes: Record<string, ZipCode> = JSON.parse(line.slice(line.indexOf('{'), line.lastIndexOf('}') + 1));
  return Object.values(codes).filter(
    (code) => code.country === 'US' && CODE.test(code.zip) && code.latitude && code.longitude,
  );
}

function load(): Table {
  const codes = packageCodes();
  const nameNumbers = new Map<string, number>();
  const nameNumber = (name: string) => {
    let number = nameNumbers.get(name);
    if (number === undefined) {
      number = nameNumbers.size;
      nameNumbers.set(name, number);
    }
    return number;
  };
  const rowOfCode = new Int32Array(100_000);
  const code = new Int32Array(codes.length);
  const latitude = new Float64Array(codes.length);
  const longitude = new Float64Array(codes.length);
  const city = new Uint32Array(codes.length);
  const region = new Uint32Array(codes.length);
  for (const [row, entry] of codes.entries()) {
    const number = Number(entry.zip);
    code[row] = number;
    rowOfCode[number] = row + 1;
    latitude[row] = entry.latitude;
    longitude[row] = entry.longitude;
    city[row] = nameNumber(entry.city);
    region[row] = nameNumber(entry.state);
  }
  table = { rowOfCode, code, latitude, longitude, city, region, names: [...nameNumbers.keys()] };
  return table;
}

function placeAt(known: Table, row: number): LocatedPlace {
  return {
    postalCode: String(known.code[row]).padStart(5, '0'),
    country: 'US',
    city: known.names[known.city[row]!]!,
    region: known.names[known.region[row]!]!,
    latitude: known.latitude[row]!,
    longitude: known.longitude[row]!,
  };
}

/** The place of a postal code (as postalCodeSchema leaves it) in `country`, or undefined when unknown. */
export function placeOf(postalCode: string, country: Country = 'US'): LocatedPlace | undefined {
  if (country !== 'US' || !CODE.test(postalCode)) return undefined;
  const known = table ?? load();
  const row = known.rowOfCode[Number(postalCode)]! - 1;
  return row < 0 ? undefined : placeAt(known, row);
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
  const known = table ?? load();
  return Array.from(known.code, (_, row) => placeAt(known, row));
}
