import { defineConfig } from 'vitest/config';

// Unit and integration tests. The embedded stack (Postgres, ClickHouse engine,
// Kafka-protocol broker) starts once per run in test/global-setup.ts.
export default defineConfig({
  test: {
    include: ['{schemas,streams,backend,frontend}/test/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.e2e.test.ts', '**/*.chaos.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    // Three files at a time on 2 cores: many files wait on a scan, a broker or a timer, which left
    // the CPU 20% idle with two (749 s in CI; 629 s with three).
    maxWorkers: 3,
  },
});
