/**
 * `npm run db:backup` and `npm run db:restore` (issue 21, item 6): a backup of the embedded database
 * in a real directory brings its data back after it changed; a restore replaces a database only
 * when forced, and keeps the old one aside; neither touches a database another process has open.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from '../src/db/embedded.ts';
import { cars, users } from '../src/db/schema.ts';
import { createAppOn, runScript } from './embedded-app.ts';
import { createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { signUpUser } from './helpers.ts';

/** A data directory whose embedded database holds a seller and their car, as the app left it. */
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
const it = base.extend('seeded', { scope: 'file' }, async ({}, { onCleanup }) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'redline-backup-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const t = await createAppOn(dataDir);
  const seller = await signUpUser(t, 'Seller');
  const carId = (await createCar(t, seller)).id;
  await t.close();
  return { dataDir, seller, carId };
});

const dbDir = (dataDir: string) => path.join(dataDir, 'db');
const backupFile = (dataDir: string) => path.join(dataDir, 'backup.tar.gz');

/** What the test reads back: the users' e-mails and the cars' ids. */
async function contents(dataDir: string) {
  const database = await openDatabase({ dataDir: dbDir(dataDir) });
  try {
    const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    const carIds = (await database.db.select({ id: cars.id }).from(cars)).map((c) => c.id);
    return { emails, carIds };
  } finally {
    await database.close();
  }
}

// The embedded database only, whatever the engine: the PostgreSQL run (TEST_DATABASE_URL) would repeat it as it is.
describe.skipIf(process.env.TEST_DATABASE_URL)('a backup and its restore', () => {
  it('backs up with npm run db:backup, and a forced restore brings back the data as it was, keeping the replaced directory', async ({
    seeded: { dataDir, seller, carId },
  }) => {
    const backup = await runScript('db-backup', ['--out', 'backup.tar.gz'], dataDir);
    expect(backup).toMatchObject({ code: 0, stdout: expect.stringContaining(`to ${backupFile(dataDir)}`) });

    const t = await createAppOn(dataDir);
    await t.db.delete(cars).where(eq(cars.id, carId));
    const added = await signUpUser(t, 'Buyer');
    await t.close();
    expect(await contents(dataDir)).toEqual({ emails: expect.arrayContaining([added.email]), carIds: [] });

    const { keptAside } = await restoreEmbeddedDatabase(backupFile(dataDir), dbDir(dataDir), { force: true });
    expect(await contents(dataDir)).toEqual({ emails: [seller.email], carIds: [carId] });
    // The replaced database is kept whole, with the change the restore undid.
    expect(existsSync(path.join(keptAside!, 'PG_VERSION'))).toBe(true);
  });

  it('refuses, without --force, to replace a database (exit 1, saying how), and changes nothing', async ({
    seeded: { dataDir },
  }) => {
    const before = await readdir(dataDir);
    const refused = await runScript('db-restore', [backupFile(dataDir)], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${dbDir(dataDir)} holds a database already`);
    expect(refused.stderr).toContain('--force');
    expect(await readdir(dataDir)).toEqual(before);
  });

  it('restores into a data directory without a database, keeping nothing aside', async ({
    seeded: { dataDir },
  }) => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'redline-restore-'));
    try {
      const restored = await restoreEmbeddedDatabase(backupFile(dataDir), path.join(elsewhere, 'db'));
      expect(restored.keptAside).toBeUndefined();
      expect(await readdir(elsewhere)).toEqual(['db']);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('refuses a file that is not a backup, and changes nothing', async ({ seeded: { dataDir } }) => {
    const notBackup = path.join(dataDir, 'notes.txt');
    await writeFile(notBackup, 'not a backup');
    const before = await readdir(dataDir);
    await expect(restoreEmbeddedDatabase(notBackup, dbDir(dataDir), { force: true })).rejects.toThrow(
      `${notBackup} is not a backup of the embedded database`,
    );
    expect(await readdir(dataDir)).toEqual(before);
  });

  it('refuses to back up or restore a database another process has open, and names the missing one', async ({
    seeded: { dataDir },
  }) => {
    const server = await openDatabase({ dataDir: dbDir(dataDir) });
    try {
      const open = /open in another process/;
      await expect(
        backupEmbeddedDatabase(dbDir(dataDir), path.join(dataDir, 'other.tar.gz')),
      ).rejects.toThrow(open);
      await expect(
        restoreEmbeddedDatabase(backupFile(dataDir), dbDir(dataDir), { force: true }),
      ).rejects.toThrow(open);
    } finally {
      await server.close();
    }
    const missing = await runScript('db-backup', [], path.join(dataDir, 'nothing-here'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^There is no embedded database in .*nothing-here\/db\. Is DATA_DIR right\?/,
    );
  });
});
