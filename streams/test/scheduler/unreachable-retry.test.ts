import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { enqueueBatch } from '../../src/scheduler/enqueue-batch';
import { addSites, completed, mcpResult } from '../projector-state/helpers';
import { unreachableResult } from '../projector-state/liveness-helpers';

const kafka = createKafka({ brokers: inject('kafkaBrokers') ?? [], clientId: 'unreachable-retry-test' });
const topics = testTopics('unreachable-retry');
const HOUR = 3_600_000;
const t0 = new Date('2026-05-01T00:00:00Z');
const at = (h: number) => new Date(t0.getTime() + h * HOUR);
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: EventPublisher;

/** The sites one scheduled pass at `now` queues (none: empty). */
async function due(now: Date): Promise<number[]> {
  const r = await enqueueBatch({ pool: db.pool, publisher, reason: 'scheduled', size: 50, now, rescanIntervalMs: 24 * HOUR, requestTimeoutMs: 10 * 60_000, topic: topics.requested });
  if (r.status !== 'queued') return [];
  const { rows } = await db.pool.query<{ website_id: string }>('SELECT website_id FROM website_scan_state WHERE last_batch_id = $1 ORDER BY website_id', [r.batchId]);
  return rows.map((x) => Number(x.website_id));
}

/** Records that a site's scan at `time` completed (what the progress tracker does) and projects it. */
async function scanned(id: number, time: Date, unreachable: boolean): Promise<void> {
  await projectScanCompleted(db.pool, [completed(id, time, unreachable ? unreachableResult('timeout') : mcpResult(1))], { now: time });
  await db.pool.query(
    `INSERT INTO website_scan_state (website_id, last_requested_at, last_scanned_at) VALUES ($1, $2, $2)
     ON CONFLICT (website_id) DO UPDATE SET last_scanned_at = EXCLUDED.last_scanned_at, last_requested_at = LEAST(website_scan_state.last_requested_at, EXCLUDED.last_scanned_at)`,
    [id, time],
  );
}

beforeAll(async () => {
  db = await createTestDatabase('unreachable_retry');
  await ensureTopics(kafka, [topics.requested], 1);
  publisher = await createEventPublisher(kafka, 'unreachable-retry-test');
});
afterAll(async () => {
  await publisher?.disconnect();
  await db?.drop();
});

describe('unreachable sites are retried sooner', () => {
  it('backs off 1 h, 4 h, 12 h, then the normal interval', async () => {
    const [flaky, healthy] = (await addSites(db.pool, 2)) as [number, number];
    await scanned(flaky, at(-48), false);
    await scanned(flaky, at(0), true);
    await scanned(healthy, at(0), false);

    expect(await due(at(0.5))).toEqual([]);
    expect(await due(at(1))).toEqual([flaky]);
    await scanned(flaky, at(1.1), true); // second failure in a row: 4 h
    expect(await due(at(4))).toEqual([]);
    expect(await due(at(5.2))).toEqual([flaky]);
    await scanned(flaky, at(5.3), true); // third: 12 h
    expect(await due(at(17))).toEqual([]);
    expect(await due(at(17.4))).toEqual([flaky]);
    await scanned(flaky, at(17.5), true); // fourth: back to the normal 24 h
    expect(await due(at(23.9))).toEqual([]);
    expect((await due(at(41.6))).sort((a, b) => a - b)).toEqual([flaky, healthy].sort((a, b) => a - b));
  });
});
