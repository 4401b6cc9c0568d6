import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, scanProgressResponseSchema, scanRequestResponseSchema, type ScanResult } from '@mcp-census/schemas';
import { applyScanCompletions, buildEnvelope, createEventPublisher, createKafka, ensureTopics, stateProjection, type EventPublisher } from '@mcp-census/streams';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { startScanApi } from './support/scan-api';

const topics = testTopics('scan-routes');
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'scan-routes-test' });
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: EventPublisher;
let server: Server;
let base: string;
const now = new Date();

async function post(body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(`${base}/api/scan`, { method: 'POST', headers, ...(body !== undefined ? { body } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const batchCount = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM scan_batches')).rows[0]?.n);

beforeAll(async () => {
  db = await createTestDatabase('scan_routes');
  await ensureTopics(kafka, [topics.requested], 2);
  publisher = await createEventPublisher(kafka, 'scan-routes-test');
  ({ server, base } = await startScanApi(db.pool, publisher, topics.requested));
});

afterAll(async () => {
  server?.close();
  await publisher?.disconnect();
  await db?.close();
});

describe('scan routes', () => {
  it('reports empty progress before anything exists', async () => {
    const res = await fetch(`${base}/api/scan-progress`);
    expect(scanProgressResponseSchema.parse(await res.json())).toEqual({
      scanningActive: false,
      totalWebsites: 0,
      mcpEnabledCount: 0,
      scannedToday: 0,
      lastScanTime: null,
      scanState: 'idle',
      batchesInFlight: 0,
      manualBatchesInFlight: 0,
      schedulerActive: false,
    });
  });

  it('queues one batch of 50 and coalesces repeated presses', async () => {
    await db.pool.query(`INSERT INTO websites (name, url, host) SELECT 'S' || n, 'https://s' || n || '.example', 's' || n || '.example' FROM generate_series(1, 60) n`);
    const first = await post(JSON.stringify({ batchSize: 50 }));
    expect(first.status).toBe(202);
    const queued = scanRequestResponseSchema.parse(first.body);
    expect(queued).toMatchObject({ status: 'queued', siteCount: 50 });
    const second = await post(undefined, {});
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ status: 'pending', batchId: queued.batchId, siteCount: 0 });
    expect(await batchCount()).toBe(1);
    const progress = scanProgressResponseSchema.parse(await (await fetch(`${base}/api/scan-progress`)).json());
    expect(progress).toMatchObject({ scanningActive: true, totalWebsites: 60 });
  });

  it('counts completed scans in the progress', async () => {
    const { rows } = await db.pool.query<{ website_id: string; last_batch_id: string }>('SELECT website_id, last_batch_id FROM website_scan_state');
    const result = (hasMcp: boolean): ScanResult =>
      emptyScanResult({ hasMcp, mcpEndpoint: hasMcp ? 'https://x/mcp' : null, transport: hasMcp ? 'streamable-http' : null, responseTime: 5, requestCount: 3 });
    const completions = rows.map((r, i) =>
      buildEnvelope('scan.completed', r.website_id, { websiteId: Number(r.website_id), url: 'https://s.example', batchId: r.last_batch_id, scanTime: now.toISOString(), result: result(i < 7) }, 'test'),
    );
    // Both consumers of scan.completed: the progress tracker and the state projection (the MCP count is the confirmed one).
    await applyScanCompletions(db.pool, completions);
    await stateProjection.projectScanCompleted(db.pool, completions, { now });
    const progress = scanProgressResponseSchema.parse(await (await fetch(`${base}/api/scan-progress`)).json());
    expect(progress).toEqual({
      scanningActive: false,
      totalWebsites: 60,
      mcpEnabledCount: 7,
      scannedToday: 50,
      lastScanTime: now.toISOString(),
      scanState: 'idle',
      batchesInFlight: 0,
      manualBatchesInFlight: 0,
      schedulerActive: false,
    });
  });

  it.each([
    ['a zero batch size', JSON.stringify({ batchSize: 0 }), { 'content-type': 'application/json' }, 400],
    ['a non-numeric batch size', JSON.stringify({ batchSize: 'fifty' }), { 'content-type': 'application/json' }, 400],
    ['an unknown field', JSON.stringify({ batchSize: 5, everything: true }), { 'content-type': 'application/json' }, 400],
    ['broken JSON', '{"batchSize":', { 'content-type': 'application/json' }, 400],
    ['a JSON array', '[1,2]', { 'content-type': 'application/json' }, 400],
    ['a non-JSON content type', 'batchSize=5', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['an oversized body', JSON.stringify({ batchSize: 5, pad: 'x'.repeat(100_000) }), { 'content-type': 'application/json' }, 413],
  ])('rejects %s with a clear 4xx and queues nothing', async (_label, body, headers, status) => {
    const before = await batchCount();
    const res = await post(body, headers);
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
    expect(await batchCount()).toBe(before);
  });
});
