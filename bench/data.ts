/**
 * Bulk data generator: `npm run bench:data -- --cars 100000 [--database-url postgres://…] [--data-dir DIR] [--unmapped]`.
 * Believable cars across the seven categories with their sellers, buyers, advertisements, bookings
 * (with payments), saved cars and reports, written with multi-row `insert … select from unnest(…)`
 * batches. Photos reuse a handful of keys (placeholder WebP files are written once), so no image
 * work is done per car. It replaces an earlier bench dataset and refuses a database holding other accounts.
 */

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CATEGORIES } from '@redline/demo-art/data';
import { seededUint32 } from '@redline/demo-art/random';
import { distanceKm, REPORT_REASONS, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import sharp from 'sharp';
import { bannerFiles } from '../apps/server/src/modules/categories/index.ts';
import { fillCatalogue } from '../apps/server/src/modules/vehicles/index.ts';
import { allPlaces, type LocatedPlace, placeOf } from '../apps/server/src/places/gazetteer.ts';
import {
  aboutText,
  CITIES,
  CLASSICS_BY_CATEGORY,
  DEALER_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  METRO_KM,
  METRO_ZIPS,
  MODELS_BY_CATEGORY,
  type ModelProfile,
} from './lib/catalogue.ts';
import { countFlag, isMain, parseFlags, round, stringFlag } from './lib/cli.ts';
import { eachConcurrently } from './lib/concurrently.ts';
import { describeTarget, openTarget, type RawClient, type Target } from './lib/database.ts';
import { specificationOf } from './lib/specification.ts';

export const BENCH_EMAIL_DOMAIN = 'bench.redline.test';
export const BENCH_PASSWORD = 'bench-password-7';
export const benchBuyerEmail = (i: number) => `buyer-${i}@${BENCH_EMAIL_DOMAIN}`;
export const benchSellerEmail = (i: number) => `seller-${i}@${BENCH_EMAIL_DOMAIN}`;
export const BENCH_ADMIN_EMAIL = `admin@${BENCH_EMAIL_DOMAIN}`;
/**
 * What the generated data is made of, kept as the cars table's comment once a dataset is complete:
 * a benchmark reuses only a dataset of this version (lib/dataset.ts). Bump it when generateDataset
 * writes different data.
 */
export const DATASET_VERSION =
  'redline bench dataset 4: specifications, catalogue links (mapped), classics, places and delivery';

/** Keys of the few photos every generated car reuses. */
export const PHOTO_KEYS = Array.from({ length: 6 }, (_, i) => `benchphoto${i + 1}`);
const PHOTO_SIZE = { width: 1600, height: 1200 };
/** Every car lists one to four of the keys, in some order. */
const PHOTO_SETS = PHOTO_KEYS.flatMap((_, first) =>
  [1, 2, 3, 4].map((count) =>
    Array.from({ length: count }, (_, i) => PHOTO_KEYS[(first + i) % PHOTO_KEYS.length]!),
  ),
);

/** Proportions per car, from what a used-car marketplace sees. */
const SHARE = {
  carsPerSeller: 20,
  buyersPerCar: 0.25,
  sold: 0.08,
  advertised: 0.03,
  booked: 0.2,
  paidOfBooked: 0.6,
  reported: 0.005,
  /** Of a category's cars, those drawn from its classics (catalogue.ts). */
  classic: 0.04,
  /** Of the sellers, those near a large metro (METRO_ZIPS); the dealerships and the others that deliver. */
  inMetro: 0.6,
  dealersDelivering: 0.5,
  othersDelivering: 0.1,
};
/** How many buyers saved a car: most cars none, a few many. */
const SAVES_PER_CAR = [0, 0, 0, 0, 1, 1, 2, 3];
const CATEGORY_WEIGHTS: Record<string, number> = {
  'daily-commuter': 30,
  'family-car': 25,
  'eco-friendly': 15,
  performance: 12,
  'grand-tourer': 8,
  'super-car': 6,
  'special-edition': 4,
};
const BATCH = 5_000;
const DAY = 86_400_000;

export interface GenerateOptions {
  target: Target;
  cars: number;
  seed?: number;
  force?: boolean;
  /**
   * The cars as posted before the catalogue (an upgraded database): unlinked, never mapped, a fifth
   * of them in a seller's lower case, for the start's mapping to link (`bench:mapping`).
   */
  unmapped?: boolean;
  log?: (line: string) => void;
}

export interface GenerateResult {
  cars: number;
  seconds: number;
  /** Everything, users and ANALYZE included. */
  carsPerSecond: number;
  /** The car batches alone (with what hangs on each car). */
  carPhaseCarsPerSecond: number;
  /**
   * CPU seconds spent: by this process (which includes the database itself on PGlite) and by the
   * PostgreSQL backends that served it. Unlike the wall clock, this does not depend on other work
   * on the machine: cars per CPU-second is the figure to compare between runs.
   */
  cpuSeconds: { generator: number; database: number | null };
  carsPerCpuSecond: number;
  rows: Record<string, number>;
}

/** CPU seconds used so far by the PostgreSQL backends of this database (they live on this machine). */
export async function backendCpuSeconds(client: RawClient): Promise<number | null> {
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database()',
    );
    let ticks = 0;
    for (const row of rows) {
      const stat = await readFile(`/proc/${row.pid as number}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    }
    return ticks / 100;
  } catch {
    return null; // another machine, or /proc not readable
  }
}

/** Small deterministic PRNG, so a dataset of a given size is the same every time. */
export function prng(seed: number) {
  const u32 = seededUint32(seed);
  const next = () => u32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const hex8 = (n: number) => n.toString(16).padStart(8, '0');
  /** A version-4 UUID from the PRNG. */
  const uuid = () => {
    const a1 = hex8(u32());
    const b = hex8(u32());
    const c = hex8(((u32() & 0x3fffffff) | 0x80000000) >>> 0);
    const d = hex8(u32());
    return `${a1}-${b.slice(0, 4)}-4${b.slice(5)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  };
  return { next, int, pick, uuid };
}

/**
 * One multi-row insert per batch: the rows travel as one JSON parameter that json_to_recordset()
 * turns into rows inside the database (JSON.stringify and PostgreSQL's JSON parser are both
 * native code; escaping every value of every column in JavaScript was the generator's main cost).
 * Times travel as epoch milliseconds.
 */
async function insertRows(client: RawClient, table: string, columns: Record<string, string>, rows: object[]) {
  if (rows.length === 0) return 0;
  const names = Object.keys(columns);
  const record = names.map((n) => `${n} ${columns[n] === 'ms' ? 'float8' : columns[n]}`).join(', ');
  const select = names
    .map((n) => (columns[n] === 'ms' ? `to_timestamp(x.${n} / 1000.0)` : `x.${n}`))
    .join(', ');
  await client.query(
    `insert into ${table} (${names.join(', ')}) select ${select} from json_to_recordset($1::json) as x(${record})`,
    [JSON.stringify(rows)],
  );
  return rows.length;
}

const USER_COLUMNS = {
  id: 'text',
  name: 'text',
  email: 'text',
  email_verified: 'boolean',
  role: 'text',
  is_verified: 'boolean',
  postal_code: 'text',
  country: 'text',
  created_at: 'ms',
  updated_at: 'ms',
};
const ACCOUNT_COLUMNS = {
  id: 'text',
  account_id: 'text',
  provider_id: 'text',
  user_id: 'text',
  password: 'text',
  created_at: 'ms',
  updated_at: 'ms',
};
const CAR_COLUMNS = {
  id: 'uuid',
  year: 'int',
  brand: 'text',
  model: 'text',
  category_id: 'text',
  engine: 'text',
  fuel: 'text',
  about: 'text',
  asking_price: 'int',
  original_price: 'int',
  top_speed: 'int',
  km_driven: 'int',
  seller_id: 'text',
  photos: 'text[]',
  added_date: 'ms',
  sold_at: 'ms',
  updated_at: 'ms',
  make_id: 'int',
  model_id: 'int',
  catalogue_mapped: 'boolean',
  trim: 'text',
  vin: 'text',
  body_style: 'text',
  transmission: 'text',
  drivetrain: 'text',
  exterior_colour: 'text',
  exterior_colour_name: 'text',
  interior_colour: 'text',
  interior_colour_name: 'text',
  doors: 'int',
  seats: 'int',
  previous_owners: 'int',
  title_status: 'text',
  postal_code: 'text',
  country: 'text',
  city: 'text',
  region: 'text',
  latitude: 'float8',
  longitude: 'float8',
  delivery_radius_km: 'float8',
};
const AD_COLUMNS = { car_id: 'uuid', created_at: 'ms' };
const BOOKING_COLUMNS = {
  id: 'uuid',
  car_id: 'uuid',
  car_name: 'text',
  car_photo: 'text',
  seller_id: 'text',
  seller_name: 'text',
  seller_email: 'text',
  buyer_id: 'text',
  buyer_name: 'text',
  buyer_email: 'text',
  buyer_phone: 'text',
  requested_date: 'date',
  requested_time: 'text',
  requested_location: 'text',
  price: 'int',
  is_paid: 'boolean',
  created_at: 'ms',
};
const PAYMENT_COLUMNS = {
  booking_id: 'uuid',
  price: 'int',
  transaction_id: 'text',
  provider: 'text',
  product_by: 'text',
  product: 'text',
  paid_by: 'text',
  created_at: 'ms',
};
const SAVE_COLUMNS = { buyer_id: 'text', car_id: 'uuid', created_at: 'ms' };
const REPORT_COLUMNS = {
  buyer_id: 'text',
  car_id: 'uuid',
  reason: 'text',
  details: 'text',
  created_at: 'ms',
};

interface Person {
  id: string;
  name: string;
  email: string;
  /** A seller's place, where each of their cars stands, and how far they deliver (km; null: they do not). */
  place?: LocatedPlace;
  deliveryKm?: number | null;
}

/**
 * The catalogue's ids of each model the generator writes, read once (the cars are written with
 * their links, as posting links them): the make's alone for a model the catalogue lacks.
 */
async function catalogueLinks(client: RawClient, profiles: ModelProfile[]) {
  const { rows } = await client.query(
    `select mk.id as make_id, mk.name as make, md.id as model_id, md.name as model
       from vehicle_makes mk left join vehicle_models md on md.make_id = mk.id`,
  );
  const makeIds = new Map(rows.map((r) => [r.make as string, r.make_id as number]));
  const modelIds = new Map(rows.map((r) => [`${r.make}/${r.model}`, r.model_id as number | null]));
  return new Map(
    profiles.map((p) => [
      p,
      { make_id: makeIds.get(p.brand) ?? null, model_id: modelIds.get(`${p.brand}/${p.model}`) ?? null },
    ]),
  );
}

/** Empties a database that holds only bench data (or nothing); refuses anything else unless forced. */
async function resetBenchData(client: RawClient, force: boolean) {
  const { rows } = await client.query(`select count(*)::int as n from users where email not like $1`, [
    `%@${BENCH_EMAIL_DOMAIN}`,
  ]);
  const foreign = Number(rows[0]?.n ?? 0);
  if (foreign > 0 && !force) {
    throw new Error(
      `This database holds ${foreign} account(s) that are not bench data; the generator empties the database it writes to and will not touch it. Point it at a bench database (or pass --force).`,
    );
  }
  await client.query(
    `truncate payments, bookings, saved_posts, reported_posts, advertisements, cars, photos, sessions, accounts,
       verifications, payment_intents, contact_messages, users, categories restart identity cascade`,
  );
}

const BULK_TABLES = [
  'users',
  'accounts',
  'cars',
  'advertisements',
  'bookings',
  'payments',
  'saved_posts',
  'reported_posts',
];

/**
 * The bulk loader's classic trick: secondary indexes are dropped before the load and built again
 * after it from their own definitions (one sort instead of a million inserts into each index).
 * Indexes that back constraints (primary keys, unique columns) stay, so the data is still checked.
 */
async function dropSecondaryIndexes(client: RawClient): Promise<string[]> {
  const { rows } = await client.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  for (const row of rows) await client.query(`drop index ${row.name as string}`);
  return rows.map((r) => r.definition as string);
}

/**
 * The same for foreign keys: checked row by row by a trigger during the load, or once per
 * constraint, as one join, when it is added back afterwards (the data is still checked).
 */
async function dropForeignKeys(client: RawClient): Promise<string[]> {
  const { rows } = await client.query(
    `select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace`,
    [BULK_TABLES],
  );
  for (const row of rows) await client.query(`alter table ${row.table} drop constraint ${row.name}`);
  return rows.map((r) => `alter table ${r.table} add constraint ${r.name} ${r.definition}`);
}

/**
 * A statement that works on the whole dataset (an index build, a foreign key's check, ANALYZE): at
 * 1,000,000 cars the search's GIN indexes take longer to build than the server pool's read timeout
 * (10 s, `db/client.ts`), which would end the generator half-way; on PostgreSQL it gets 30 minutes.
 */
function maintenance(client: RawClient, text: string) {
  if (!(client instanceof pg.Pool)) return client.query(text);
  // node-postgres reads `query_timeout` from the query too (lib/client.js); its types omit it.
  const query: pg.QueryConfig & { query_timeout: number } = { text, query_timeout: 30 * 60_000 };
  return client.query(query);
}

/**
 * On PostgreSQL a few build side by side, each on its own pooled connection: more would wait for a
 * connection longer than the pool allows (`connectionTimeoutMillis`, db/client.ts), and the machine's
 * cores are busy with four sorts already.
 */
async function createIndexes(client: RawClient, definitions: string[]) {
  await eachConcurrently(definitions, 4, (definition) => maintenance(client, definition));
}

/** One at a time: adding a foreign key locks both tables, so two in parallel could deadlock. */
async function addForeignKeys(client: RawClient, statements: string[]) {
  for (const statement of statements) await maintenance(client, statement);
}

/** Placeholder photo files so that pages served from a generated dataset show images. */
export async function writePlaceholderPhotos(uploadsDir: string) {
  await mkdir(uploadsDir, { recursive: true });
  const hues = [
    [192, 57, 43],
    [41, 128, 185],
    [39, 174, 96],
    [142, 68, 173],
    [44, 62, 80],
    [211, 84, 0],
  ];
  const files: Promise<void>[] = [];
  for (const [i, key] of PHOTO_KEYS.entries()) {
    const [r, g, b] = hues[i % hues.length]!;
    for (const width of [480, 960, 1600]) {
      const height = (width * PHOTO_SIZE.height) / PHOTO_SIZE.width;
      files.push(
        sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
          .webp({ quality: 60 })
          .toBuffer()
          .then((data) => writeFile(path.join(uploadsDir, `${key}-${width}.webp`), data)),
      );
    }
  }
  for (const category of DEMO_CATEGORIES) {
    for (const { name, width } of [
      { name: `category-${category.id}-icon.webp`, width: 128 },
      ...bannerFiles(category.id),
    ]) {
      files.push(
        sharp({
          create: {
            width,
            height: Math.round(width * 0.75),
            channels: 3,
            background: { r: 90, g: 90, b: 90 },
          },
        })
          .webp({ quality: 60 })
          .toBuffer()
          .then((data) => writeFile(path.join(uploadsDir, name), data)),
      );
    }
  }
  await Promise.all(files);
}

export async function generateDataset(options: GenerateOptions): Promise<GenerateResult> {
  const log = options.log ?? console.log;
  const rnd = prng(options.seed ?? 20_240_601);
  const { database, client } = await openTarget(options.target);
  try {
    await resetBenchData(client, options.force ?? false);
    // Unmarked until it is complete: a run that stops half-way leaves a dataset nothing reuses.
    await client.query('comment on table cars is null');
    // A database no server has started on yet has an empty catalogue.
    await fillCatalogue(database.db);
    const links = await catalogueLinks(
      client,
      [...Object.values(MODELS_BY_CATEGORY), ...Object.values(CLASSICS_BY_CATEGORY)].flat(),
    );
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const rows: Record<string, number> = {};
    const add = (table: string, n: number) => {
      rows[table] = (rows[table] ?? 0) + n;
    };
    const indexes = await dropSecondaryIndexes(client);
    const foreignKeys = await dropForeignKeys(client);
    // The search's kept counts find each cell's cheapest car in an index dropped above: counted
    // once at the end instead (migration 0004's car_counts_recount).
    await client.query('alter table cars disable trigger cars_count_cells_added');
    let carSeconds = 0;
    try {
      const now = Date.now();
      const year = new Date(now).getFullYear();

      await client.query(
        `insert into categories (id, name, icon, image, position) select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])`,
        [
          DEMO_CATEGORIES.map((c) => c.id),
          DEMO_CATEGORIES.map((c) => c.name),
          DEMO_CATEGORIES.map((c) => `/uploads/category-${c.id}-icon.webp`),
          DEMO_CATEGORIES.map((c) => `/uploads/category-${c.id}-960.webp`),
          DEMO_CATEGORIES.map((_, i) => i + 1),
        ],
      );
      add('categories', DEMO_CATEGORIES.length);

      // Users: one hash for every bench account (hashing is deliberately slow and the same password is fine here).
      const passwordHash = await hashPassword(BENCH_PASSWORD);
      const sellerCount = Math.max(10, Math.round(options.cars / SHARE.carsPerSeller));
      const buyerCount = Math.max(64, Math.round(options.cars * SHARE.buyersPerCar));
      const sellers: Person[] = [];
      const buyers: Person[] = [];
      const personName = () => `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
      let users: object[] = [];
      let accounts: object[] = [];
      const flushUsers = async () => {
        add('users', await insertRows(client, 'users', USER_COLUMNS, users));
        add('accounts', await insertRows(client, 'accounts', ACCOUNT_COLUMNS, accounts));
        users = [];
        accounts = [];
      };
      const pushUser = async (
        role: 'Buyer' | 'Seller' | 'Admin',
        name: string,
        email: string,
        verified: boolean,
        place?: LocatedPlace,
      ): Promise<Person> => {
        const id = rnd.uuid();
        const at = now - Math.floor(rnd.next() * 4 * 365 * DAY);
        users.push({
          id,
          postal_code: place?.postalCode ?? null,
          country: place?.country ?? null,
          name,
          email,
          email_verified: true,
          role,
          is_verified: verified,
          created_at: at,
          updated_at: at,
        });
        accounts.push({
          id: rnd.uuid(),
          account_id: id,
          provider_id: 'credential',
          user_id: id,
          password: passwordHash,
          created_at: at,
          updated_at: at,
        });
        if (users.length >= BATCH) await flushUsers();
        return { id, name, email, place };
      };
      // Most sellers near a large metro's downtown, the others anywhere in the gazetteer.
      const everywhere = allPlaces();
      const centres = METRO_ZIPS.map((zip) => placeOf(zip)!);
      const metros = everywhere.filter((place) =>
        centres.some((centre) => distanceKm(centre, place) <= METRO_KM),
      );
      const sellerPlace = () => rnd.pick(rnd.next() < SHARE.inMetro ? metros : everywhere);
      await pushUser('Admin', 'Bench Admin', BENCH_ADMIN_EMAIL, true);
      for (let i = 0; i < sellerCount; i++) {
        // The busiest sellers (the low indexes, see sellerFor) are dealerships.
        const name =
          i < sellerCount / 10 ? `${rnd.pick(LAST_NAMES)} ${rnd.pick(DEALER_WORDS)}` : personName();
        const seller = await pushUser('Seller', name, benchSellerEmail(i), rnd.next() < 0.7, sellerPlace());
        // A dealership delivers more often, and farther.
        const dealer = i < sellerCount / 10;
        seller.deliveryKm =
          rnd.next() < (dealer ? SHARE.dealersDelivering : SHARE.othersDelivering)
            ? rnd.pick(dealer ? [160, 400, 800, 1600] : [40, 80])
            : null;
        sellers.push(seller);
      }
      for (let i = 0; i < buyerCount; i++) {
        buyers.push(await pushUser('Buyer', personName(), benchBuyerEmail(i), rnd.next() < 0.3));
      }
      await flushUsers();
      log(
        `  ${(sellerCount + buyerCount + 1).toLocaleString('en-US')} users in ${round((performance.now() - started) / 1000, 2)} s`,
      );
      const carsStarted = performance.now();
      const carsCpu = process.cpuUsage();

      await client.query(
        `insert into photos (key, uploader_id, width, height) select k, $2, $3, $4 from unnest($1::text[]) as k`,
        [PHOTO_KEYS, sellers[0]!.id, PHOTO_SIZE.width, PHOTO_SIZE.height],
      );
      add('photos', PHOTO_KEYS.length);

      const categoryIds = Object.keys(CATEGORY_WEIGHTS);
      const totalWeight = categoryIds.reduce((s, id) => s + CATEGORY_WEIGHTS[id]!, 0);
      const pickCategory = () => {
        let r = rnd.next() * totalWeight;
        for (const id of categoryIds) {
          r -= CATEGORY_WEIGHTS[id]!;
          if (r < 0) return id;
        }
        return categoryIds[0]!;
      };
      // Squaring skews cars towards the first sellers: a few dealers with many cars, many people with one or two.
      const sellerFor = () => sellers[Math.floor(rnd.next() ** 2 * sellers.length)]!;
      const pad = (n: number) => String(n).padStart(2, '0');
      const dateOnly = (t: number) => {
        const d = new Date(t);
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      };

      let pending: Promise<unknown> = Promise.resolve();
      let lastReport = performance.now();
      for (let done = 0; done < options.cars; ) {
        const size = Math.min(BATCH, options.cars - done);
        const car: object[] = [];
        const ad: object[] = [];
        const booking: object[] = [];
        const payment: object[] = [];
        const save: object[] = [];
        const report: object[] = [];
        for (let i = 0; i < size; i++) {
          const categoryId = pickCategory();
          const classics = CLASSICS_BY_CATEGORY[categoryId] ?? [];
          const isClassic = classics.length > 0 && rnd.next() < SHARE.classic;
          const profile: ModelProfile = rnd.pick(isClassic ? classics : MODELS_BY_CATEGORY[categoryId]!);
          const carYear = isClassic
            ? rnd.int(profile.firstYear, profile.lastYear ?? year)
            : rnd.int(Math.max(profile.firstYear, year - 15), year);
          const age = year - carYear;
          // A classic is driven a little each year, and is worth what it is worth, not its price new less its age.
          const km = isClassic
            ? age * rnd.int(1_000, 4_000)
            : age === 0
              ? rnd.int(5, 3_000)
              : Math.round(age * rnd.int(6_000, 18_000));
          const original = Math.round(profile.newPrice * (1 + rnd.next() * 0.15));
          const asking = Math.round(
            original * (isClassic ? 0.7 + rnd.next() * 0.3 : 0.9 ** age * (0.85 + rnd.next() * 0.1)),
          );
          const seller = sellerFor();
          // Recent cars are more numerous: the square puts most added dates in the last months.
          const added = now - Math.floor(rnd.next() ** 2 * 3 * 365 * DAY) - i;
          const sold = rnd.next() < SHARE.sold;
          const photos = rnd.pick(PHOTO_SETS);
          const id = rnd.uuid();
          const name = `${carYear} ${profile.brand} ${profile.model}`;
          const fuel = rnd.pick(profile.fuels);
          const specification = specificationOf(rnd, profile, categoryId, fuel, carYear, age);
          const typed = options.unmapped && rnd.next() < 0.2;
          car.push({
            id,
            year: carYear,
            brand: typed ? profile.brand.toLowerCase() : profile.brand,
            model: typed ? profile.model.toLowerCase() : profile.model,
            // Linked as they are posted: no start maps them again (modules/cars/car-names.ts).
            ...(options.unmapped ? { make_id: null, model_id: null } : links.get(profile)),
            catalogue_mapped: !options.unmapped,
            ...specification,
            category_id: categoryId,
            engine: profile.engine,
            fuel,
            about: aboutText(rnd.pick, specification.exterior_colour_name, km),
            asking_price: asking * 100,
            original_price: original * 100,
            top_speed: profile.topSpeed + rnd.int(-3, 3),
            km_driven: km,
            seller_id: seller.id,
            postal_code: seller.place!.postalCode,
            country: seller.place!.country,
            city: seller.place!.city,
            region: seller.place!.region,
            latitude: seller.place!.latitude,
            longitude: seller.place!.longitude,
            delivery_radius_km: seller.deliveryKm,
            photos,
            added_date: added,
            sold_at: sold ? added + Math.floor((now - added) * rnd.next()) : null,
            updated_at: added,
          });

          if (!sold && rnd.next() < SHARE.advertised) {
            ad.push({ car_id: id, created_at: added + Math.floor((now - added) * rnd.next() * 0.5) });
          }
          if (rnd.next() < SHARE.booked) {
            const buyer = rnd.pick(buyers);
            const paid = rnd.next() < SHARE.paidOfBooked;
            const bookingId = rnd.uuid();
            const createdAt = added + Math.floor((now - added) * rnd.next());
            // Paid test drives mostly lie in the past; open (unpaid) ones are ahead.
            const when = paid ? createdAt + rnd.int(1, 14) * DAY : now + rnd.int(1, 30) * DAY;
            booking.push({
              id: bookingId,
              car_id: id,
              car_name: name,
              car_photo: `/uploads/${photos[0]}-480.webp`,
              seller_id: seller.id,
              seller_name: seller.name,
              seller_email: seller.email,
              buyer_id: buyer.id,
              buyer_name: buyer.name,
              buyer_email: buyer.email,
              buyer_phone: `+1512555${rnd.int(1000, 9999)}`,
              requested_date: dateOnly(when),
              requested_time: `${pad(rnd.int(9, 18))}:${rnd.pick(['00', '30'])}`,
              requested_location: rnd.pick(CITIES),
              price: TEST_DRIVE_FEE_CENTS,
              is_paid: paid,
              created_at: createdAt,
            });
            if (paid) {
              payment.push({
                booking_id: bookingId,
                price: TEST_DRIVE_FEE_CENTS,
                transaction_id: `pi_bench_${bookingId.replaceAll('-', '')}`,
                provider: 'test',
                product_by: seller.email,
                product: name,
                paid_by: buyer.email,
                created_at: createdAt,
              });
            }
          }
          // Distinct buyers per car: consecutive ones from a random start.
          const saves = rnd.pick(SAVES_PER_CAR);
          const start = rnd.int(0, buyers.length - 1);
          for (let s = 0; s < saves; s++) {
            save.push({
              buyer_id: buyers[(start + s) % buyers.length]!.id,
              car_id: id,
              created_at: added + Math.floor((now - added) * rnd.next()),
            });
          }
          if (rnd.next() < SHARE.reported) {
            const reports = rnd.int(1, 3);
            const from = rnd.int(0, buyers.length - 1);
            for (let r = 0; r < reports; r++) {
              const reason = rnd.pick(REPORT_REASONS);
              report.push({
                buyer_id: buyers[(from + r) % buyers.length]!.id,
                car_id: id,
                reason,
                details: reason === 'Other' ? 'The photos do not match the description.' : '',
                created_at: added + Math.floor((now - added) * rnd.next()),
              });
            }
          }
        }
        // The previous batch's inserts ran while this batch was being built.
        await pending;
        pending = (async () => {
          add('cars', await insertRows(client, 'cars', CAR_COLUMNS, car));
          const counts = await Promise.all([
            insertRows(client, 'advertisements', AD_COLUMNS, ad),
            insertRows(client, 'bookings', BOOKING_COLUMNS, booking).then(async (n) => {
              add('payments', await insertRows(client, 'payments', PAYMENT_COLUMNS, payment));
              return n;
            }),
            insertRows(client, 'saved_posts', SAVE_COLUMNS, save),
            insertRows(client, 'reported_posts', REPORT_COLUMNS, report),
          ]);
          add('advertisements', counts[0]);
          add('bookings', counts[1]);
          add('saved_posts', counts[2]);
          add('reported_posts', counts[3]);
        })();
        done += size;
        if (performance.now() - lastReport > 5_000) {
          lastReport = performance.now();
          log(`  ${done.toLocaleString('en-US')} cars…`);
        }
      }
      await pending;
      carSeconds = (performance.now() - carsStarted) / 1000;
      const cpu = process.cpuUsage(carsCpu);
      log(
        `  cars with their bookings, saves, reports and advertisements in ${round(carSeconds, 2)} s (generator CPU ${round((cpu.user + cpu.system) / 1e6, 2)} s)`,
      );
    } finally {
      const indexStarted = performance.now();
      await createIndexes(client, indexes);
      log(
        `  ${indexes.length} secondary indexes built in ${round((performance.now() - indexStarted) / 1000, 2)} s`,
      );
      const keysStarted = performance.now();
      await addForeignKeys(client, foreignKeys);
      log(
        `  ${foreignKeys.length} foreign keys added back and checked in ${round((performance.now() - keysStarted) / 1000, 2)} s`,
      );
      const countsStarted = performance.now();
      await maintenance(client, 'select car_counts_recount()');
      await client.query('alter table cars enable trigger cars_count_cells_added');
      log(`  search counts in ${round((performance.now() - countsStarted) / 1000, 2)} s`);
    }
    // Fresh statistics and visibility maps, as autovacuum gives a long-running database (after
    // inserts too), so that plans and index-only scans match production.
    const analyzeStarted = performance.now();
    await maintenance(client, 'vacuum analyze');
    log(`  vacuum and analyze in ${round((performance.now() - analyzeStarted) / 1000, 2)} s`);
    await client.query(
      `comment on table cars is '${DATASET_VERSION}${options.unmapped ? ' (unmapped)' : ''}'`,
    );
    const cpu = process.cpuUsage(cpuStarted);
    const generatorCpu = round((cpu.user + cpu.system) / 1e6, 2);
    const databaseCpu = options.target.engine === 'postgres' ? await backendCpuSeconds(client) : null;
    const cpuSeconds = {
      generator: generatorCpu,
      database: databaseCpu === null ? null : round(databaseCpu, 2),
    };
    log(
      `  CPU: generator ${generatorCpu} s${databaseCpu === null ? (options.target.engine === 'pglite' ? ' (PGlite runs inside it)' : '') : `, PostgreSQL backends ${round(databaseCpu, 2)} s`}`,
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      cars: options.cars,
      seconds: round(seconds, 2),
      carsPerSecond: Math.round(options.cars / seconds),
      carPhaseCarsPerSecond: Math.round(options.cars / carSeconds),
      cpuSeconds,
      carsPerCpuSecond: Math.round(options.cars / (generatorCpu + (databaseCpu ?? 0))),
      rows,
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const flags = parseFlags();
  const cars = countFlag(flags, 'cars', 10_000);
  const databaseUrl = stringFlag(flags, 'database-url') ?? process.env.DATABASE_URL;
  const dataDir = stringFlag(flags, 'data-dir') ?? process.env.DATA_DIR;
  if (!databaseUrl && !dataDir) {
    console.error(
      'Say where to write: --database-url postgres://… (or DATABASE_URL) or --data-dir DIR (a PGlite DATA_DIR, or DATA_DIR).\nThe generator empties the database it writes to.',
    );
    process.exit(2);
  }
  const target: Target = databaseUrl
    ? { engine: 'postgres', databaseUrl }
    : { engine: 'pglite', dataDir: path.resolve(dataDir!) };
  console.log(`generating ${cars.toLocaleString('en-US')} cars into ${describeTarget(target)}`);
  const result = await generateDataset({
    target,
    cars,
    force: flags.force === true,
    unmapped: flags.unmapped === true,
  });
  if (target.engine === 'pglite') await writePlaceholderPhotos(path.join(target.dataDir, 'uploads'));
  console.log(
    `${result.cars.toLocaleString('en-US')} cars in ${result.seconds} s: ${result.carsPerSecond.toLocaleString('en-US')} cars/s overall, ${result.carPhaseCarsPerSecond.toLocaleString('en-US')} cars/s in the car batches, ${result.carsPerCpuSecond.toLocaleString('en-US')} cars per CPU-second`,
  );
  console.log(
    Object.entries(result.rows)
      .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
      .join(', '),
  );
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
