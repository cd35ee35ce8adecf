/** The categories module's table. */
import { CATEGORIES_MAX } from '@redline/shared';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    icon: text('icon').notNull(),
    image: text('image').notNull(),
    position: integer('position').notNull(),
  },
  // Unique positions from 1 to CATEGORIES_MAX: the list of categories (and a search's counts by
  // category) can be no longer.
  (t) => [
    uniqueIndex('categories_position_idx').on(t.position),
    check('categories_position_range', sql`${t.position} between 1 and ${sql.raw(String(CATEGORIES_MAX))}`),
  ],
);
