/**
 * Production's defaults (issue 16, item 4): no forgeable session secret, no demo accounts unless
 * asked for; no test payments unless asked for (issue 44, item 8).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.ts';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
const SECRET = 'x'.repeat(40);

describe('configuration', () => {
  it('refuses production without AUTH_SECRET, whatever PUBLIC_URL is, naming the variable', () => {
    for (const PUBLIC_URL of ['', 'http://cars.example', 'https://cars.example']) {
      expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL })).toThrow(/AUTH_SECRET: required/);
    }
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, PAYMENTS: 'test' }).AUTH_SECRET).toBe(
      SECRET,
    );
  });

  it('refuses production without the Stripe keys unless PAYMENTS=test, naming the variables', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: SECRET };
    for (const keys of [{}, { STRIPE_SECRET_KEY: 'sk_live_x' }, { STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }]) {
      expect(() => loadConfig({ ...production, ...keys })).toThrow(
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, to take real card payments; or set PAYMENTS=test for the test mode, where no card is charged',
      );
    }
    expect(loadConfig({ ...production, PAYMENTS: 'test' }).payments).toEqual({ provider: 'test' });
    expect(
      loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })
        .payments,
    ).toEqual({ provider: 'stripe', secretKey: 'sk_live_x', publishableKey: 'pk_live_x' });
  });

  it('names every missing production setting at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET: required[^\n]*\n {2}STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: required/,
    );
  });

  it('takes test payments without the keys in development and test; PAYMENTS decides when set', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toEqual({ provider: 'test' });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ provider: 'test' });
    expect(loadConfig({ NODE_ENV: 'development', ...keys }).payments.provider).toBe('stripe');
    expect(loadConfig({ NODE_ENV: 'development', ...keys, PAYMENTS: 'test' }).payments).toEqual({
      provider: 'test',
    });
    expect(() => loadConfig({ NODE_ENV: 'development', PAYMENTS: 'stripe' })).toThrow(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: required when PAYMENTS=stripe',
    );
    expect(() => loadConfig({ NODE_ENV: 'development', PAYMENTS: 'live' })).toThrow(/PAYMENTS/);
  });

  it('keeps the derived secret for development and tests', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).AUTH_SECRET).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).AUTH_SECRET).toBeUndefined();
  });

  it('seeds demo data by default in development only; SEED_DEMO decides when set', () => {
    const seeds = (env: Record<string, string>) =>
      loadConfig({ AUTH_SECRET: SECRET, PAYMENTS: 'test', ...env }).SEED_DEMO;
    expect(seeds({})).toBe(true);
    expect(seeds({ NODE_ENV: 'development' })).toBe(true);
    expect(seeds({ NODE_ENV: 'production' })).toBe(false);
    expect(seeds({ NODE_ENV: 'production', SEED_DEMO: '' })).toBe(false);
    expect(seeds({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toBe(true);
    expect(seeds({ NODE_ENV: 'development', SEED_DEMO: 'false' })).toBe(false);
  });
});

// The servers these start run on PGlite whatever the suite's engine: the PostgreSQL run (npm run test:postgres) skips them.
describe.skipIf(process.env.TEST_DATABASE_URL)('start-up in production', () => {
  const started: { server: ChildProcess; dataDir: string }[] = [];
  afterEach(async () => {
    for (const { server, dataDir } of started.splice(0)) {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  /** The real server on a free loopback port, with a fresh embedded database; output collected. */
  async function start(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'redline-production-'));
    const base = { ...process.env };
    for (const name of [
      'AUTH_SECRET',
      'SEED_DEMO',
      'PUBLIC_URL',
      'DATABASE_URL',
      'PAYMENTS',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
    ]) {
      delete base[name];
    }
    const server = spawn(process.execPath, [main], {
      env: { ...base, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push({ server, dataDir });
    const run = { server, output: '' };
    server.stdout!.on('data', (chunk) => (run.output += chunk));
    server.stderr!.on('data', (chunk) => (run.output += chunk));
    return run;
  }

  async function waitFor(run: { server: ChildProcess; output: string }, pattern: RegExp) {
    const deadline = Date.now() + 60_000;
    while (!pattern.test(run.output)) {
      if (run.server.exitCode !== null) throw new Error(`server exited:\n${run.output}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${run.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return run.output.match(pattern)!;
  }

  it('refuses to start without AUTH_SECRET and says which variable is missing', async () => {
    const run = await start({ PUBLIC_URL: 'http://cars.example' });
    const code = await new Promise<number | null>((resolve) => run.server.once('exit', resolve));
    expect(code).toBe(1);
    expect(run.output).toContain('AUTH_SECRET: required when NODE_ENV=production');
  });

  it('refuses to start without the Stripe keys or PAYMENTS=test, naming them', async () => {
    const run = await start({ AUTH_SECRET: SECRET });
    const code = await new Promise<number | null>((resolve) => run.server.once('exit', resolve));
    expect(code).toBe(1);
    expect(run.output).toContain(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, to take real card payments; or set PAYMENTS=test',
    );
  });

  it('starts with PAYMENTS=test, says so at start-up, and tells the pay page', async () => {
    const run = await start({ AUTH_SECRET: SECRET, PAYMENTS: 'test' });
    const [, port] = await waitFor(run, /running at http:\/\/localhost:(\d+)/);
    await waitFor(run, /Payments: TEST MODE, no card is charged/);
    const config = await fetch(`http://127.0.0.1:${port}/api/config`);
    expect((await config.json()).payments).toEqual({ provider: 'test' });
  });

  it('seeds no demo accounts when SEED_DEMO is not set', async () => {
    const run = await start({ AUTH_SECRET: SECRET, PAYMENTS: 'test' });
    const [, port] = await waitFor(run, /running at http:\/\/localhost:(\d+)/);
    const categories = await fetch(`http://127.0.0.1:${port}/api/categories`);
    expect(await categories.json()).toEqual([]);
    expect(run.output).not.toContain('seeding demo data');
  });

  it('seeds demo data when SEED_DEMO=true is set explicitly', async () => {
    const run = await start({ AUTH_SECRET: SECRET, PAYMENTS: 'test', SEED_DEMO: 'true' });
    await waitFor(run, /empty database: seeding demo data/);
  });
});
