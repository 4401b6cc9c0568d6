import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scanRequestedPayloadSchema, type ScanRequestedPayload, type ScanResult } from '@mcp-census/schemas';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { enqueueBatch } from '../../src/scheduler/enqueue-batch';
import { addSites, completed, mcpResult, noMcpResult } from '../projector-state/helpers';
import { unreachableResult } from '../projector-state/liveness-helpers';
import { recordingPublisher } from './recording-publisher';

// A scan request carries the endpoint the site's last reached scan found, while the site counts as
// MCP: the scanner probes it again and tells an endpoint that did not answer from a site without MCP.
const kafka = createKafka({ brokers: inject('kafkaBrokers') ?? [], clientId: 'last-found-request-test' });
const topics = testTopics('last-found-request');
const HOUR = 3_600_000;
const t0 = new Date('2026-06-01T00:00:00Z');
const at = (h: number) => new Date(t0.getTime() + h * HOUR);
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: EventPublisher;

/** One scheduled pass; returns the payloads it published (the real publisher still sends them). */
async function pass(now: Date): Promise<ScanRequestedPayload[]> {
  const seen: ScanRequestedPayload[] = [];
  await enqueueBatch({
    pool: db.pool,
    publisher: recordingPublisher(publisher, seen),
    reason: 'manual',
    size: 50,
    now,
    rescanIntervalMs: 24 * HOUR,
    requestTimeoutMs: 60_000,
    topic: topics.requested,
  });
  return seen.sort((a, b) => a.websiteId - b.websiteId);
}

async function scan(id: number, time: Date, result: ScanResult): Promise<void> {
  await projectScanCompleted(db.pool, [completed(id, time, result)], { now: time });
  await db.pool.query('UPDATE website_scan_state SET last_scanned_at = $2 WHERE website_id = $1', [id, time]);
}

beforeAll(async () => {
  db = await createTestDatabase('last_found_request');
  await ensureTopics(kafka, [topics.requested], 1);
  publisher = await createEventPublisher(kafka, 'last-found-request-test');
});
afterAll(async () => {
  await publisher?.disconnect();
  await db?.drop();
});

describe('the last-found endpoint in a scan request', () => {
  it('travels with sites that count as MCP only, and a stored endpoint off the contract never fails the batch', async () => {
    const [mcp, sse, none, confirmedDown, junk, unscanned] = (await addSites(db.pool, 6)) as [number, number, number, number, number, number];
    expect((await pass(at(0))).map((p) => p.lastFound ?? null)).toEqual([null, null, null, null, null, null]);
    await scan(mcp, at(0.1), mcpResult(2, 'a', { mcpEndpoint: 'https://mcp.site1.example/mcp', discoveredVia: 'subdomain' }));
    await scan(sse, at(0.1), mcpResult(1, 'b', { mcpEndpoint: 'https://site2.example/sse', discoveredVia: 'common-path', transport: 'http+sse' }));
    await scan(none, at(0.1), noMcpResult());
    await scan(confirmedDown, at(0.1), mcpResult(1, 'c', { mcpEndpoint: 'https://site4.example/mcp' }));
    // three unreachable scans over 24 h: confirmed, so the site no longer counts as MCP
    for (const h of [1, 13, 25]) await scan(confirmedDown, at(h), unreachableResult('connect'));
    await scan(junk, at(0.1), mcpResult(1, 'd'));
    await db.pool.query(`UPDATE latest_scans SET mcp_endpoint = 'not a url' WHERE website_id = $1`, [junk]);
    void unscanned;

    const requests = await pass(at(26));
    expect(requests).toHaveLength(6);
    for (const r of requests) expect(() => scanRequestedPayloadSchema.parse(r)).not.toThrow();
    expect(requests.map((r) => [r.websiteId, r.lastFound ?? null])).toEqual([
      [mcp, { url: 'https://mcp.site1.example/mcp', via: 'subdomain', transport: 'streamable-http' }],
      [sse, { url: 'https://site2.example/sse', via: 'common-path', transport: 'http+sse' }],
      [none, null],
      [confirmedDown, null],
      [junk, null],
      [unscanned, null],
    ]);
  });
});
