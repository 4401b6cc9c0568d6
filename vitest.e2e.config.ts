import { defineConfig } from 'vitest/config';

// End-to-end tests that need Debian packages (chromium, kcat): `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ['{streams,backend,frontend}/test/**/*.e2e.test.ts', 'test/**/*.e2e.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
