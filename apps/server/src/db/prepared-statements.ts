import { Column, type DriverValueDecoder, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';

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
