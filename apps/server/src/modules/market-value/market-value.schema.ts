/** The market value module's tables. */
import { DEAL_RATINGS, VALUE_AREAS, VALUE_FAMILIES } from '@redline/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cars } from '../cars/cars.schema.ts';
import type { WideRegion } from './regions.ts';

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Each car for sale's market value as the last refit left it (market-value.ts): the estimate and the
 * range in integer cents, null with `rating` `none` (too few comparables); the rating of the asking
 * price it was fitted at; how many comparables and which level (family, area) valued it.
 */
export const marketValues = pgTable(
  'market_values',
  {
    carId: uuid('car_id')
      .primaryKey()
      .references(() => cars.id, { onDelete: 'cascade' }),
    estimate: integer('estimate'),
    low: integer('low'),
    high: integer('high'),
    rating: text('rating', { enum: DEAL_RATINGS }).notNull(),
    comparables: integer('comparables').notNull(),
    family: text('family', { enum: VALUE_FAMILIES }).notNull(),
    area: text('area', { enum: VALUE_AREAS }).notNull(),
    fittedAt: timestamp('fitted_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    check('market_values_rating_check', sql`${t.rating} in (${oneOf(DEAL_RATINGS)})`),
    check('market_values_family_check', sql`${t.family} in (${oneOf(VALUE_FAMILIES)})`),
    check('market_values_area_check', sql`${t.area} in (${oneOf(VALUE_AREAS)})`),
    check(
      'market_values_estimate_check',
      sql`(${t.rating} = 'none' and ${t.estimate} is null and ${t.low} is null and ${t.high} is null)
        or (${t.rating} <> 'none' and 0 < ${t.low} and ${t.low} <= ${t.estimate} and ${t.estimate} <= ${t.high})`,
    ),
  ],
);

/** The groups whose fits are kept: each make, each model family. */
export const FIT_LEVELS = ['make', 'family'] as const;

/**
 * The fits the last refit made (market-value-model.ts `KeptFit`), one row per make and per model
 * family, by the key the model groups cars by: what values a car not posted yet
 * (`POST /market-value/estimate`) as the refit values a posted one. Replaced whole by each refit,
 * in the transaction that stores its values.
 */
export const marketValueFits = pgTable(
  'market_value_fits',
  {
    level: text('level', { enum: FIT_LEVELS }).notNull(),
    key: text('key').notNull(),
    coefficients: doublePrecision('coefficients').array().notNull(),
    levels: text('levels').array().notNull(),
    scale: doublePrecision('scale').notNull(),
    spread: doublePrecision('spread').notNull(),
    cars: integer('cars').notNull(),
    inRegion: jsonb('in_region').$type<Partial<Record<WideRegion, number>>>().notNull(),
    fittedAt: timestamp('fitted_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.key] }),
    check('market_value_fits_level_check', sql`${t.level} in (${oneOf(FIT_LEVELS)})`),
  ],
);
