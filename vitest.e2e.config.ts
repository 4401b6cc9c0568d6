import { defineConfig } from 'vitest/config';
import { longestFirst } from './test/support/longest-first-sequencer.ts';

// End-to-end tests that need Debian packages (chromium, kcat): `npm run test:e2e`.
// Two files at a time: each starts its own product on its own data and ports, and one file's
// waits (scans landing, pages settling) leave the cores to the other (913 s one at a time,
// 682 s two at a time, on 2 cores). The longest files start first (2-4.5 minutes each, two at
// a time), so no long file runs alone at the end.
export default defineConfig({
  test: {
    include: ['{streams,backend,frontend}/test/**/*.e2e.test.ts', 'test/**/*.e2e.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: {
      sequencer: longestFirst([
        'frontend/test/ui.e2e.test.ts',
        'frontend/test/a11y-light.e2e.test.ts',
        'frontend/test/a11y-dark.e2e.test.ts',
        'frontend/test/charts.e2e.test.ts',
        'frontend/test/keyboard.e2e.test.ts',
        'frontend/test/defects.e2e.test.ts',
      ]),
    },
  },
});
