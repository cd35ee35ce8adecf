/** Builds the web app and the server once (unless E2E_SKIP_BUILD=1) and starts the real server for the whole run. */
import type { FullConfig } from '@playwright/test';
import { build, SERVER_LOG, startServer } from './server.ts';

export default async function globalSetup(_config: FullConfig): Promise<void> {
  let started = Date.now();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    build();
    console.log(`[e2e] web app and server built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
  }
  const server = await startServer();
  // Workers inherit these: the config's use.baseURL reads E2E_BASE_URL, the teardown the rest.
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_DATA_DIR = server.dataDir;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[e2e] server ${server.pid} ready at ${server.baseURL} in ${seconds} s (log kept as ${SERVER_LOG})`,
  );
}
