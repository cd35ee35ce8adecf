/**
 * The extensions the migrations create (the search's, migration 0003), which PGlite loads itself:
 * every process that opens the embedded database passes them (the server and the benchmarks).
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };
