import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyScanResult, scanCompletedPayloadSchema, type ScanResult } from '@mcp-census/schemas';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { createKafka } from '../../src/kafka/client';
import { buildEnvelope, parseEnvelope } from '../../src/kafka/envelope';
import { createEventPublisher, type EventPublisher } from '../../src/kafka/event-publisher';
import { ensureTopics } from '../../src/kafka/topics';
import { enqueueBatch } from '../../src/scheduler/enqueue-batch';
import { applyScanCompletions } from '../../src/scheduler/progress-tracker';
import { isScanningPaused, setScanningPaused } from '../../src/scheduler/scan-control';
import { SCAN_BATCH_SIZE, startScheduler, type RunningScheduler } from '../../src/scheduler/scheduler';
import { silentLogger } from '../../src/platform/logger';

const brokers = inject('kafkaBrokers');
const kafka = createKafka({ brokers: brokers ?? [], clientId: 'scheduler-test' });
const DAY = 24 * 3_600_000;
let db: { url: string; pool: pg.Pool; close(): Promise<void> };
let publisher: EventPublisher;
const topics = testTopics('scheduler-test');
const schedulers: RunningScheduler[] = [];

const noMcp: ScanResult = emptyScanResult({ responseTime: 12, requestCount: 6 });

async function addSites(count: number, offset = 0): Promise<number[]> {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO websites (name, url, host) SELECT 'Site ' || n, 'https://site' || n || '.example', 'site' || n || '.example'
       FROM generate_series($1::int, $2::int) n RETURNING id`,
    [offset + 1, offset + count],
  );
  return rows.map((r) => Number(r.id));
}

/** Reads every scan request on the suite's topic so far. */
async function readRequests(): Promise<{ websiteId: number; batchId: string; knownEndpoint?: string | null | undefined }[]> {
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topics.requested);
  await admin.disconnect();
  const total = offsets.reduce((n, o) => n + Number(o.high) - Number(o.low), 0);
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic: topics.requested, fromBeginning: true });
  const seen: { websiteId: number; batchId: string; knownEndpoint?: string | null | undefined }[] = [];
  await new Promise<void>((resolve) => {
    if (total === 0) resolve();
    void consumer.run({
      eachMessage: async ({ message }) => {
        const parsed = parseEnvelope('scan.requested', message.value);
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(message.headers?.type?.toString()).toBe('scan.requested');
        seen.push({ websiteId: parsed.event.payload.websiteId, batchId: parsed.event.payload.batchId, knownEndpoint: parsed.event.payload.knownEndpoint });
        if (seen.length >= total) resolve();
      },
    });
  });
  await consumer.disconnect();
  return seen;
}

function completion(websiteId: number, batchId: string | null, scanTime: Date, result: ScanResult = noMcp) {
  return buildEnvelope('scan.completed', String(websiteId), { websiteId, url: `https://site${websiteId}.example`, batchId, scanTime: scanTime.toISOString(), result }, 'test');
}

beforeAll(async () => {
  if (!brokers) throw new Error('the test stack provides no Kafka brokers');
  db = await createTestDatabase('scheduler');
  await ensureTopics(kafka, [topics.requested], 4);
  publisher = await createEventPublisher(kafka, 'scheduler-test');
});

// A scheduler holds the scheduling lock until stopped; each test starts clean.
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
});

afterAll(async () => {
  await publisher?.disconnect();
  await db?.close();
});

