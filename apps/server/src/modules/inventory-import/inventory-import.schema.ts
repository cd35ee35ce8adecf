/** The inventory import module's tables (ADR 66). */
import { IMPORT_MODES, IMPORT_ROW_OUTCOMES, IMPORT_SOURCES, IMPORT_STATUSES } from '@redline/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
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
 * One import of a dealer's file: previewed, then committed by a job that applies its rows in chunks,
 * `applied` the rows done so far (a retried job goes on from there), with its counts.
 */
export const inventoryImports = pgTable(
  'inventory_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerId: text('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who uploaded it; null for a feed (sent with the dealer's key) and once that account is gone. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: IMPORT_SOURCES }).notNull(),
    mode: text('mode', { enum: IMPORT_MODES }).notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull(),
    rowsRead: integer('rows_read').notNull(),
    rowsValid: integer('rows_valid').notNull(),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    markedSold: integer('marked_sold').notNull().default(0),
    /** The rows applied so far, in row order. */
    applied: integer('applied').notNull().default(0),
    /** The photos of the upload's zip that no row names (ADR 67): how many, and the first names. */
    extraPhotos: jsonb('extra_photos')
      .$type<{ count: number; names: string[] }>()
      .notNull()
      .default({ count: 0, names: [] }),
    error: text('error'),
    createdAt: createdAt(),
    /** When the dealer committed it, making the form's declarations for its cars. */
    committedAt: timestamp('committed_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('inventory_imports_dealer_idx').on(
      t.dealerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // One commit of a dealer at a time: a second is refused while one is queued or running (ADR 66).
    uniqueIndex('inventory_imports_one_commit_idx')
      .on(t.dealerId)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('inventory_imports_source_check', sql`${t.source} in ('upload', 'feed')`),
    check('inventory_imports_mode_check', sql`${t.mode} in ('partial', 'full')`),
    check(
      'inventory_imports_status_check',
      sql`${t.status} in ('previewed', 'queued', 'running', 'done', 'failed')`,
    ),
  ],
);

/** A row of an import's file as read (its columns' texts), its errors in the form's words, and its outcome. */
export const inventoryImportRows = pgTable(
  'inventory_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => inventoryImports.id, { onDelete: 'cascade' }),
    /** Its line in a CSV file (the header is line 1), its position from 1 in a JSON array. */
    rowNumber: integer('row_number').notNull(),
    /** Its position among the import's rows, from 0: the order the commit applies them in. */
    position: integer('position').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** What the row names its car by, as written: the stock number, else the VIN. */
    stockNumber: text('stock_number'),
    vin: text('vin'),
    errors: jsonb('errors').$type<Record<string, string>>().notNull(),
    outcome: text('outcome', { enum: IMPORT_ROW_OUTCOMES }).notNull(),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    check(
      'inventory_import_rows_outcome_check',
      sql`${t.outcome} in ('create', 'update', 'unchanged', 'failed')`,
    ),
  ],
);

/** A dealer's key for their feed (one at a time): its SHA-256 only; the key itself is shown once. */
export const dealerApiKeys = pgTable('dealer_api_keys', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique('dealer_api_keys_hash_key'),
  /** Its first characters, for the dealer to tell keys apart. */
  prefix: text('prefix').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
});
