/**
 * The vehicles module's tables: the catalogue of makes and models, and the other names people give
 * them (aliases). Filled from `vehicle-catalogue.json` and `vehicle-aliases.json` (docs/catalogue.md).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';

export const vehicleMakes = pgTable(
  'vehicle_makes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** ISO 3166-1 alpha-2: the make's home country. */
    country: text('country').notNull(),
  },
  (t) => [check('vehicle_makes_country', sql`${t.country} ~ '^[A-Z]{2}$'`)],
);

export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    makeId: integer('make_id')
      .notNull()
      .references(() => vehicleMakes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('vehicle_models_make_slug_idx').on(t.makeId, t.slug)],
);

/** Another name of a make (`modelId` null: "Chevy") or of one of its models ("Miata"). */
export const vehicleAliases = pgTable(
  'vehicle_aliases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    makeId: integer('make_id')
      .notNull()
      .references(() => vehicleMakes.id, { onDelete: 'cascade' }),
    modelId: integer('model_id').references(() => vehicleModels.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
  },
  (t) => [
    unique('vehicle_aliases_unique').on(t.makeId, t.modelId, t.alias).nullsNotDistinct(),
    index('vehicle_aliases_model_idx').on(t.modelId),
  ],
);
