/** Starts Redline: configuration, database (migrated), demo data on first start, the app, shutdown. */
import module from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';

// Node keeps the compiled code of every module it loads in the system's temporary directory, so
// that a restart does not parse and compile them again. Modules are imported below, after this.
module.enableCompileCache();
const { ConfigError, loadConfig } = await import('./config/config.ts');

async function main() {
  const config = loadConfig();
  const { openWithDemoData } = await import('./seed/first-start.ts');
  // The database opens (and on a first start is seeded) while the app's modules load.
  const [database, { buildApp }, { promoteAdmins }] = await Promise.all([
    openWithDemoData(config, { databaseUrl: config.DATABASE_URL, dataDir: `${config.dataDir}/db` }),
    import('./app.ts'),
    import('./modules/users/index.ts'),
  ]);
  const { app, context } = await buildApp(config, database);
  await promoteAdmins(context, config.adminEmails, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready from now on; given DRAIN_SECONDS, still serving meanwhile, so that a load balancer
    // that asks /api/health/ready stops sending before the port closes.
    context.readiness.drain();
    if (config.DRAIN_SECONDS > 0) {
      app.log.info({ signal, seconds: config.DRAIN_SECONDS }, 'shutting down: draining');
      await sleep(config.DRAIN_SECONDS * 1000);
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // On the embedded database, from here on V8 collects garbage before its heap grows, at some cost
  // in CPU: under traffic the heap and the buffers its garbage held stayed resident at their peak,
  // about 50 MB more, beside PGlite's own 150 MB (docs/performance.md, section 6). Not on
  // PostgreSQL, where the server holds no database and the CPU is the limit: there it cost a third of
  // the writes' throughput (section 7). Set once ready: as a flag on the command line it would also
  // slow the start-up's garbage collection (a restart took a third more CPU).
  if (database.engine === 'pglite') v8.setFlagsFromString('--memory-saver-mode');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // Without PUBLIC_URL, each address the origin checks accept (the same list), so each of them can sign in.
  const [first, ...others] = config.PUBLIC_URL
    ? [`http://localhost:${port}`]
    : context.origins.all.filter((origin) => (new URL(origin).port || '80') === String(port));
  const lines = [`Redline is running at ${first ?? `http://localhost:${port}`}`];
  if (others.length > 0) lines.push(`Also at ${others.join(', ')}`);
  if (config.PUBLIC_URL) lines.push(`Users open it at ${config.PUBLIC_URL} (PUBLIC_URL)`);
  if (database.engine === 'pglite') {
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
    lines.push(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const u of DEMO_USERS) lines.push(`  ${u.role.padEnd(6)} ${u.email}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Redline failed to start:', error);
  }
  process.exit(1);
});
