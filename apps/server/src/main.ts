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
  const [database, { buildApp }, { promoteAdmins }, { listen }] = await Promise.all([
    openWithDemoData(config, { databaseUrl: config.DATABASE_URL, dataDir: `${config.dataDir}/db` }),
    import('./app.ts'),
    import('./modules/users/index.ts'),
    import('./http/listen.ts'),
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

  await listen(app, config);
  // On the embedded database, from here on V8 collects garbage before its heap grows, at some cost
  // in CPU: under traffic the heap and the buffers its garbage held stayed resident at their peak,
  // about 50 MB more, beside PGlite's own 150 MB (docs/performance.md, section 6). Not on
  // PostgreSQL, where the server holds no database and the CPU is the limit: there it cost a third of
  // the writes' throughput (section 7). Set once ready: as a flag on the command line it would also
  // slow the start-up's garbage collection (a restart took a third more CPU).
  if (database.engine === 'pglite') v8.setFlagsFromString('--memory-saver-mode');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const { startupBanner } = await import('./startup-banner.ts');
  console.log(await startupBanner(config, context, port));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Redline failed to start:', error);
  }
  process.exit(1);
});
