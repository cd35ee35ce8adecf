import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function outboxIn(prepare?: (outbox: string) => Promise<void>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'redline-mail-'));
  dirs.push(dir);
  const outbox = path.join(dir, 'outbox');
  await prepare?.(outbox);
  const mailer = createMailer({
    from: 'noreply@example.test',
    outboxDir: outbox,
    log: pino({ level: 'silent' }),
  });
  await mailer.send({
    to: 'someone@example.test',
    subject: 'Reset your password',
    text: 'https://x/reset/secret',
  });
  const [file] = await readdir(outbox);
  return {
    dirMode: (await stat(outbox)).mode & 0o777,
    fileMode: (await stat(path.join(outbox, file!))).mode & 0o777,
  };
}

describe('dev outbox', () => {
  it('is readable by the server user alone: directory 0700, message files 0600', async () => {
    expect(await outboxIn()).toEqual({ dirMode: 0o700, fileMode: 0o600 });
  });

  it('closes an outbox directory an older version left world-readable', async () => {
    const modes = await outboxIn((outbox) => mkdir(outbox, { mode: 0o755 }));
    expect(modes).toEqual({ dirMode: 0o700, fileMode: 0o600 });
  });
});