describe('scheduler', () => {
  let clock = new Date('2026-03-01T00:00:00Z');
  const make = (extra: Partial<Parameters<typeof startScheduler>[0]> = {}) => {
    const s = startScheduler({
      databaseUrl: db.url, pool: db.pool, publisher, topic: topics.requested, now: () => clock,
      rescanIntervalMs: DAY, autoStart: false, log: silentLogger(), ...extra,
    });
    schedulers.push(s);
    return s;
  };

  it('queues never-scanned sites in batches of 50 and records each request', async () => {
    const ids = await addSites(120);
    // a registered endpoint travels with the site's scan request
    await db.pool.query(`UPDATE websites SET registered_endpoint = 'https://mcp.partner.example/v1' WHERE id = $1`, [ids[7]]);
    // and so does one a public MCP registry lists (registry sync)
    await db.pool.query(`UPDATE websites SET registry_endpoint = 'https://api.listed.example/mcp' WHERE id = $1`, [ids[9]]);
    const scheduler = make();
    expect(await scheduler.tick()).toBe(3);
    const requests = await readRequests();
    expect(requests.map((r) => r.websiteId).sort((a, b) => a - b)).toEqual(ids);
    expect(requests.filter((r) => r.knownEndpoint).sort((a, b) => a.websiteId - b.websiteId).map((r) => [r.websiteId, r.knownEndpoint])).toEqual([
      [ids[7], 'https://mcp.partner.example/v1'],
      [ids[9], 'https://api.listed.example/mcp'],
    ]);
    const batches = await db.pool.query<{ site_count: number; reason: string }>('SELECT site_count, reason FROM scan_batches ORDER BY site_count DESC');
    expect(batches.rows).toEqual([
      { site_count: SCAN_BATCH_SIZE, reason: 'scheduled' },
      { site_count: SCAN_BATCH_SIZE, reason: 'scheduled' },
      { site_count: 20, reason: 'scheduled' },
    ]);
    expect(await scheduler.tick()).toBe(0); // all requested, none lost yet
  });

  it('counts completions once, tracks progress, and rescans after the interval', async () => {
    const requests = await readRequests();
    const events = requests.map((r) => completion(r.websiteId, r.batchId, clock));
    await applyScanCompletions(db.pool, events);
    expect(await applyScanCompletions(db.pool, events)).toBe(0); // redelivery changes nothing
    const batches = await db.pool.query<{ completed_count: number; site_count: number; completed_at: Date | null }>('SELECT completed_count, site_count, completed_at FROM scan_batches');
    for (const b of batches.rows) {
      expect(b.completed_count).toBe(b.site_count);
      expect(b.completed_at).not.toBeNull();
    }
    const scheduler = make();
    clock = new Date(clock.getTime() + DAY / 2);
    expect(await scheduler.tick()).toBe(0); // scanned 12 h ago: not due
    clock = new Date(clock.getTime() + DAY);
    expect(await scheduler.tick()).toBe(3); // 36 h: every site due again
  });

  it('keeps an older result from overwriting a newer one', async () => {
    const [id] = await addSites(1, 1000);
    const newer = completion(id!, null, new Date('2026-03-05T10:00:00Z'), { ...noMcp, hasMcp: true });
    const older = completion(id!, null, new Date('2026-03-05T09:00:00Z'));
    await applyScanCompletions(db.pool, [newer]);
    await applyScanCompletions(db.pool, [older]);
    const { rows } = await db.pool.query('SELECT last_scanned_at, last_has_mcp FROM website_scan_state WHERE website_id = $1', [id]);
    expect(rows[0]).toEqual({ last_scanned_at: new Date('2026-03-05T10:00:00Z'), last_has_mcp: true });
    expect(scanCompletedPayloadSchema.safeParse(older.payload).success).toBe(true);
  });

  it('does nothing while paused, and the pause survives a restart', async () => {
    clock = new Date(clock.getTime() + 3 * DAY);
    await setScanningPaused(db.pool, true);
    const first = make();
    expect(await first.tick()).toBe(0);
    await first.stop();
    const restarted = make();
    expect(await isScanningPaused(db.pool)).toBe(true);
    expect(await restarted.tick()).toBe(0);
    await setScanningPaused(db.pool, false);
    expect(await restarted.tick()).toBeGreaterThan(0);
    await restarted.stop();
  });

  it('lets exactly one scheduler be active and hands over when it stops', async () => {
    const a = make();
    const b = make();
    await a.tick();
    await b.tick();
    expect([a.isLeader(), b.isLeader()].sort()).toEqual([false, true]);
    const [leader, standby] = a.isLeader() ? [a, b] : [b, a];
    await leader.stop();
    await standby.tick();
    expect(standby.isLeader()).toBe(true);
  });

  it('coalesces repeated manual scan requests while one is pending', async () => {
    const opts = { pool: db.pool, publisher, reason: 'manual' as const, size: 50, now: clock, rescanIntervalMs: DAY, requestTimeoutMs: 600_000, topic: topics.requested };
    const first = await enqueueBatch(opts);
    expect(first.status).toBe('queued');
    const again = await Promise.all([enqueueBatch(opts), enqueueBatch(opts)]);
    expect(again).toEqual([
      { status: 'pending', batchId: (first as { batchId: string }).batchId },
      { status: 'pending', batchId: (first as { batchId: string }).batchId },
    ]);
  });
});
