import { defineConfig } from 'vitest/config';

// Crash-safety tests: each starts the real product as processes on its own
// data and kills them with kill -9 (`npm run test:chaos`).
export default defineConfig({
  test: {
    include: ['test/chaos/**/*.chaos.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
