/** The saved cars module's table. */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { cars } from '../cars/cars.schema.ts';

export const savedCars = pgTable(
  'saved_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_posts_buyer_car_idx').on(t.buyerId, t.carId),
    index('saved_posts_car_idx').on(t.carId),
  ],
);
