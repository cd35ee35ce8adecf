/** The reports module's table. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { cars } from '../cars/cars.schema.ts';

export const reportedCars = pgTable(
  'reported_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for Redline's own report: a VIN shared with another car for sale (duplicate-vins.ts). */
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reported_posts_buyer_car_idx').on(t.buyerId, t.carId),
    index('reported_posts_car_idx').on(t.carId),
    uniqueIndex('reported_posts_automatic_car_idx').on(t.carId).where(sql`buyer_id is null`),
  ],
);
