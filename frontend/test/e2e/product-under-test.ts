import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIES, metricsResponseSchema } from '@mcp-census/schemas';
import { waitFor } from '../../../test/support/wait-for';
import { startSimulatedWeb, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import type { CatalogueSite } from '../../../backend/src/catalogue/validate-row';
import { loadConfig } from '../../../backend/src/config/config';
import { startCensus, type RunningCensus } from '../../../backend/src/runtime/census-server';
import { createLogger } from '@mcp-census/streams/platform/logger';

export const ADMIN_PASSWORD = 'e2e admin password 2026';
const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ProductUnderTest {
  url: string;
  web: SimulatedWeb;
  census: RunningCensus;
  stop(): Promise<void>;
}

/**
 * The whole product as `npm run demo` runs it: every role, its own embedded
 * stack in a temp dir, scanning a simulated web on loopback (never the real
 * internet), with the built frontend. Scanning starts at once; a test that
 * needs to decide when a scan lands pauses it through the admin API.
 */
export async function startProductUnderTest(opts: { sites: number }): Promise<ProductUnderTest> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-frontend-build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'census-e2e-'));
  const web = await startSimulatedWeb({ sites: opts.sites, seed: 2026, latencyMs: [5, 20] });
  const known = new Set<string>(CATEGORIES);
  const simulatedSites: CatalogueSite[] = web.sites.map((s) => ({ name: s.name, url: s.url, host: new URL(s.url).host, category: (known.has(s.category) ? s.category : 'Reference') as CatalogueSite['category'] }));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD, LOG_LEVEL: 'error', KAFKA_PARTITIONS: '2' });
  const census = await startCensus({ ...config, scan: { ...config.scan, allowPrivate: true } }, createLogger({ level: 'error' }), { resolveHost: (h) => web.resolveHost(h), simulatedSites });
  return {
    url: census.url.replace('localhost', '127.0.0.1'),
    web,
    census,
    async stop() {
      await census.stop();
      await web.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the census has found at least `min` MCP sites, so pages have something to show. */
export async function waitForMcpSites(product: ProductUnderTest, min = 3): Promise<void> {
  await waitFor(
    `at least ${min} MCP sites scanned`,
    async () => metricsResponseSchema.parse(await (await fetch(`${product.url}/api/metrics`)).json()).mcpEnabled,
    (n) => n >= min,
    { timeoutMs: 60_000, intervalMs: 500 },
  );
}
