/** How the database scripts (db:copy, db:backup, db:restore) end on an error. */
import { ConfigError } from '../config/config.ts';
import { CopyError } from '../db/copy-to-postgres.ts';
import { EmbeddedDatabaseError } from '../db/embedded.ts';

/** An operator's mistake (a bad setting, no database, a refused target) in its sentence; anything else with its stack. */
export function exitOnError(error: unknown): never {
  const said =
    error instanceof ConfigError || error instanceof EmbeddedDatabaseError || error instanceof CopyError;
  console.error(said ? error.message : error);
  process.exit(1);
}
