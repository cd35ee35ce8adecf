/** The saved searches module's tables. */
import type { AlertFrequency, CarSearchFilters } from '@redline/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { cars } from '../cars/cars.schema.ts';

/**
 * A buyer's saved searches (modules/saved-searches): a search's text and filters (CarSearchFilters,
 * as the buyer saved them), and `filtersKey`, the same in one canonical form, so that a buyer keeps
 * each search once. `frequency`: each new car told at once (`instant`), or a day's in one (`daily`).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<CarSearchFilters>().notNull(),
    filtersKey: text('filters_key').notNull(),
    frequency: text('frequency').$type<AlertFrequency>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_searches_buyer_filters_idx').on(t.buyerId, t.filtersKey),
    index('saved_searches_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    check('saved_searches_frequency_check', sql`${t.frequency} in ('instant', 'daily')`),
  ],
);

/**
 * Each car posted that matched a saved search, once: written with the notification of an instant
 * search, or waiting (`toldAt` null) for its daily digest. The unique pair is what makes a car tell
 * a search once, however often the job that matches it runs.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    toldAt: timestamp('told_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.carId] }),
    index('saved_search_matches_untold_idx').on(t.savedSearchId).where(sql`${t.toldAt} is null`),
    index('saved_search_matches_car_idx').on(t.carId),
  ],
);
