import { Column, type DriverValueDecoder, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
import {
  PgDialect,
  type PgPreparedQuery,
  type PgSession,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';

/**
 * The named prepared statements of one database handle (`Database.statements`), each built on its
 * first use and kept for the handle's life: the SQL is built once, and PostgreSQL parses and plans
 * each statement once per connection. A name stands for one statement, as it does in PostgreSQL.
 * Each statement's rows are turned into objects by a mapping resolved once for the statement
 * (`compileRowMapping`), not field by field on every row.
 */
export class PreparedStatements<Handle> {
  private readonly statements = new Map<string, unknown>();
  private readonly db: Handle;

  constructor(db: Handle) {
    this.db = db;
  }

  /** The statement `name`: `query` built on this handle and prepared under that name, the first time. */
  get<T>(name: string, query: (db: Handle) => { prepare(name: string): T }): T {
    let statement = this.statements.get(name) as T | undefined;
    if (statement === undefined) {
      statement = query(this.db).prepare(name);
      compileRowMapping(statement as DrizzlePreparedQuery);
      this.statements.set(name, statement);
    }
    return statement;
  }

  /**
   * The statement `name` run by `handle`: this handle's (`get`), or a transaction's on the
   * transaction's connection, inside it. Its SQL and its rows' mapping are built once whichever
   * handle runs it; a Drizzle statement prepared on the handle would keep the handle's client and
   * run outside the transaction, and one built on the transaction is built again each time.
   */
  on<T>(handle: Handle, name: string, query: (db: Handle) => { prepare(name: string): T }): T {
    const statement = this.get(name, query);
    if (handle === this.db) return statement;
    const { fields, customResultMapper, joinsNotNullableMap } = statement as DrizzlePreparedQuery;
    const moved = (handle as unknown as Sessioned)._.session.prepareQuery(
      (statement as unknown as PgPreparedQuery<PreparedQueryConfig>).getQuery(),
      fields as SelectedFieldsOrdered | undefined,
      name,
      true,
      customResultMapper,
    );
    Object.assign(moved, { joinsNotNullableMap });
    return moved as T;
  }
}

/** A database handle or a transaction of it, with the session that prepares its statements. */
interface Sessioned {
  _: { session: PgSession };
}

const dialect = new PgDialect();

/**
 * A statement written in SQL rather than built with Drizzle's query builder (a common table
 * expression that writes), for `get` and `on`: it answers as `db.execute` does, its rows as objects
 * by column name.
 */
export const sqlStatement =
  <Row>(query: SQL) =>
  (db: object) => ({
    prepare: (name: string) =>
      (db as Sessioned)._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(
        dialect.sqlToQuery(query),
        undefined,
        name,
        false,
      ),
  });

/**
 * Runs SQL already written with its parameters (`$1`, `$2`, …), a library's (pg-boss's), on `handle`,
 * the database's or a transaction's, as the statement `name`: PostgreSQL parses and plans it once a
 * connection rather than on every call. A name stands for one text. Answers the driver's result
 * (`{ rows }`, rows as objects).
 */
export function executeNamed(handle: object, name: string, text: string, params: unknown[]) {
  return (handle as Sessioned)._.session
    .prepareQuery<PreparedQueryConfig & { execute: { rows: unknown[] } }>(
      { sql: text, params },
      undefined,
      name,
      false,
    )
    .execute();
}

/**
 * What both of Drizzle's PostgreSQL drivers (node-postgres, PGlite) keep on a prepared query, private
 * in its typings (ADR 74): the selected fields in the order of the statement's columns, and the
 * mapper that, when set, turns the driver's rows (arrays) into the answer in place of Drizzle's own
 * mapping (`mapResultRow`, which checks each field's kind and walks its path on every row).
 */
interface DrizzlePreparedQuery {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  /** Which tables of the selection a left join may have missed (nested selections only). */
  joinsNotNullableMap?: Record<string, boolean>;
}

/**
 * Sets the statement's mapper: each column's key and decoder resolved once, so a row costs a loop
 * over its values. Only for flat selections (every field a key of the row), which is every statement
 * prepared here: a nested one (a table's columns under its name, nulled when a left join missed)
 * keeps Drizzle's mapping, as does a statement without fields or with a mapper of its own.
 */
function compileRowMapping(statement: DrizzlePreparedQuery) {
  const { fields } = statement;
  if (!fields || statement.customResultMapper || fields.some(({ path }) => path.length !== 1)) return;
  const keys = fields.map(({ path }) => path[0] as string);
  const decoders = fields.map(({ field }) => decoderOf(field));
  statement.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        const decode = decoders[i];
        mapped[keys[i] as string] = value === null || decode === undefined ? value : decode(value);
      }
      return mapped;
    });
}

/** How a field's value is read from the driver's, as Drizzle resolves it; undefined when as it comes. */
function decoderOf(field: unknown): ((value: unknown) => unknown) | undefined {
  const decoder = is(field, Column)
    ? field
    : // An expression's decoder (`mapWith`) is internal to Drizzle's typings.
      (sqlOf(field) as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
  const read = decoder.mapFromDriverValue;
  if (read === noopDecoder.mapFromDriverValue || read === Column.prototype.mapFromDriverValue)
    return undefined;
  return (value) => decoder.mapFromDriverValue(value);
}

const sqlOf = (field: unknown): SQL =>
  is(field, SQL) ? field : is(field, Subquery) ? field._.sql : (field as SQL.Aliased).sql;
