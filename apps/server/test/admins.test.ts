/** Admins come only from operators: ADMIN_EMAILS at start-up and `npm run create-admin`. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { promoteAdmins } from '../src/modules/users/index.ts';
import { it } from './fixtures.ts';
import { as } from './helpers.ts';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../src/scripts/create-admin.ts');

describe('ADMIN_EMAILS', () => {
  it('promotes existing accounts and only warns about unknown ones', async ({ t, seller }) => {
    await promoteAdmins(t.context, [seller.email, 'nobody@example.test'], pino({ level: 'silent' }));
    expect((await as(t, seller, { method: 'GET', url: '/api/me' })).json().role).toBe('Admin');
    expect(
      await t.db.query.users.findFirst({ where: eq(users.email, 'nobody@example.test') }),
    ).toBeUndefined();
  });
});

describe('npm run create-admin', () => {
  it('creates an admin account, then promotes an existing one', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'redline-admin-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'operator-secret',
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
    };
    try {
      const created = await run(process.execPath, [script, 'Ops@Example.test'], { env });
      expect(created.stdout).toContain('Created the admin account ops@example.test');
      const again = await run(process.execPath, [script, 'ops@example.test'], { env });
      expect(again.stdout).toContain('ops@example.test is now an admin');

      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      const row = await database.db.query.users.findFirst({ where: eq(users.email, 'ops@example.test') });
      await database.close();
      expect(row?.role).toBe('Admin');

      await expect(run(process.execPath, [script, 'not-an-email'], { env })).rejects.toMatchObject({
        code: 2,
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
