/** The photos module's table. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema.ts';
import { createdAt } from '../../db/columns.ts';

/** Photos uploaded by sellers; unattached ones are removed after a day. */
export const photos = pgTable(
  'photos',
  {
    key: text('key').primaryKey(),
    uploaderId: text('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_created_idx').on(t.createdAt)],
);
