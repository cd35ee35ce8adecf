/**
 * End-to-end suite: the built web app served by the real server (started by global-setup.ts on a
 * free port with a temporary data directory), driven by Debian's headless Chromium.
 * Never downloads a browser: run `node ensure-chromium.mjs` (npm test does) instead of `playwright install`.
 */
import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 60_000, // axe on a full page and the first page loads can be slow on a busy 2-core machine
  expect: { timeout: 10_000 },
  globalTimeout: 20 * 60_000,
  reporter: [['list'], ['./summary-reporter.ts']],
  use: {
    // Set by global-setup.ts before the workers start (workers load this file again).
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Every test gets a fresh browser context; the browser itself runs on a throwaway profile.
        launchOptions: {
          executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
