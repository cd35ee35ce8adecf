/** The categories module's table. */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    icon: text('icon').notNull(),
    image: text('image').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('categories_position_idx').on(t.position)],
);
