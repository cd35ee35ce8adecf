/**
 * What `npm start` prints once the server listens: where Redline answers, the database, test payments, and the demo
 * accounts one can sign in with, those that still exist (an admin may have deleted some).
 */
import type { Config } from './config/config.ts';
import type { AppContext } from './context.ts';
import { existingEmails } from './modules/users/index.ts';

export async function startupBanner(config: Config, context: AppContext, port: number): Promise<string> {
  // Without PUBLIC_URL, each address the origin checks accept (the same list), so each of them can sign in.
  const [first, ...others] = config.PUBLIC_URL
    ? [`http://localhost:${port}`]
    : context.origins.all.filter((origin) => (new URL(origin).port || '80') === String(port));
  const lines = [`Redline is running at ${first ?? `http://localhost:${port}`}`];
  if (others.length > 0) lines.push(`Also at ${others.join(', ')}`);
  if (config.PUBLIC_URL) lines.push(`Users open it at ${config.PUBLIC_URL} (PUBLIC_URL)`);
  if (context.database.engine === 'pglite') {
    lines.push(
      `Database: embedded PGlite in ${config.dataDir}/db (for trial and development; use PostgreSQL via DATABASE_URL in production)`,
    );
  }
  if (config.payments.provider === 'test') {
    lines.push(
      'Payments: TEST MODE, no card is charged: test cards such as 4242 4242 4242 4242 "pay" (set the Stripe keys to take real payments)',
    );
  }
  if (config.NODE_ENV !== 'production' && config.SEED_DEMO) {
    const { DEMO_PASSWORD, DEMO_USERS } = await import('@redline/demo-art/data');
    const existing = await existingEmails(
      context.database.db,
      DEMO_USERS.map((user) => user.email),
    );
    const demo = DEMO_USERS.filter((user) => existing.has(user.email));
    if (demo.length > 0) {
      lines.push(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
      for (const user of demo) lines.push(`  ${user.role.padEnd(6)} ${user.email}`);
    }
  }
  return `\n${lines.join('\n')}\n`;
}
