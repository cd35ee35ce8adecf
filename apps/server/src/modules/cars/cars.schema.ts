/** The cars module's tables: the cars, and what the database keeps of them for the search and the price history. */

import {
  BODY_STYLES,
  CAR_DOORS_MAX,
  CAR_SEATS_MAX,
  COLOURS,
  COUNTRIES,
  DRIVETRAINS,
  MATCH_KINDS,
  PREVIOUS_OWNERS_MAX,
  TITLE_STATUSES,
  TRANSMISSIONS,
} from '@redline/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { tsvector, updatedAt } from '../../db/columns.ts';
import { categories } from '../categories/categories.schema.ts';
import { vehicleMakes, vehicleModels } from '../vehicles/vehicles.schema.ts';

/** A check that a column holds one of these values (or null): the values as SQL literals. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    /**
     * The make and model as shown: the catalogue's names while the car is linked to it (`makeId`,
     * `modelId`), the seller's own words for a make or model it lacks ("other", the id null).
     */
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    makeId: integer('make_id').references(() => vehicleMakes.id),
    modelId: integer('model_id').references(() => vehicleModels.id),
    /**
     * The seller's own words, kept when the shown make or model is the catalogue's name and differs
     * from them ("chevy", "vokswagen" shown as Chevrolet, Volkswagen); null when the shown name is
     * what they typed.
     */
    postedBrand: text('posted_brand'),
    postedModel: text('posted_model'),
    /**
     * Whether the car's names went through the catalogue: when posted or edited, or by the mapping of
     * the cars posted before it (car-names.ts), which takes those still false once the catalogue is filled.
     */
    catalogueMapped: boolean('catalogue_mapped').notNull().default(false),
    trim: text('trim'),
    /** The 17-character VIN, or an older car's chassis number; upper case. */
    vin: text('vin'),
    bodyStyle: text('body_style', { enum: BODY_STYLES }),
    transmission: text('transmission', { enum: TRANSMISSIONS }),
    drivetrain: text('drivetrain', { enum: DRIVETRAINS }),
    exteriorColour: text('exterior_colour', { enum: COLOURS }),
    exteriorColourName: text('exterior_colour_name'),
    interiorColour: text('interior_colour', { enum: COLOURS }),
    interiorColourName: text('interior_colour_name'),
    doors: integer('doors'),
    seats: integer('seats'),
    previousOwners: integer('previous_owners'),
    titleStatus: text('title_status', { enum: TITLE_STATUSES }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    engine: text('engine').notNull(),
    fuel: text('fuel', { enum: ['Petrol', 'Diesel', 'Electric', 'Hybrid'] }).notNull(),
    about: text('about').notNull(),
    askingPrice: integer('asking_price').notNull(),
    originalPrice: integer('original_price').notNull(),
    topSpeed: integer('top_speed').notNull(),
    kmDriven: integer('km_driven').notNull(),
    /**
     * Where the car stands: the postal code its seller gave (postalCodeSchema) and what the gazetteer
     * derived from it when the car was posted or edited (places/gazetteer.ts): city, region and
     * coordinates. All null for a car posted before locations (migration 0028) until its seller gives one.
     */
    postalCode: text('postal_code'),
    country: text('country', { enum: COUNTRIES }),
    city: text('city'),
    region: text('region'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** How far from its place the seller delivers the car, in km; null when they do not deliver. */
    deliveryRadiusKm: doublePrecision('delivery_radius_km'),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The dealer's own number for the car (an import finds the car by it), unique among the seller's cars. */
    stockNumber: text('stock_number'),
    /** Photo keys in display order; the first is the cover. */
    photos: text('photos').array().notNull(),
    addedDate: timestamp('added_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    soldAt: timestamp('sold_at', { withTimezone: true, precision: 3 }),
    /** Since when an accepted offer holds the car for its buyer (modules/offers); null while it is free. */
    reservedAt: timestamp('reserved_at', { withTimezone: true, precision: 3 }),
    updatedAt: updatedAt(),
    /**
     * When the asking price last went down, null once it goes up again: set by the database itself
     * (the trigger of migration 0003), whichever code path changes the price.
     */
    priceDroppedAt: timestamp('price_dropped_at', { withTimezone: true, precision: 3 }),
    /**
     * The search's folded texts (lower case, accents removed by `redline_fold`, migration 0003),
     * kept by the database: the words of the engine and about texts (full text, no stemming; since
     * migration 0004, not the name's, which the name's own match covers), the name (brand and model)
     * matched with typos and suggested, and the brand filtered on.
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, redline_fold(engine || ' ' || about))`,
    ),
    nameKey: text('name_key').generatedAlwaysAs(sql`redline_fold(brand || ' ' || model)`),
    brandKey: text('brand_key').generatedAlwaysAs(sql`redline_fold(brand)`),
    /**
     * Whether the seller is verified, kept by the database (the triggers of migration 0004) when a car
     * is posted and when its seller is verified or loses it: the search filters on it and counts it
     * (`car_counts`) without reading the users.
     */
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /**
     * A number per car, in the order they were added: the slot of the search's columns in memory
     * (modules/search/car-columns.ts), which a set of cars (those whose text has a word) lists compactly.
     */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
  },
  (t) => {
    // What a search's filters read of a car, in the order the indexes below keep them.
    const filters = [t.categoryId, t.fuel, t.year, t.sellerVerified, t.askingPrice, t.kmDriven, t.brandKey];
    return [
      check('cars_fuel_check', sql`${t.fuel} in ('Petrol', 'Diesel', 'Electric', 'Hybrid')`),
      check('cars_year_check', sql`${t.year} between 1900 and 2100`),
      check('cars_model_of_make_check', sql`${t.modelId} is null or ${t.makeId} is not null`),
      check('cars_body_style_check', oneOf(t.bodyStyle, BODY_STYLES)),
      check('cars_transmission_check', oneOf(t.transmission, TRANSMISSIONS)),
      check('cars_drivetrain_check', oneOf(t.drivetrain, DRIVETRAINS)),
      check('cars_exterior_colour_check', oneOf(t.exteriorColour, COLOURS)),
      check('cars_interior_colour_check', oneOf(t.interiorColour, COLOURS)),
      check('cars_title_status_check', oneOf(t.titleStatus, TITLE_STATUSES)),
      check(
        'cars_specification_numbers_check',
        sql`${t.doors} between 1 and ${sql.raw(`${CAR_DOORS_MAX}`)} and ${t.seats} between 1 and ${sql.raw(`${CAR_SEATS_MAX}`)}
          and ${t.previousOwners} between 0 and ${sql.raw(`${PREVIOUS_OWNERS_MAX}`)}`,
      ),
      check('cars_prices_check', sql`${t.askingPrice} >= 0 and ${t.originalPrice} >= 0`),
      check('cars_numbers_check', sql`${t.topSpeed} > 0 and ${t.kmDriven} >= 0`),
      check(
        'cars_location_check',
        sql`(${t.postalCode} is null and ${t.country} is null and ${t.city} is null and ${t.region} is null
            and ${t.latitude} is null and ${t.longitude} is null)
          or (${t.postalCode} is not null and ${t.country} is not null and ${t.city} is not null
            and ${t.region} is not null and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180)`,
      ),
      check('cars_country_check', oneOf(t.country, COUNTRIES)),
      check('cars_delivery_check', sql`${t.deliveryRadiusKm} > 0`),
      check('cars_photos_check', sql`cardinality(${t.photos}) between 1 and 10`),
      // Newest first, in the order the keyset queries ask for: PostgreSQL's `DESC` means NULLS FIRST,
      // while Drizzle writes `DESC NULLS LAST` unless told, an order the planner cannot use for them.
      index('cars_category_idx').on(t.categoryId, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('cars_seller_idx').on(t.sellerId, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
      // The cars of a make or model (a merge of the catalogue moves them), and those of a VIN (a second live listing of it).
      index('cars_make_idx').on(t.makeId, t.modelId),
      index('cars_model_idx').on(t.modelId),
      // The names of the cars the catalogue lacks ("other"), listed for the admins, and the cars
      // still to map (car-names.ts): both a few, among a million.
      index('cars_other_names_idx').on(t.makeId, t.brand, t.model).where(sql`${t.modelId} is null`),
      index('cars_unmapped_idx').on(t.brand, t.model).where(sql`not ${t.catalogueMapped}`),
      index('cars_vin_idx').on(t.vin),
      uniqueIndex('cars_stock_number_idx')
        .on(t.sellerId, t.stockNumber)
        .where(sql`${t.stockNumber} is not null`),
      // Finds the car that lists a photo (photo cleanup) without scanning every car.
      index('cars_photos_idx').using('gin', t.photos),
      // The search (modules/search, its page reader search-pages.ts): cars for sale only, one index per sort order, the
      // words and the name's trigrams (typos).
      index('cars_unsold_newest_idx')
        .on(t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.soldAt} is null`),
      index('cars_unsold_price_idx').on(t.askingPrice, t.id).where(sql`${t.soldAt} is null`),
      index('cars_unsold_km_idx').on(t.kmDriven, t.id).where(sql`${t.soldAt} is null`),
      index('cars_unsold_year_idx')
        .on(t.year.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.soldAt} is null`),
      index('cars_unsold_brand_idx')
        .on(t.brandKey, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.soldAt} is null`),
      // A page that gathers few cars finds them by their cells here (`car_counts`' cells with cars): its
      // first columns are a cell's, the filters' follow, then what a page reads of a car (its order's
      // keys), so that the gathering reads the index alone, not the table (migration 0011).
      index('cars_unsold_facets_idx')
        .on(t.nameKey, ...filters, t.addedDate, t.id)
        .where(sql`${t.soldAt} is null`),
      index('cars_unsold_words_idx').using('gin', t.searchWords).where(sql`${t.soldAt} is null`),
      // A search with text that matches few cars reads them by the seqs its counts found (PageReading.seqs),
      // from this index alone: all a page reads of a car, the name for its relevance (migration 0012).
      index('cars_unsold_seq_idx')
        .on(t.seq, t.nameKey, t.addedDate, t.id, t.askingPrice, t.kmDriven, t.year)
        .where(sql`${t.soldAt} is null`),
      // The cars of one name newest first: a relevance page reads each matching name's in turn. The
      // filters' columns follow the order's, so that a page reads from the table only the cars that
      // pass them (migration 0009): without them, a name whose newest cars mostly fail the filters was
      // read row by row, or all its rows fetched and sorted (0.2–0.6 s at a million cars).
      index('cars_unsold_name_idx')
        .on(t.nameKey, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst(), ...filters)
        .where(sql`${t.soldAt} is null`),
    ];
  },
);

/**
 * How many cars are for sale in each cell of the search's discrete filters (name, so brand too,
 * category, fuel, year, verified seller): kept by the database (the statement triggers of migration
 * 0004, as migration 0010 left them), so that a page that gathers few cars reads only the cells with
 * cars under its filters (modules/search/search-counts.ts).
 */
export const carCounts = pgTable(
  'car_counts',
  {
    categoryId: text('category_id').notNull(),
    nameKey: text('name_key').notNull(),
    /** The name's brand (`cars.brand_key`): the same for every car of the name. */
    brandKey: text('brand_key').notNull(),
    fuel: text('fuel').notNull(),
    year: integer('year').notNull(),
    sellerVerified: boolean('seller_verified').notNull(),
    carsForSale: integer('cars_for_sale').notNull(),
  },
  (t) => [primaryKey({ columns: [t.nameKey, t.categoryId, t.fuel, t.year, t.sellerVerified] })],
);

/**
 * Each brand and model name of the cars (folded, `cars.name_key`) with how many of them are for sale:
 * what the search box suggests, kept by the database (the statement triggers of migration 0003), so
 * that the names are a few thousand rows instead of a million cars grouped. The server keeps those
 * for sale in memory for the suggestions (modules/search/search-catalogue.ts); the search finds the
 * names a word resembles by their trigrams.
 */
export const carNames = pgTable(
  'car_names',
  {
    nameKey: text('name_key').primaryKey(),
    brandKey: text('brand_key').notNull(),
    /** The spelling shown: of all the sellers', the one that sorts first byte by byte (capitals first). */
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    carsForSale: integer('cars_for_sale').notNull(),
  },
  (t) => [index('car_names_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops'))],
);

/** Every asking price a car has had, the first at its posting: written by the trigger of migration 0003. */
export const carPrices = pgTable(
  'car_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    askingPrice: integer('asking_price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('car_prices_car_idx').on(t.carId, t.changedAt, t.id)],
);

/**
 * The report of the mapping of the cars posted before the catalogue (car-names.ts): each brand and
 * model as sellers typed them, what the catalogue made of them (how each matched, or null: "other")
 * and how many cars carried them. A typo match waits for an admin to confirm or undo it (`review`).
 */
export const carNameMappings = pgTable(
  'car_name_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    /** The names the cars showed once mapped: the catalogue's where it matched, else the seller's. */
    shownBrand: text('shown_brand').notNull(),
    shownModel: text('shown_model').notNull(),
    makeId: integer('make_id').references(() => vehicleMakes.id, { onDelete: 'set null' }),
    modelId: integer('model_id').references(() => vehicleModels.id, { onDelete: 'set null' }),
    makeMatch: text('make_match', { enum: MATCH_KINDS }),
    modelMatch: text('model_match', { enum: MATCH_KINDS }),
    cars: integer('cars').notNull(),
    mappedAt: timestamp('mapped_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    review: text('review', { enum: ['confirmed', 'undone'] }),
  },
  (t) => [
    check('car_name_mappings_make_match_check', oneOf(t.makeMatch, MATCH_KINDS)),
    check('car_name_mappings_model_match_check', oneOf(t.modelMatch, MATCH_KINDS)),
    check('car_name_mappings_review_check', sql`${t.review} in ('confirmed', 'undone')`),
  ],
);

/**
 * The ids of the cars deleted (by their seller, an admin, or their seller's account's deletion), written
 * in the deletion's transaction (car-deletion.ts): the page of a car that was on Redline answers 410 Gone,
 * that of an id that never was 404 (ADR 47). Only the id and when: nothing of the car or its seller.
 */
export const removedCars = pgTable('removed_cars', {
  carId: uuid('car_id').primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
