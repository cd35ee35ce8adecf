/**
 * The column shapes the schema files share (each module's `<domain>.schema.ts`, db/schema.ts).
 * Money is integer USD cents; constraints make the bad states of the spec impossible.
 * Timestamps keep milliseconds, as JavaScript dates do, so keyset cursors built from them are exact.
 */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (Drizzle has none built in). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
