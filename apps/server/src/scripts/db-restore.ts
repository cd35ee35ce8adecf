/**
 * `npm run db:restore -- FILE [--force]`: the embedded database (DATA_DIR/db) from a backup of
 * `npm run db:backup`. It refuses to replace a database unless given `--force`, and then renames the
 * old directory aside (DATA_DIR/db.before-restore-<time>), never deleting it. Stop the server first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.ts';
import { restoreEmbeddedDatabase } from '../db/embedded.ts';
import { exitOnError } from './exit-on-error.ts';

const USAGE = 'Usage: npm run db:restore -- FILE [--force]';

function restoreArguments(): { file: string; force: boolean } {
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: 'boolean' } },
      allowPositionals: true,
    });
    if (positionals.length === 1) return { file: positionals[0]!, force: values.force ?? false };
  } catch (error) {
    console.error((error as Error).message);
  }
  console.error(USAGE);
  process.exit(2);
}

async function main() {
  const { file, force } = restoreArguments();
  const config = loadConfig();
  const dir = `${config.dataDir}/db`;
  // A path given on the command line is read from where it was typed, not from npm's workspace.
  const backup = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const { keptAside } = await restoreEmbeddedDatabase(backup, dir, { force });
  console.log(`Restored ${dir} from ${backup}.`);
  if (keptAside)
    console.log(`The directory it replaced is kept in ${keptAside}: delete it once you no longer need it.`);
}

main().catch(exitOnError);
