import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, type ScanRequestedPayload } from '@mcp-census/schemas';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { enqueueBatch } from '../../src/scheduler/enqueue-batch';
import { addSites, completed, mcpResult } from '../projector-state/helpers';
import { recordingPublisher } from './recording-publisher';

const kafka = createKafka({ brokers: inject('kafkaBrokers') ?? [], clientId: 'opt-out-announcement-test' });
const topics = testTopics('opt-out-announcement');
const HOUR = 3_600_000;
const t0 = new Date('2026-06-01T00:00:00Z');
const at = (h: number) => new Date(t0.getTime() + h * HOUR);
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: EventPublisher;
/** Every scan.requested payload published, in order (the real publisher still sends them). */
const requested: ScanRequestedPayload[] = [];

async function pass(now: Date): Promise<ScanRequestedPayload[]> {
  const before = requested.length;
  await enqueueBatch({
    pool: db.pool,
    publisher: recordingPublisher(publisher, requested),
    reason: 'scheduled',
    size: 50,
    now,
    rescanIntervalMs: 24 * HOUR,
    requestTimeoutMs: 10 * 60_000,
    topic: topics.requested,
  });
  return requested.slice(before);
}

/** What the scanner and the progress tracker record for a completed request. */
async function completeRequest(id: number, time: Date, optedOut: boolean): Promise<void> {
  const result = optedOut ? emptyScanResult({ notScanned: { reason: 'opt-out', rule: 'The site owner opted out of the census', path: null } }) : mcpResult(1);
  await projectScanCompleted(db.pool, [completed(id, time, result)], { now: time });
  await db.pool.query('UPDATE website_scan_state SET last_scanned_at = $2 WHERE website_id = $1', [id, time]);
}

beforeAll(async () => {
  db = await createTestDatabase('opt_out_announcement');
  await ensureTopics(kafka, [topics.requested], 1);
  publisher = await createEventPublisher(kafka, 'opt-out-announcement-test');
});
afterAll(async () => {
  await publisher?.disconnect();
  await db?.drop();
});

describe('an approved opt-out is announced once, never probed', () => {
  it('requests the opted-out site once as an announcement, then never again', async () => {
    const [kept, leaving] = (await addSites(db.pool, 2)) as [number, number];
    const first = await pass(at(0));
    expect(first.map((p) => [p.websiteId, p.optedOut ?? false])).toEqual([
      [kept, false],
      [leaving, false],
    ]);
    await completeRequest(kept, at(0.1), false);
    await completeRequest(leaving, at(0.1), false);

    await db.pool.query('UPDATE websites SET opted_out = true WHERE id = $1', [leaving]);
    // not due for a scan, but its opt-out is not yet announced
    const second = await pass(at(1));
    expect(second.map((p) => [p.websiteId, p.optedOut ?? false])).toEqual([[leaving, true]]);
    // in flight: not requested twice
    expect(await pass(at(1.01))).toEqual([]);
    await completeRequest(leaving, at(1.02), true);

    // announced: left alone, while the kept site is scanned on its normal cycle
    expect(await pass(at(2))).toEqual([]);
    const daily = await pass(at(25));
    expect(daily.map((p) => [p.websiteId, p.optedOut ?? false])).toEqual([[kept, false]]);
  });
});
