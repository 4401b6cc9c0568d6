import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { KafkaMessage } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthResponseSchema, scanCompletedPayloadSchema, scanProgressResponseSchema, type ScanCompletedPayload } from '@mcp-census/schemas';
import {
  createEventPublisher,
  createKafka,
  createProber,
  ensureTopics,
  highWatermarks,
  parseEnvelope,
  startScannerNetwork,
  startScannerWorker,
  waitForGroupToReach,
  type EventPublisher,
  type RunningConsumer,
  type ScannerNetwork,
} from '@mcp-census/streams';
import { startSimulatedWeb, type ProfileName, type SimSite, type SimulatedWeb } from '@mcp-census/streams/simweb/index';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { captureLog } from '../../../test/support/test-logger';
import { waitFor } from '../../../test/support/wait-for';
import { checkHealth } from '../../src/health/health-checker';
import { createApp } from '../../src/http/app';
import { readScannerState } from '../../src/queries/scanner-state';
import { readScanProgressStatus } from '../../src/services/scan-progress-status';

/*
 * "Unreachable is not No MCP": the scanner role with the real broker, Postgres
 * and the simulated web. With the network down nothing may be recorded about
 * any site; the scanner says it is offline and catches up once it is back.
 */

const DAY = 86_400_000;
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'scanner-offline-test' });
const topics = testTopics('scanner-offline');
// Sites 0-3 are held during the outage; 4-6 are the single-site failures among working sites.
const PROFILES: ProfileName[] = ['no-mcp', 'legacy-streamable', 'stateless-2026', 'no-mcp', 'no-mcp', 'legacy-streamable', 'no-mcp'];
const INSTANCE = `scanner-offline-${randomUUID().slice(0, 8)}`;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let web: SimulatedWeb;
let publisher: EventPublisher;
let network: ScannerNetwork;
let worker: RunningConsumer;
let server: Server;
let base: string;
const groupId = `scanner-${randomUUID()}`;
const captured = captureLog();

