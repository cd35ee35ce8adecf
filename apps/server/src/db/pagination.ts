/**
 * Keyset pagination, newest first: a cursor is the (timestamp, id) of the last row served,
 * so pages stay stable and cost the same at any depth.
 */
import { desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { badRequest } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id in Redline is a UUID; anything else is answered without asking the database. */
export const isUuid = (value: string) => UUID.test(value);

interface CursorValue {
  at: Date;
  id: string;
}

/** A cursor: JSON in base64url. */
export function encodeCursorJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * The JSON a cursor holds; throws unless the cursor is spelled exactly as the server writes it
 * (several spellings decode the same: padding, base64's `+` and `/`, the last character's unused
 * bits), so that each page has one address.
 */
export function decodeCursorJson(cursor: string): unknown {
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.toString('base64url') !== cursor) throw new Error('not a cursor the server wrote');
  return JSON.parse(bytes.toString('utf8'));
}

function encodeCursor(at: Date, id: string): string {
  return encodeCursorJson([at.toISOString(), id]);
}

function decodeCursor(cursor: string | undefined): CursorValue | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = decodeCursorJson(cursor) as [string, string];
    const date = new Date(at);
    // JavaScript dates reach years PostgreSQL cannot store; a forged cursor must not turn into a 500.
    const year = date.getUTCFullYear();
    if (typeof id !== 'string' || !isUuid(id) || Number.isNaN(year) || year < 1 || year > 9999)
      throw new Error('bad cursor');
    return { at: date, id };
  } catch {
    throw badRequest('The page cursor is invalid.', { cursor: 'Invalid cursor' });
  }
}

/** Newest first: the ORDER BY every keyset page uses. */
export const newestFirst = (atColumn: SQLWrapper, idColumn: SQLWrapper) => [desc(atColumn), desc(idColumn)];

/**
 * The WHERE part that continues after a cursor, its values given as the placeholders `afterAt` and
 * `afterId`, so that a prepared statement can hold it. The row comparison lets PostgreSQL start the
 * index scan at the cursor instead of filtering up to it.
 */
export const afterCursor = (atColumn: SQLWrapper, idColumn: SQLWrapper): SQL =>
  sql`(${atColumn}, ${idColumn}) < (${sql.placeholder('afterAt')}, ${sql.placeholder('afterId')})`;

/** The placeholder values of `afterCursor` for a client's cursor; undefined for the first page. */
export function cursorParams(cursor: string | undefined) {
  const after = decodeCursor(cursor);
  return after && { afterAt: after.at.toISOString(), afterId: after.id };
}

/**
 * A page's WHERE part (undefined on the first page), its ORDER BY, and the placeholder values to
 * execute the query with: `query.execute(page.params)`.
 */
export function keyset(atColumn: SQLWrapper, idColumn: SQLWrapper, cursor: string | undefined) {
  const params = cursorParams(cursor);
  return {
    where: params ? afterCursor(atColumn, idColumn) : undefined,
    orderBy: newestFirst(atColumn, idColumn),
    params: params ?? {},
  };
}

/** Cuts the extra row fetched to learn whether another page exists. */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => [Date, string]) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor(...cursorOf(last)) : null;
  return { items, nextCursor };
}
