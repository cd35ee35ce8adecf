/**
 * `npm run db:copy`'s work (ADR 32): every row of the embedded database's tables into a PostgreSQL
 * migrated to the same schema, in one transaction that commits only once each table's row count and
 * checksum are the same on both sides.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/** The schema whose every table is copied; a new table there is copied without a word here. */
const COPIED_SCHEMA = 'public';

/**
 * The other schemas that hold tables, deliberately not copied, and why. A schema with tables that
 * is neither copied nor named here stops the copy, so that no table is left behind unnoticed.
 */
export const SCHEMAS_NOT_COPIED: Record<string, string> = {
  drizzle: 'the log of applied migrations: PostgreSQL gets its own from the same migrations',
  pgboss:
    "the job queue's own tables (pg-boss lays them out per engine): the schedules are made again at start-up, e-mails and refunds still due are found again by their sweeps",
};

/** Rows read and written at a time: the copy's memory stays the same whatever the size of the database. */
const BATCH_ROWS = 1000;

/** What this module asks of a connection, PGlite's or node-postgres's. */
export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

interface Column {
  name: string;
  /** As `format_type` spells it, e.g. `timestamp(3) with time zone`, `text[]`. */
  type: string;
}

export interface Table {
  name: string;
  /** The stored columns: a generated one is computed again by PostgreSQL, and cannot be written. */
  columns: Column[];
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  matches: boolean;
}

/** The copy refused or failed in a way the operator can act on; nothing was written. */
export class CopyError extends Error {}

/** Verification found a table that differs: the transaction was rolled back. */
export class CopyMismatchError extends CopyError {
  readonly checks: TableCheck[];

  constructor(checks: TableCheck[]) {
    const differing = checks.filter((c) => !c.matches).map((c) => c.table);
    super(`The copy differs from the embedded database in ${differing.join(', ')}: nothing was written.`);
    this.checks = checks;
  }
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: string) => `${quoted(COPIED_SCHEMA)}.${quoted(name)}`;

/**
 * The tables to copy, parents before the tables whose foreign keys point at them, as the catalog of
 * `db` says (never a list kept by hand, which a new table would miss).
 */
export async function tablesToCopy(db: Queryable): Promise<Table[]> {
  const others = await db.query<{ schema: string }>(
    `select distinct n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname <> all($1::text[])
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    [[COPIED_SCHEMA, ...Object.keys(SCHEMAS_NOT_COPIED)]],
  );
  if (others.rows.length > 0) {
    throw new CopyError(
      `The embedded database has tables in schema ${others.rows.map((r) => r.schema).join(', ')}, which the copy knows nothing of: name them in SCHEMAS_NOT_COPIED (src/db/copy-to-postgres.ts) with the reason, or copy them.`,
    );
  }
  // A partition's rows are read and written through its parent.
  const { rows: tables } = await db.query<Table>(
    `select c.relname as name,
       json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname order by c.relname`,
    [COPIED_SCHEMA],
  );
  const { rows: references } = await db.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
     where k.contype = 'f' and n.nspname = $1`,
    [COPIED_SCHEMA],
  );
  return inDependencyOrder(tables, references);
}

/** Tables in an order where each comes after those it references; a cycle cannot be copied row by row. */
function inDependencyOrder(tables: Table[], references: { child: string; parent: string }[]): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  let waiting = tables;
  while (waiting.length > 0) {
    const ready = waiting.filter((table) =>
      references.every((r) => r.child !== table.name || placed.has(r.parent)),
    );
    if (ready.length === 0) {
      throw new CopyError(
        `The foreign keys of ${waiting.map((t) => t.name).join(', ')} form a cycle: the copy cannot order their rows.`,
      );
    }
    for (const table of ready) placed.add(table.name);
    ordered.push(...ready);
    waiting = waiting.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

/** The tables among `tables` that hold rows in `db` (a table it does not have yet holds none). */
export async function tablesWithRows(db: Queryable, tables: Table[]): Promise<string[]> {
  const full: string[] = [];
  for (const table of tables) {
    const { rows } = await db.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [
      qualified(table.name),
    ]);
    if (!rows[0]?.exists) continue;
    const { rows: any } = await db.query(`select 1 from ${qualified(table.name)} limit 1`);
    if (any.length > 0) full.push(table.name);
  }
  return full;
}

/**
 * Copies every table of `source` into `target`, migrated to the same schema and empty, in one
 * transaction of `target`'s, and verifies it before the commit: a failure or a difference leaves
 * `target` as it was. `source` is read in one snapshot. `onTable` hears of each table copied.
 */