beforeAll(async () => {
  db = await createTestDatabase('scanner_offline');
  web = await startSimulatedWeb({ sites: PROFILES.length, assign: PROFILES });
  await ensureTopics(kafka, [topics.requested, `${topics.requested}.dlq`, topics.completed, topics.log], 2);
  publisher = await createEventPublisher(kafka, 'scanner-offline-test');
  network = startScannerNetwork({
    // A small window so a handful of sites decides; the production defaults are in the README.
    thresholds: { windowSize: 8, windowMs: 60_000, share: 0.9, minResults: 3 },
    store: { pool: db.pool, instanceId: INSTANCE, refreshMs: 500 },
    log: captured.log,
  });
  worker = await startScannerWorker({
    kafka,
    publisher,
    // Generous timeouts: on a loaded machine a slow answer must not read as "no MCP" (the outage is refused connections, immediate).
    prober: createProber({ allowPrivate: true, resolveHost: (h) => web.resolveHost(h), requestTimeoutMs: 5_000, siteDeadlineMs: 15_000, hostRps: 50 }),
    network,
    groupId,
    topics,
    concurrency: 8,
    log: captured.log,
  });
  const app = createApp({
    frontendDir: undefined,
    scanService: {
      requestBatch: () => Promise.reject(new Error('unused')),
      progress: () => readScanProgressStatus(db.pool, { now: new Date(), rescanIntervalMs: DAY, requestTimeoutMs: 600_000 }),
    },
    checkHealth: () =>
      checkHealth({ postgres: db.pool, clickhouse: undefined, kafka: undefined, embedded: { postgres: true, clickhouse: true, kafka: true }, startedAt: Date.now(), scanner: () => readScannerState(db.pool) }),
    onUnexpectedError: (err) => console.error(err),
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await worker?.stop();
  await network?.stop();
  await publisher?.disconnect();
  await web?.stop();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  await db?.drop();
});

async function request(sites: SimSite[], batchId: string): Promise<void> {
  await publisher.publish(
    topics.requested,
    'scan.requested',
    sites.map((site) => ({ key: String(site.id), payload: { websiteId: site.id, url: site.url, batchId, reason: 'manual' as const } })),
  );
}

const total = (marks: Map<number, number>) => [...marks.values()].reduce((a, b) => a + b, 0);

/** Every scan.completed on the suite's topic so far. */
async function completedResults(): Promise<ScanCompletedPayload[]> {
  const count = total(await highWatermarks(kafka, topics.completed));
  if (count === 0) return [];
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic: topics.completed, fromBeginning: true });
  const messages: KafkaMessage[] = [];
  try {
    await new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          messages.push(message);
          if (messages.length >= count) resolve();
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return messages.map((m) => {
    const parsed = parseEnvelope('scan.completed', m.value);
    if (!parsed.ok) throw new Error(parsed.reason);
    return scanCompletedPayloadSchema.parse(parsed.event.payload);
  });
}

/** Waits until the scanner has committed every request published so far (each one done with). */
async function allRequestsCommitted(): Promise<void> {
  await waitForGroupToReach(kafka, groupId, topics.requested, await highWatermarks(kafka, topics.requested), { timeoutMs: 60_000 });
}

const scannerRow = async () => (await db.pool.query<{ state: string; reason: string | null }>('SELECT state, reason FROM scanner_instances WHERE instance_id = $1', [INSTANCE])).rows[0];
const progress = async () => scanProgressResponseSchema.parse(await (await fetch(`${base}/api/scan-progress`)).json());
const health = async () => {
  const res = await fetch(`${base}/healthz`);
  return { status: res.status, body: healthResponseSchema.parse(await res.json()) };
};

describe('the scanner and its own network', () => {
  it('publishes nothing while the network is down, says it is offline, then scans the held requests once each', async () => {
    const held = web.sites.slice(0, 4);
    await web.setNetworkDown(true);
    await request(held, randomUUID());

    const row = await waitFor('the scanner to record itself offline', scannerRow, (r) => r?.state === 'offline', { timeoutMs: 30_000 });
    expect(row?.reason).toMatch(/recent probes failed at the network level \(connect\)/);
    expect((await progress()).scanner).toMatchObject({ state: 'offline', reason: row?.reason });
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'degraded', scanner: { state: 'offline' } });
    expect(captured.messages('warn').filter((m) => m.startsWith('Scanner offline: network unreachable since'))).toHaveLength(1);
    expect(captured.messages('warn').find((m) => m.startsWith('Scanner offline'))).toMatch(/since \d{4}-\d\d-\d\dT[\d:.]+Z \(.+\)$/);

    // The held requests keep being retried (new connection attempts), and still nothing is published.
    const attempts = web.stats().connections;
    await waitFor('the held requests to be retried', () => web.stats().connections, (n) => n >= attempts + held.length);
    expect(total(await highWatermarks(kafka, topics.completed))).toBe(0);
    // Retrying held requests is expected, not an error to log each time.
    expect(captured.entries.filter((e) => JSON.stringify(e).includes('Scanner offline:') && !(e.level === 'warn' && e.msg.startsWith('Scanner offline')))).toEqual([]);

    await web.setNetworkDown(false);
    await allRequestsCommitted();
    const results = await completedResults();
    expect(results.map((r) => r.websiteId).sort((a, b) => a - b)).toEqual(held.map((s) => s.id));
    for (const r of results) expect(r.result.reachability, `site ${r.websiteId}`).toBe('reached');
    expect(results.filter((r) => r.result.hasMcp)).toHaveLength(2);

    await waitFor('the scanner to record itself online', scannerRow, (r) => r?.state === 'online');
    expect((await progress()).scanner).toMatchObject({ state: 'online', reason: null });
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', scanner: { state: 'online' } } });
    expect(captured.messages('info').some((m) => m.startsWith('Scanner back online'))).toBe(true);
  });

  it('publishes a single site that refuses connections while the others answer, as unreachable with its class', async () => {
    const [refusing, mcp, fine] = web.sites.slice(4) as [SimSite, SimSite, SimSite];
    await web.setSiteMode(refusing.host, 'refused');
    const batchId = randomUUID();
    await request([refusing, mcp, fine], batchId);
    await allRequestsCommitted();
    const results = new Map((await completedResults()).filter((r) => r.batchId === batchId).map((r) => [r.websiteId, r.result]));
    expect(results.size).toBe(3);
    expect(results.get(refusing.id)).toMatchObject({ hasMcp: false, reachability: 'unreachable', unreachableClass: 'connect', notScanned: null });
    expect(results.get(mcp.id)).toMatchObject({ hasMcp: true, reachability: 'reached', unreachableClass: null });
    expect(results.get(fine.id)).toMatchObject({ hasMcp: false, reachability: 'reached', unreachableClass: null });
    expect(network.state().state).toBe('online');
    expect((await scannerRow())?.state).toBe('online');
  });
});
