/** Stops the server started by global-setup.ts (by its process id) and removes its data directory. */
import { stopServer } from './server.ts';

export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID) || undefined;
  await stopServer({ pid, dataDir: process.env.E2E_DATA_DIR });
}
