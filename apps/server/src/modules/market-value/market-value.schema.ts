/** The market value module's table. */
import { DEAL_RATINGS, VALUE_AREAS, VALUE_FAMILIES } from '@redline/shared';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cars } from '../cars/cars.schema.ts';

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