export async function copyToPostgres(
  source: PGlite,
  target: pg.ClientBase,
  onTable: (table: string, rows: number) => void = () => {},
): Promise<TableCheck[]> {
  return source.transaction(async (snapshot) => {
    await snapshot.query('set transaction isolation level repeatable read, read only');
    const tables = await tablesToCopy(snapshot);
    await target.query('begin');
    let step = 'the sequences';
    try {
      for (const table of tables) {
        step = table.name;
        onTable(table.name, await copyTable(snapshot, target, table));
      }
      step = 'the sequences';
      await copySequences(snapshot, target);
      step = 'the verification';
      const checks = await verifyCopy(snapshot, target, tables);
      if (checks.some((check) => !check.matches)) throw new CopyMismatchError(checks);
      await target.query('commit');
      return checks;
    } catch (error) {
      await target.query('rollback');
      // PostgreSQL's refusal (a table another role owns, a full disk) said with where it happened.
      if (error instanceof pg.DatabaseError) {
        throw new CopyError(`PostgreSQL refused the copy at ${step}: ${error.message}. Nothing was written.`);
      }
      throw error;
    }
  });
}

/**
 * One table, a batch at a time: each value as its text, cast back to its column's type on the way
 * in (PostgreSQL's text form of every type reads back as the same value). The table's own triggers
 * are off meanwhile: the rows they keep (the search's counts, a car's first price) are copied as they
 * are, where inserting the cars would count and record them again. The foreign keys stay checked.
 */
async function copyTable(source: Transaction, target: pg.ClientBase, table: Table): Promise<number> {
  const names = table.columns.map((c) => quoted(c.name)).join(', ');
  const insert = `insert into ${qualified(table.name)} (${names}) overriding system value
    select ${table.columns.map((c) => `${quoted(c.name)}::${c.type}`).join(', ')}
    from unnest(${table.columns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as r(${names})`;
  await target.query(`alter table ${qualified(table.name)} disable trigger user`);
  await source.query(
    `declare copied_rows no scroll cursor for select ${table.columns.map((c) => `${quoted(c.name)}::text`).join(', ')} from ${qualified(table.name)}`,
  );
  let copied = 0;
  for (;;) {
    const { rows } = await source.query<Record<string, string | null>>(
      `fetch ${BATCH_ROWS} from copied_rows`,
    );
    if (rows.length === 0) break;
    await target.query(
      insert,
      table.columns.map((c) => rows.map((row) => row[c.name])),
    );
    copied += rows.length;
  }
  await source.query('close copied_rows');
  await target.query(`alter table ${qualified(table.name)} enable trigger user`);
  return copied;
}

/** Each sequence where the source left it (the cars' `seq`, an identity): the next row gets the next number. */
async function copySequences(source: Queryable, target: Queryable): Promise<void> {
  const { rows: sequences } = await source.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind = 'S'`,
    [COPIED_SCHEMA],
  );
  for (const { name } of sequences) {
    const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(name)}`,
    );
    await target.query('select setval($1::regclass, $2::bigint, $3)', [
      qualified(name),
      rows[0]!.last_value,
      rows[0]!.is_called,
    ]);
  }
}

/**
 * Each table's row count and checksum on both sides: the sum of a 60-bit slice of each row's md5
 * (of its text, in UTC), which no order of rows changes and which any changed value does.
 */
export async function verifyCopy(
  source: Queryable,
  target: Queryable,
  tables: Table[],
): Promise<TableCheck[]> {
  for (const db of [source, target]) await db.query("set timezone = 'UTC'");
  const checks: TableCheck[] = [];
  for (const table of tables) {
    const sql = `select count(*)::int as row_count,
        coalesce(sum(('x' || left(md5(row(${table.columns.map((c) => quoted(c.name)).join(', ')})::text), 15))::bit(60)::bigint), 0)::text as checksum
      from ${qualified(table.name)}`;
    const [a, b] = await Promise.all(
      [source, target].map(
        async (db) => (await db.query<{ row_count: number; checksum: string }>(sql)).rows[0]!,
      ),
    );
    checks.push({
      table: table.name,
      sourceRows: a!.row_count,
      targetRows: b!.row_count,
      sourceChecksum: a!.checksum,
      targetChecksum: b!.checksum,
      matches: a!.row_count === b!.row_count && a!.checksum === b!.checksum,
    });
  }
  return checks;
}

/** The jobs still to run in the embedded database's queue, by name (they stay there: see SCHEMAS_NOT_COPIED). */
export async function unfinishedJobs(source: Queryable): Promise<{ name: string; jobs: number }[]> {
  const { rows } = await source.query<{ exists: boolean }>(
    "select to_regclass('pgboss.job') is not null as exists",
  );
  if (!rows[0]?.exists) return [];
  return (
    await source.query<{ name: string; jobs: number }>(
      `select name, count(*)::int as jobs from pgboss.job where state in ('created', 'retry', 'active')
       group by name order by name`,
    )
  ).rows;
}
