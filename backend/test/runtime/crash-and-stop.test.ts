import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProgressResponseSchema } from '@mcp-census/schemas';
import { waitFor } from '../../../test/support/wait-for';
import { processesMentioning, spawnProduct, type Product } from './product-processes';

const dirs: string[] = [];
const running: Product[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'census-lifecycle-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('the product process', () => {
  it('leaves no embedded service running after kill -9 of its process group, and starts again on the same DATA_DIR', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const first = await spawnProduct('backend/src/main.ts', dataDir, { ROLES: 'api' });
    running.push(first);
    // The embedded PostgreSQL and ClickHouse are running, with DATA_DIR on their command lines.
    expect((await processesMentioning(dataDir)).length).toBeGreaterThanOrEqual(2);

    process.kill(-first.child.pid!, 'SIGKILL');
    await first.exited;
    await waitFor('no process mentioning DATA_DIR', () => processesMentioning(dataDir), (left) => left.length === 0, { timeoutMs: 5_000 });

    const second = await spawnProduct('backend/src/main.ts', dataDir, { ROLES: 'api' });
    running.push(second);
    expect((await fetch(`http://127.0.0.1:${second.port}/healthz`)).status).toBe(200);
    // Idle consumers used to hold a stop for their whole fetch wait (5 s).
    const signalled = Date.now();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
  }, 240_000);

  it('stops within 5 s with code 0 when SIGTERMed mid-scan, and never warns about listener leaks', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    // The simulated web's slow sites stall 8 s: probes are in flight when the signal comes.
    // Without the simulated history, so the live scan (not the history's replay) is what the signal interrupts.
    const demo = await spawnProduct('backend/src/demo.ts', dataDir, { DEMO_SITES: '400', DEMO_WEB_PORT: '0', SCAN_CONCURRENCY: '64', DEMO_HISTORY_DAYS: '0' });
    running.push(demo);
    const origin = `http://127.0.0.1:${demo.port}`;
    const progress = await waitFor(
      'the scan under way',
      async () => scanProgressResponseSchema.parse(await (await fetch(`${origin}/api/scan-progress`)).json()),
      (p) => p.scannedToday > 0,
      { timeoutMs: 60_000 },
    );
    expect(progress.scannedToday).toBeLessThan(400);

    const signalled = Date.now();
    demo.child.kill('SIGTERM');
    const code = await demo.exited;
    const took = Date.now() - signalled;
    expect(code).toBe(0);
    expect(took).toBeLessThan(5_000);
    expect(demo.output()).toContain('stopped cleanly');
    expect(demo.output()).not.toContain('MaxListenersExceededWarning');
    await waitFor('no process mentioning DATA_DIR', () => processesMentioning(dataDir), (left) => left.length === 0, { timeoutMs: 5_000 });
  }, 240_000);
});
