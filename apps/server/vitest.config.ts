import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs file after file in one process: the server's modules and PGlite's WebAssembly
    // are loaded once per worker, not once per file (a quarter of the suite's time). Files share
    // no state: each builds its own app on its own database, and nothing mocks a module.
    isolate: false,
  },
});
