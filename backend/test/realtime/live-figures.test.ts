import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { liveMetricsEventSchema, liveProgressEventSchema, liveWebsitesChangedEventSchema, type LiveMetricsEvent, type LiveProgressEvent } from '@mcp-census/schemas';
import { applyScanCompletions, createEventPublisher, createKafka, ensureTopics, stateProjection, type EventPublisher } from '@mcp-census/streams';
import { silentLogger } from '@mcp-census/streams/platform/logger';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { addSites, completed, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { createSessionStore } from '../../src/auth/session-store';
import { readMetrics } from '../../src/queries/dashboard-metrics';
import { readDashboardState } from '../../src/queries/dashboard-state';
import { attachRealtime, type RunningRealtime } from '../../src/realtime/attach-realtime';
import { adminStatusFixture, client, connected, produceUntil } from './realtime-helpers';

// The whole live path: the state projector commits and publishes dashboard.delta
// (changed ids only); the API role reads the figures once per coalesced flush and
// pushes them to `/live` sockets.
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'live-figures-test' });
const topics = { ...testTopics('live-figures-test'), delta: `live-figures-test.${randomUUID().slice(0, 8)}.delta` };
const now = new Date('2026-05-01T10:00:00Z');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: EventPublisher;
let projector: stateProjection.RunningStateProjector | undefined;
let httpServer: Server;
let realtime: RunningRealtime;
let socket: Socket | undefined;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase('live_figures');
  await ensureTopics(kafka, [topics.completed, `${topics.completed}.dlq`, topics.log, `${topics.log}.dlq`, topics.delta, `${topics.delta}.dlq`], 2);
  publisher = await createEventPublisher(kafka, 'live-figures-test');
  httpServer = createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  realtime = await attachRealtime({
    httpServer,
    kafka,
    groupIdPrefix: 'live-figures-test',
    sessions: createSessionStore({ pool: db.pool, ttlMs: 3_600_000 }),
    readAdminStatus: () => Promise.resolve(adminStatusFixture),
    readDashboardState: () => readDashboardState(db.pool, now),
    log: silentLogger(),
    topics: { dashboardDelta: topics.delta, scanLog: topics.log },
  });
});

afterAll(async () => {
  socket?.close();
  await projector?.stop();
  await realtime?.close();
  await publisher?.disconnect();
  await new Promise((r) => httpServer?.close(r));
  await db?.drop();
});

describe('figures on /live after a projection', () => {
  it('pushes the metrics and progress read from the projected state, as /api/metrics computes them', async () => {
    const ids = await addSites(db.pool, 20);
    const metrics: LiveMetricsEvent[] = [];
    const progress: LiveProgressEvent[] = [];
    const changed = new Set<number>();
    socket = client(base, '/live');
    socket.on('metrics', (e: unknown) => metrics.push(liveMetricsEventSchema.parse(e)));
    socket.on('progress', (e: unknown) => progress.push(liveProgressEventSchema.parse(e)));
    socket.on('websites-changed', (e: unknown) => liveWebsitesChangedEventSchema.parse(e).ids.forEach((id) => changed.add(id)));
    await connected(socket);
    // The API's consumer group starts at the end of the topic: wait until it has joined.
    const warmUp = () => publisher.publish(topics.delta, 'dashboard.delta', [{ key: 'dashboard', payload: { changedWebsiteIds: [], truncated: false, occurredAt: now.toISOString() } }]);
    await produceUntil(warmUp, () => metrics.length > 0, 'the delta consumer');
    expect(metrics.at(-1)?.metrics).toMatchObject({ totalWebsites: 20, mcpEnabled: 0 });

    const items = ids.map((id, i) => ({
      key: String(id),
      payload: { websiteId: id, url: `https://site${id}.example`, batchId: null, scanTime: new Date(now.getTime() - i * 1000).toISOString(), result: i < 4 ? mcpResult(i + 2) : noMcpResult() },
    }));
    await publisher.publish(topics.completed, 'scan.completed', items);
    // what the scheduler's progress tracker keeps ("Scanned today", "Last scan"), in before the projection's pushes
    await applyScanCompletions(db.pool, items.map((item) => completed(item.payload.websiteId, item.payload.scanTime, item.payload.result)));
    projector = await stateProjection.startStateProjector({
      kafka, pool: db.pool, publisher, log: silentLogger(), now: () => now,
      topics: { completed: topics.completed, log: topics.log, delta: topics.delta },
      groupIds: { completed: `g-${randomUUID()}`, logs: `g-${randomUUID()}` },
    });

    // Every changed site announced: the flush that announced the last ones read the final figures.
    await waitFor('every projected site on the socket', () => ids.every((id) => changed.has(id)), Boolean, { timeoutMs: 60_000 });
    const expected = { totalWebsites: 20, mcpEnabled: 4, capabilityRate: 100, totalTools: 14, totalResources: 4, totalPrompts: 4, reachableNow: 20, unreachable: 0 };
    expect(metrics.at(-1)?.metrics).toEqual(expected);
    expect(await readMetrics(db.pool)).toEqual(expected);
    expect(progress.at(-1)?.progress).toEqual({ totalWebsites: 20, mcpEnabledCount: 4, scannedToday: 20, lastScanTime: now.toISOString() });
  }, 120_000);
});
