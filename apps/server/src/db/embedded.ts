/**
 * The embedded database's directory as the operator's tools meet it (`db:backup`, `db:restore`,
 * `db:copy`): there, not open in another process, backed up to one file and restored from it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

/** An operator's mistake (no database, one in use, a file that is no backup), said in a sentence. */
export class EmbeddedDatabaseError extends Error {}

function hasDatabase(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * PGlite lets a second process open a directory that one has open, and two would corrupt it. It
 * writes `postmaster.pid` when it opens the directory and removes it when it closes it, with no
 * process id in it to check (-42): the file's presence is all there is to go by, and a process that
 * died (a crash, `kill -9`) leaves it behind too.
 */
function assertNotOpen(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    throw new EmbeddedDatabaseError(
      `The embedded database in ${dir} is open in another process (the server, or a script such as npm run seed): stop it and try again.\n` +
        `If no Redline process is running, the last one to open it was killed before it could close it: remove ${pidFile} and try again.`,
    );
  }
}

/** A database is in `dir`, and no process has it open. */
export function assertEmbeddedDatabase(dir: string): void {
  if (!hasDatabase(dir)) {
    throw new EmbeddedDatabaseError(
      `There is no embedded database in ${dir}. Is DATA_DIR right? (The database is DATA_DIR/db; DATA_DIR is relative to apps/server under npm run.)`,
    );
  }
  assertNotOpen(dir);
}

/** A time for a file name: `2026-11-28T10-15-30Z`. */
export function fileTimestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/**
 * Writes the whole database in `dir` to `file` (a gzipped tar of its directory, PGlite's
 * `dumpDataDir`). The dump is made in memory (about the database's size), then written under a
 * temporary name and renamed, so `file` is a whole backup or absent.
 */
export async function backupEmbeddedDatabase(dir: string, file: string): Promise<number> {
  assertEmbeddedDatabase(dir);
  if (existsSync(file))
    throw new EmbeddedDatabaseError(`${file} exists already: name another file with --out.`);
  const pglite = await PGlite.create({ dataDir: dir });
  let bytes: Buffer;
  try {
    // Every committed change into the data files: the backup then restores without replaying the WAL.
    await pglite.query('CHECKPOINT');
    bytes = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pglite.close();
  }
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return bytes.length;
}

/**
 * The backup's tar, checked here: PGlite, given a file that is not a gzipped tar, fails in a stream
 * nobody awaits, which ends the process.
 */
async function unpackedTar(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const notBackup = () =>
    new EmbeddedDatabaseError(`${file} is not a backup of the embedded database (a gzipped tar).`);
  let tar: Uint8Array<ArrayBuffer>;
  try {
    tar = new Uint8Array(await promisify(gunzip)(await readFile(file)));
  } catch {
    throw notBackup();
  }
  // Every tar header of the POSIX format PGlite writes says "ustar" at byte 257.
  if (Buffer.from(tar.subarray(257, 262)).toString('latin1') !== 'ustar') throw notBackup();
  return tar;
}

export interface RestoreResult {
  /** Where the directory that was in the way now is (renamed, never deleted). */
  keptAside?: string;
}

/**
 * Restores `file` into `dir`: unpacked and opened in a directory of its own beside `dir` first, so
 * a file that is no backup changes nothing; then whatever was at `dir` is renamed aside, and the
 * restored directory takes its place. A database at `dir` is replaced only when `force` is given.
 */
export async function restoreEmbeddedDatabase(
  file: string,
  dir: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new EmbeddedDatabaseError(`There is no file ${file}.`);
  if (existsSync(dir)) {
    assertNotOpen(dir);
    if (hasDatabase(dir) && !options.force) {
      throw new EmbeddedDatabaseError(
        `${dir} holds a database already, which the restore would replace. Run it again with --force to rename that one aside (${path.basename(dir)}.before-restore-<time>) and restore.`,
      );
    }
  }
  const stamp = fileTimestamp();
  const restoring = `${dir}.restoring-${stamp}`;
  const tar = await unpackedTar(file);
  await mkdir(restoring, { recursive: true });
  try {
    const pglite = await PGlite.create({
      dataDir: restoring,
      loadDataDir: new Blob([tar], { type: 'application/x-tar' }),
    });
    // A gzipped tar of something else unpacks too: a Redline database has its users table.
    try {
      await pglite.query('select count(*) from users');
    } finally {
      await pglite.close();
    }
  } catch (error) {
    await rm(restoring, { recursive: true, force: true });
    throw new EmbeddedDatabaseError(
      `${file} is not a backup of Redline's embedded database (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const keptAside = existsSync(dir) ? `${dir}.before-restore-${stamp}` : undefined;
  if (keptAside) await rename(dir, keptAside);
  await rename(restoring, dir);
  return { keptAside };
}
