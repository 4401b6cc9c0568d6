import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SCAN_PAUSED_MESSAGE, scanProgressResponseSchema, scanRequestResponseSchema } from '@mcp-census/schemas';
import { createEventPublisher, createKafka, ensureTopics, setScanningPaused, type EventPublisher } from '@mcp-census/streams';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { startScanApi } from './support/scan-api';

const topics = testTopics('scan-paused');
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'scan-paused-test' });
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: EventPublisher;
let server: Server;
let base: string;

const batchCount = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM scan_batches')).rows[0]?.n);
const refresh = async () => {
  const res = await fetch(`${base}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ batchSize: 50 }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const progress = async () => scanProgressResponseSchema.parse(await (await fetch(`${base}/api/scan-progress`)).json());

beforeAll(async () => {
  db = await createTestDatabase('scan_paused');
  await ensureTopics(kafka, [topics.requested], 1);
  publisher = await createEventPublisher(kafka, 'scan-paused-test');
  ({ server, base } = await startScanApi(db.pool, publisher, topics.requested));
  await db.pool.query(`INSERT INTO websites (name, url, host) SELECT 'S' || n, 'https://s' || n || '.example', 's' || n || '.example' FROM generate_series(1, 80) n`);
});

afterAll(async () => {
  server?.close();
  await publisher?.disconnect();
  await db?.close();
});

describe('Refresh Data while paused', () => {
  it('is refused with 409 and a clear message, and queues nothing', async () => {
    await setScanningPaused(db.pool, true);
    const res = await refresh();
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: SCAN_PAUSED_MESSAGE });
    expect(await batchCount()).toBe(0);
    expect(await progress()).toMatchObject({ scanningActive: false, scanState: 'paused', batchesInFlight: 0 });
  });

  it('queues a manual batch again after Resume, shown as scanning a manual batch', async () => {
    await setScanningPaused(db.pool, false);
    const res = await refresh();
    expect(res.status).toBe(202);
    expect(scanRequestResponseSchema.parse(res.body)).toMatchObject({ status: 'queued', siteCount: 50 });
    expect(await progress()).toMatchObject({ scanningActive: true, scanState: 'scanning', batchesInFlight: 1, manualBatchesInFlight: 1, schedulerActive: false });
  });

  it('reads paused, finishing the batch in flight, when paused during a manual batch', async () => {
    await setScanningPaused(db.pool, true);
    expect(await progress()).toMatchObject({ scanningActive: true, scanState: 'paused', batchesInFlight: 1, manualBatchesInFlight: 1 });
    const before = await batchCount();
    expect((await refresh()).status).toBe(409);
    expect(await batchCount()).toBe(before);
  });
});
