import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readServicesFile } from '../../src/runtime/services-file';
import { waitFor } from '../../../test/support/wait-for';
import { spawnProduct, type Product } from './product-processes';

// A first start applies every migration: hundreds of relation files written, none synced yet.
// The first stop's shutdown checkpoint used to sync them all, 1-2 s idle and over 5 s on a
// loaded machine; the start-up now checkpoints them in the background.

let product: Product | undefined;
let dir: string | undefined;
afterAll(async () => {
  if (product && product.child.exitCode === null) product.child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Checkpoints PostgreSQL has completed on request (the CHECKPOINT command, not its timer). */
async function requestedCheckpoints(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT least(num_requested, num_done) AS n FROM pg_stat_checkpointer');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

describe('the first stop after a first start', () => {
  it('leaves the shutdown checkpoint only what was written since start-up', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'census-first-stop-'));
    const dataDir = path.join(dir, 'data');
    product = await spawnProduct('backend/src/main.ts', dataDir, { ROLES: 'api', LOG_LEVEL: 'debug' });
    const url = (await readServicesFile(dataDir))?.postgres?.url;
    if (!url) throw new Error('no embedded PostgreSQL in services.json');
    await waitFor('the start-up checkpoint', () => requestedCheckpoints(url), (n) => n >= 1, { timeoutMs: 30_000, intervalMs: 200 });

    product.child.kill('SIGTERM');
    expect(await product.exited).toBe(0);
    // PostgreSQL's own account of its shutdown checkpoint: "checkpoint complete: … sync files=N"
    const output = product.output();
    const shutdown = output.slice(output.indexOf('checkpoint starting: shutdown'));
    const syncedFiles = /checkpoint complete:[^"]*sync files=(\d+)/.exec(shutdown);
    expect(syncedFiles, 'the shutdown checkpoint in the log').not.toBeNull();
    // the migrations alone leave over 500 files to sync (539 before the start-up checkpoint; 32 after it)
    expect(Number(syncedFiles?.[1])).toBeLessThan(150);
  }, 240_000);
});
