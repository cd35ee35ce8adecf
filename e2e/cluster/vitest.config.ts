/** The cluster test alone (`npm run test:cluster`): neither `npm test` nor `test:postgres` runs it. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['cluster.test.ts'],
    // One cluster, checks in order: the last one kills an instance.
    sequence: { concurrent: false },
    fileParallelism: false,
    testTimeout: 60_000,
    pool: 'forks',
  },
});
