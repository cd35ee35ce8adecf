/**
 * `npm run create-admin -- EMAIL`: makes an existing account an admin, or creates an admin
 * account (asking for its password). With the embedded database, stop the server first:
 * a PGlite directory can be opened by one process at a time.
 */

import { createInterface } from 'node:readline/promises';
import { PASSWORD_MIN_LENGTH } from '@redline/shared';
import pino from 'pino';
import { createAuth } from '../auth/auth.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { libraryLog } from '../http/logger.ts';
import { createMailer } from '../mail/mailer.ts';
import { setRole } from '../modules/users/index.ts';

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed: echo nothing but the prompt.
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  const question = rl.question(`Password for the new admin (at least ${PASSWORD_MIN_LENGTH} characters): `);
  output._writeToOutput = () => {};
  const password = await question;
  rl.close();
  process.stdout.write('\n');
  return password;
}

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email?.includes('@')) {
    console.error('Usage: npm run create-admin -- EMAIL');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.dataDir}/db` });
  try {
    let user = await setRole(database.db, email, 'Admin');
    if (!user) {
      const password = await askPassword();
      if (password.length < PASSWORD_MIN_LENGTH)
        throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
      // Warnings and errors only, to standard error: standard output is the command's answer.
      const log = pino({ level: 'warn' }, pino.destination(2));
      const auth = createAuth(
        config,
        database.db,
        createMailer({ from: config.MAIL_FROM, outboxDir: `${config.dataDir}/outbox`, log }),
        libraryLog(log, 'better-auth'),
      );
      await auth.api.signUpEmail({ body: { name: email.split('@')[0]!, email, password, role: 'Buyer' } });
      user = await setRole(database.db, email, 'Admin');
      console.log(`Created the admin account ${email}.`);
    } else {
      console.log(`${email} is now an admin.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
