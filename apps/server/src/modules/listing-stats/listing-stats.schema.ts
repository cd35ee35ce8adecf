/** The listing stats module's tables: what visitors saw of each car, a row per car and day (UTC). */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cars } from '../cars/cars.schema.ts';

/**
 * Each car's times shown in search results and page views, per day: added to by the batches of
 * listing-activity.ts, never written on a page's request.
 */
export const listingDays = pgTable(
  'listing_days',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    impressions: integer('impressions').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.carId, t.day] }),
    index('listing_days_day_idx').on(t.day),
    check('listing_days_counts_check', sql`${t.impressions} >= 0 and ${t.views} >= 0`),
  ],
);

/**
 * Who viewed a car's page on a day, for today's and yesterday's views only (the `listing-stats.prune`
 * job drops older days): a view counts once per visitor and day. `visitor` is a signed-in user's id
 * (`u:…`), else a keyed hash of the address and browser with the day (`a:…`), which names no one
 * and means nothing the next day.
 */
export const listingViewers = pgTable(
  'listing_viewers',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.carId, t.day, t.visitor] }), index('listing_viewers_day_idx').on(t.day)],
);
