/** The real server process: starts on the embedded database and shuts down gracefully on SIGTERM. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

// The server it starts runs on PGlite whatever the suite's engine: the PostgreSQL run (npm run test:postgres) skips it.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'serves, then on SIGTERM closes the port and the database and exits 0',
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'redline-shutdown-'));
    const env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      PAYMENTS: 'test',
      DATABASE_URL: '',
    };
    const server = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr.on('data', (chunk) => {
      output += chunk;
    });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
        server.stdout.on('data', () => {
          const match = output.match(/running at http:\/\/localhost:(\d+)/);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      expect(output).toContain('for trial and development; use PostgreSQL via DATABASE_URL in production');
      expect(output).not.toContain('Demo sign-ins');

      expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
      server.kill('SIGTERM');
      const exitCode = await new Promise<number | null>((resolve) => server.on('exit', resolve));
      expect(exitCode).toBe(0);
      expect(output).toContain('shutting down');
      await expect(fetch(`http://127.0.0.1:${port}/api/health/ready`)).rejects.toThrow();
    } finally {
      server.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);
