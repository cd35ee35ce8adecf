/** Makes operators admins: ADMIN_EMAILS at start-up and `npm run create-admin`. Never a public call. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { setRole } from './users.repository.ts';

export async function promoteAdmins(
  context: Pick<AppContext, 'database'>,
  emails: string[],
  log: FastifyBaseLogger,
) {
  const { db } = context.database;
  for (const email of emails) {
    const user = await setRole(db, email, 'Admin');
    if (user) log.info({ email }, 'ADMIN_EMAILS: account is an admin');
    else log.warn({ email }, 'ADMIN_EMAILS: no account with this e-mail yet; sign up first, then restart');
  }
}
