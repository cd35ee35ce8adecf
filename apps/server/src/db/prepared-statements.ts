/**
 * The named prepared statements of one database handle (`Database.statements`), each built on its
 * first use and kept for the handle's life: the SQL is built once, and PostgreSQL parses and plans
 * each statement once per connection. A name stands for one statement, as it does in PostgreSQL.
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
      this.statements.set(name, statement);
    }
    return statement;
  }
}
