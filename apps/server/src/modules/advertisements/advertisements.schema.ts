/** The advertisements module's table. */
import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { cars } from '../cars/cars.schema.ts';

export const advertisements = pgTable(
  'advertisements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .unique()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('advertisements_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
