/**
 * `npm run db:backup [-- --out FILE]`: the embedded database (DATA_DIR/db) into one file, a gzipped
 * tar of its directory; by default DATA_DIR/backups/redline-db-<time>.tar.gz. Stop the server first:
 * one process at a time may open the directory. `npm run db:restore -- FILE` puts it back.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.ts';
import { backupEmbeddedDatabase, fileTimestamp } from '../db/embedded.ts';
import { exitOnError } from './exit-on-error.ts';

function outArgument(): string | undefined {
  try {
    return parseArgs({ options: { out: { type: 'string' } } }).values.out;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run db:backup [-- --out FILE]`);
    process.exit(2);
  }
}

async function main() {
  const out = outArgument();
  const config = loadConfig();
  // A path given on the command line is read from where it was typed, not from npm's workspace.
  const file = out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), out)
    : path.join(config.dataDir, 'backups', `redline-db-${fileTimestamp()}.tar.gz`);
  const bytes = await backupEmbeddedDatabase(`${config.dataDir}/db`, file);
  console.log(`Backed up ${config.dataDir}/db to ${file} (${(bytes / 1e6).toFixed(1)} MB).`);
}

main().catch(exitOnError);
