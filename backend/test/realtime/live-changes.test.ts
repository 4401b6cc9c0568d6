import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { liveChangesEventSchema, liveHelloSchema, type LiveChangesEvent, type LiveHello } from '@mcp-census/schemas';
import { createEventPublisher, createKafka, ensureTopics, stateProjection, type EventPublisher } from '@mcp-census/streams';
import { silentLogger } from '@mcp-census/streams/platform/logger';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, testTopics } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { addSites, mcpResult, noMcpResult } from '../../../streams/test/projector-state/helpers';
import { createSessionStore } from '../../src/auth/session-store';
import { readDashboardState } from '../../src/queries/dashboard-state';
import { attachRealtime, type RunningRealtime } from '../../src/realtime/attach-realtime';
import { liveChangesSource } from '../../src/services/changes-feed-live';
import { adminStatusFixture, client, connected, produceUntil } from './realtime-helpers';

// The whole path of a change: the state projector commits it with the state and
// publishes dashboard.delta; the API reads what is new and pushes `changes` to /live.
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'live-changes-test' });
const topics = { ...testTopics('live-changes-test'), delta: `live-changes-test.${randomUUID().slice(0, 8)}.delta` };
const now = new Date('2026-05-01T10:00:00Z');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let publisher: EventPublisher;
let projector: stateProjection.RunningStateProjector | undefined;
let httpServer: Server;
let realtime: RunningRealtime;
let socket: Socket | undefined;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase('live_changes');
  await ensureTopics(kafka, [topics.completed, `${topics.completed}.dlq`, topics.log, `${topics.log}.dlq`, topics.delta, `${topics.delta}.dlq`], 2);
  publisher = await createEventPublisher(kafka, 'live-changes-test');
  httpServer = createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  realtime = await attachRealtime({
    httpServer,
    kafka,
    groupIdPrefix: 'live-changes-test',
    sessions: createSessionStore({ pool: db.pool, ttlMs: 3_600_000 }),
    readAdminStatus: () => Promise.resolve(adminStatusFixture),
    readDashboardState: () => readDashboardState(db.pool, now),
    changes: liveChangesSource(db.pool),
    log: silentLogger(),
    topics: { dashboardDelta: topics.delta, scanLog: topics.log },
    coalesceMs: 50,
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

describe('changes on /live', () => {
  it('pushes the adoptions a projection committed, numbered from hello.changesSeq', async () => {
    const ids = await addSites(db.pool, 6);
    const hellos: LiveHello[] = [];
    const events: LiveChangesEvent[] = [];
    let flushes = 0;
    socket = client(base, '/live');
    socket.on('hello', (e: unknown) => hellos.push(liveHelloSchema.parse(e)));
    socket.on('changes', (e: unknown) => events.push(liveChangesEventSchema.parse(e)));
    socket.on('metrics', () => (flushes += 1));
    await connected(socket);
    const warmUp = () => publisher.publish(topics.delta, 'dashboard.delta', [{ key: 'dashboard', payload: { changedWebsiteIds: [], truncated: false, occurredAt: now.toISOString() } }]);
    await produceUntil(warmUp, () => flushes > 0, 'the delta consumer');
    expect(events).toEqual([]);

    const mcpSites = ids.slice(0, 3);
    const items = ids.map((id, i) => ({
      key: String(id),
      payload: { websiteId: id, url: `https://site${id}.example`, batchId: null, scanTime: new Date(now.getTime() - i * 1000).toISOString(), result: i < 3 ? mcpResult(2) : noMcpResult() },
    }));
    await publisher.publish(topics.completed, 'scan.completed', items);
    projector = await stateProjection.startStateProjector({
      kafka, pool: db.pool, publisher, log: silentLogger(), now: () => now,
      topics: { completed: topics.completed, log: topics.log, delta: topics.delta },
      groupIds: { completed: `g-${randomUUID()}`, logs: `g-${randomUUID()}` },
    });

    const adopted = () => new Set(events.flatMap((e) => e.changes).filter((c) => c.kind === 'adopted').map((c) => c.website.id));
    await waitFor('every adoption on the socket', () => mcpSites.every((id) => adopted().has(id)), Boolean, { timeoutMs: 60_000 });
    const pushed = events.flatMap((e) => e.changes);
    // each change once, none for the sites without MCP, each linking to its site page
    expect(new Set(pushed.map((c) => c.id)).size).toBe(pushed.length);
    expect(pushed.filter((c) => c.kind === 'adopted').map((c) => c.website.id).sort()).toEqual([...mcpSites].sort());
    for (const c of pushed) expect(c.link).toBe(`/website/${c.website.id}`);
    expect(events.map((e) => e.changesSeq)).toEqual(events.map((_, i) => (hellos[0]?.changesSeq ?? -1) + 1 + i));
    expect(events.every((e) => !e.truncated)).toBe(true);
  }, 120_000);
});
