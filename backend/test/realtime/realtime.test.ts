import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import {
  adminStatusSchema,
  liveHelloSchema,
  liveMetricsEventSchema,
  liveProgressEventSchema,
  liveWebsitesChangedEventSchema,
  type AdminScanLogLine,
  type AdminStatus,
  type ScanLogPayload,
} from '@mcp-census/schemas';
import { createEventPublisher, createKafka, ensureTopics, type EventPublisher } from '@mcp-census/streams';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { SESSION_COOKIE_NAME } from '../../src/auth/session-cookie';
import { createSessionStore, type SessionStore } from '../../src/auth/session-store';
import { attachRealtime, type RunningRealtime } from '../../src/realtime/attach-realtime';
import { captureLog } from '../auth/helpers';
import { adminStatusFixture, client, connected, dashboardState, deltaPayload, emitWithAck, produceUntil, refusal, within } from './realtime-helpers';
import { waitFor } from '../../../test/support/wait-for';

const STATUS_INTERVAL_MS = 200;
const id = randomBytes(4).toString('hex');
const topics = { dashboardDelta: `realtime-test.${id}.delta`, scanLog: `realtime-test.${id}.log` };
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'realtime-test' });
const captured = captureLog();
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sessions: SessionStore;
let publisher: EventPublisher;
let httpServer: Server;
let realtime: RunningRealtime;
let base: string;
let statusReads = 0;
let readStatus: () => Promise<AdminStatus> = async () => adminStatusFixture;
/** What the API's dashboard read answers: the tests set it as a projection commit would change it. */
let liveState = dashboardState(0);
const sockets: Socket[] = [];

const track = (socket: Socket) => (sockets.push(socket), socket);
const adminCookie = async () => `${SESSION_COOKIE_NAME}=${(await sessions.create('admin')).token}`;
const publishDeltas = (payloads: ReturnType<typeof deltaPayload>[]) =>
  publisher.publish(topics.dashboardDelta, 'dashboard.delta', payloads.map((payload) => ({ key: 'dashboard', payload })));
const logLine = (message: string): ScanLogPayload => ({ timestamp: new Date().toISOString(), level: 'info', message, details: 'd' });

beforeAll(async () => {
  db = await createTestDatabase('realtime');
  sessions = createSessionStore({ pool: db.pool, ttlMs: 3_600_000 });
  // One partition each, so a burst produced in one send reaches the consumer as one batch.
  await ensureTopics(kafka, [topics.dashboardDelta, `${topics.dashboardDelta}.dlq`, topics.scanLog, `${topics.scanLog}.dlq`], 1);
  publisher = await createEventPublisher(kafka, 'realtime-test');
  httpServer = createServer((_req, res) => {
    res.statusCode = 404;
    res.end('not here');
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  realtime = await attachRealtime({
    httpServer,
    kafka,
    groupIdPrefix: 'realtime-test',
    sessions,
    readDashboardState: () => Promise.resolve(liveState),
    readAdminStatus: () => {
      statusReads += 1;
      return readStatus();
    },
    log: captured.log,
    topics,
    statusIntervalMs: STATUS_INTERVAL_MS,
  });
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await realtime?.close();
  await publisher?.disconnect();
  await new Promise((r) => httpServer?.close(r));
  await db?.drop();
});

describe('/admin namespace', () => {
  it('refuses sockets without a valid session, and from other origins', async () => {
    expect(await refusal(client(base, '/admin'))).toBe('Authentication required');
    expect(await refusal(client(base, '/admin', { cookie: `${SESSION_COOKIE_NAME}=${'A'.repeat(43)}` }))).toBe('Authentication required');
    const loggedOut = (await sessions.create('admin')).token;
    await sessions.revoke(loggedOut);
    expect(await refusal(client(base, '/admin', { cookie: `${SESSION_COOKIE_NAME}=${loggedOut}` }))).toBe('Authentication required');
    const expired = createSessionStore({ pool: db.pool, ttlMs: 1_000, now: () => new Date(Date.now() - 60_000) });
    expect(await refusal(client(base, '/admin', { cookie: `${SESSION_COOKIE_NAME}=${(await expired.create('admin')).token}` }))).toBe('Authentication required');
    const cookie = await adminCookie();
    expect(await refusal(client(base, '/admin', { cookie, origin: 'http://evil.example' }))).toBe('Cross-origin connections are not allowed');
    expect(await refusal(client(base, '/', { cookie }))).toMatch(/Connect to \/live or \/admin/);
    expect(await refusal(client(base, '/other', { cookie }))).toBe('Invalid namespace');
  });

  it('accepts an admin session (also over HTTP long-polling from its own origin) and pushes status on connect and every interval', async () => {
    const cookie = await adminCookie();
    const statuses: AdminStatus[] = [];
    const socket = track(client(base, '/admin', { cookie, origin: base }, ['polling']));
    socket.on('status', (s: AdminStatus) => statuses.push(s));
    await connected(socket);
    await waitFor('three status pushes', () => statuses.length >= 3, Boolean, { timeoutMs: 5_000, intervalMs: 20 });
    expect(adminStatusSchema.parse(statuses[0])).toEqual(adminStatusFixture);
    socket.close();
  });

  it('reads the status once per tick for all admins, and stops the timer when the last one leaves', async () => {
    const cookie = await adminCookie();
    const received = [0, 0, 0];
    const admins = received.map((_, i) => {
      const s = track(client(base, '/admin', { cookie }));
      s.on('status', () => (received[i] = (received[i] ?? 0) + 1));
      return s;
    });
    await Promise.all(admins.map(connected));
    const readsBefore = statusReads;
    await waitFor('five statuses on each socket', () => received.every((n) => n >= 5), Boolean, { timeoutMs: 5_000, intervalMs: 20 });
    const reads = statusReads - readsBefore;
    const total = received.reduce((a, b) => a + b, 0);
    expect(reads).toBeLessThan(total / 2);
    for (const s of admins) s.close();
    await new Promise((r) => setTimeout(r, STATUS_INTERVAL_MS));
    const idleReads = statusReads;
    await new Promise((r) => setTimeout(r, STATUS_INTERVAL_MS * 4));
    expect(statusReads).toBe(idleReads);
  });

  it('disconnects a socket at the next tick once its session is logged out', async () => {
    const { token } = await sessions.create('admin');
    const socket = track(client(base, '/admin', { cookie: `${SESSION_COOKIE_NAME}=${token}` }));
    await connected(socket);
    const reason = new Promise((resolve) => socket.once('disconnect', resolve));
    await sessions.revoke(token);
    await expect(within(reason, 3_000, 'the disconnect')).resolves.toBe('io server disconnect');
  });

  it('answers refresh-status with the status, and with an error when it cannot be read; an invalid status is never emitted', async () => {
    const socket = track(client(base, '/admin', { cookie: await adminCookie() }));
    await connected(socket);
    expect(await emitWithAck(socket, 'refresh-status')).toEqual({ ok: true, status: adminStatusFixture });
    const emitted: unknown[] = [];
    socket.on('status', (s) => emitted.push(s));
    readStatus = async () => {
      throw new Error('database down');
    };
    expect(await emitWithAck(socket, 'refresh-status')).toEqual({ ok: false, error: 'Status unavailable' });
    readStatus = async () => ({ ...adminStatusFixture, systemStatus: { uptime: -1 } }) as unknown as AdminStatus;
    expect(await emitWithAck(socket, 'refresh-status')).toEqual({ ok: false, error: 'Status unavailable' });
    await new Promise((r) => setTimeout(r, STATUS_INTERVAL_MS * 3));
    expect(emitted).toEqual([]);
    expect(captured.messages('error').filter((m) => m.includes('not emitting status'))).toHaveLength(1);
    readStatus = async () => adminStatusFixture;
    await waitFor('status after recovery', () => emitted.length > 0, Boolean, { timeoutMs: 5_000, intervalMs: 20 });
    socket.close();
  });

  it('streams new scan log lines to admins subscribed with subscribe-logs, only to them', async () => {
    const cookie = await adminCookie();
    const subscriber = track(client(base, '/admin', { cookie }));
    const bystander = track(client(base, '/admin', { cookie }));
    const got: AdminScanLogLine[] = [];
    const bystanderGot: AdminScanLogLine[] = [];
    subscriber.on('scan-log', (l: AdminScanLogLine) => got.push(l));
    bystander.on('scan-log', (l: AdminScanLogLine) => bystanderGot.push(l));
    await Promise.all([connected(subscriber), connected(bystander)]);
    expect(await emitWithAck(subscriber, 'subscribe-logs', { enabled: true })).toEqual({ ok: true });
    await produceUntil(() => publisher.publish(topics.scanLog, 'scan.log', [{ key: 'k', payload: logLine('warm-up') }]), () => got.length > 0, 'the scan log consumer');
    await publisher.publish(topics.scanLog, 'scan.log', [{ key: 'k', payload: logLine('MCP found on b.example') }]);
    await waitFor('the new log line', () => got.some((l) => l.message === 'MCP found on b.example'), Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    expect(got.at(-1)).toMatchObject({ level: 'info', message: 'MCP found on b.example', details: 'd' });
    expect(bystanderGot).toEqual([]);

    expect(await emitWithAck(subscriber, 'subscribe-logs', { enabled: false })).toEqual({ ok: true });
    const count = got.length;
    await publisher.publish(topics.scanLog, 'scan.log', [{ key: 'k', payload: logLine('after unsubscribe') }]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(got.length).toBe(count);
  });
});

describe('/live namespace', () => {
  it('says hello, then delivers a burst of deltas from the topic coalesced and numbered without gaps', async () => {
    const events: { name: string; payload: unknown }[] = [];
    const socket = track(client(base, '/live', {}, ['polling', 'websocket']));
    socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
    await connected(socket);
    await waitFor('hello', () => events.length > 0, Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    const hello = liveHelloSchema.parse(events[0]?.payload);
    expect(events[0]?.name).toBe('hello');

    liveState = dashboardState(1);
    await produceUntil(() => publishDeltas([deltaPayload([1])]), () => events.some((e) => e.name === 'metrics'), 'the delta consumer');
    const warmUp = events.length;
    const burst = Array.from({ length: 40 }, (_, i) => deltaPayload([10_000 + i, 20_000 + i], new Date(Date.now() + i)));
    // the figures after the burst's commits, read when the coalesced deltas are pushed
    const afterBurst = dashboardState(139, new Date(Date.now() + 39));
    liveState = afterBurst;
    await publishDeltas(burst);
    await waitFor('the newest metrics', () => events.some((e) => e.name === 'metrics' && liveMetricsEventSchema.parse(e.payload).metrics.totalWebsites === 139), Boolean, { timeoutMs: 20_000, intervalMs: 20 });
    await new Promise((r) => setTimeout(r, 600)); // anything still coalescing

    // A push is its metrics, progress and websites-changed events, in that order. The warm-up's
    // push can still arrive after `warmUp` was counted: the rest of the push whose metrics passed
    // the check, or a second push when produceUntil published the warm-up delta twice. Its ids
    // are the warm-up's alone, so the burst's pushes are those that name a burst id.
    const pushes: { name: string; payload: unknown }[][] = [[]];
    for (const e of events.slice(warmUp)) {
      pushes.at(-1)?.push(e);
      if (e.name === 'websites-changed') pushes.push([]);
    }
    const changedOf = (push: { name: string; payload: unknown }[]) =>
      push.filter((e) => e.name === 'websites-changed').map((e) => liveWebsitesChangedEventSchema.parse(e.payload));
    const burstIds = new Set(burst.flatMap((d) => d.changedWebsiteIds));
    const burstPushes = pushes.filter((push) => changedOf(push).some((c) => c.ids.some((i) => burstIds.has(i))));
    for (const push of pushes.filter((p) => !burstPushes.includes(p))) {
      for (const c of changedOf(push)) expect(c.ids).toEqual([1]);
    }
    expect(burstPushes.length).toBeGreaterThan(0);
    expect(burstPushes.length).toBeLessThanOrEqual(3);
    const ids = burstPushes.flatMap((push) => changedOf(push).flatMap((c) => c.ids)).filter((i) => i !== 1).sort((a, b) => a - b);
    expect(ids).toEqual([...burst.map((d) => d.changedWebsiteIds[0]), ...burst.map((d) => d.changedWebsiteIds[1])]);
    const burstEvents = burstPushes.flat();
    const metrics = burstEvents.filter((e) => e.name === 'metrics').map((e) => liveMetricsEventSchema.parse(e.payload));
    expect(metrics.length).toBeLessThanOrEqual(3);
    expect(metrics.at(-1)?.metrics).toEqual(afterBurst.metrics);
    const progress = burstEvents.filter((e) => e.name === 'progress').map((e) => liveProgressEventSchema.parse(e.payload));
    expect(progress.at(-1)?.progress).toEqual({ totalWebsites: 139, mcpEnabledCount: 3, scannedToday: 5, lastScanTime: afterBurst.progress.lastScanTime });

    // One server-wide sequence across all kinds: hello.seq + 1, + 2, ...
    // Every /live event carries the seq of hello's schema.
    const seqOf = (payload: unknown): number => liveHelloSchema.pick({ seq: true }).parse(payload).seq;
    expect(events.slice(1).map((e) => seqOf(e.payload))).toEqual(events.slice(1).map((_, i) => hello.seq + 1 + i));
    const late = track(client(base, '/live'));
    const lateHello = new Promise((resolve) => late.once('hello', resolve));
    await connected(late);
    expect(await within(lateHello, 5_000, 'hello')).toEqual({ seq: seqOf(events.at(-1)?.payload), serverId: hello.serverId });
    socket.close();
    late.close();
  });
});

describe('robustness', () => {
  it('survives bad client payloads, malformed packets, oversized messages and invalid events on the topic', async () => {
    const admin = track(client(base, '/admin', { cookie: await adminCookie() }));
    await connected(admin);
    for (const bad of ['garbage', 42, null, [], { enabled: 'yes' }, { enabled: true, extra: 1 }]) {
      expect(await emitWithAck(admin, 'subscribe-logs', bad)).toEqual({ ok: false, error: 'Invalid subscribe-logs payload' });
    }
    admin.emit('subscribe-logs'); // no payload, no ack
    admin.emit('subscribe-logs', { enabled: true }, 'not-a-function');
    admin.emit('refresh-status', { unexpected: true }, 42);
    admin.emit('no-such-event', { a: 1 });
    expect(admin.connected).toBe(true);

    const live = track(client(base, '/live'));
    await connected(live);
    live.emit('subscribe-logs', { enabled: true });
    live.emit('hello', 'x'.repeat(1_000));
    const oversized = track(client(base, '/live'));
    await connected(oversized);
    const dropped = new Promise((resolve) => oversized.once('disconnect', resolve));
    oversized.emit('anything', 'x'.repeat(64 * 1024));
    await expect(within(dropped, 5_000, 'the oversized client to be dropped')).resolves.toBe('transport close');

    // Raw engine.io long-polling with a broken Socket.IO packet and a broken engine packet.
    const open = await (await fetch(`${base}/socket.io/?EIO=4&transport=polling`)).text();
    const sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
    const post = (body: string) => fetch(`${base}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    await post('40/admin,{"token":1}\u001e42/admin,["subscribe-logs",{"enabled":tr');
    await post('\u0000\u0001not an engine.io packet');

    // An invalid event on the delta topic goes to its DLQ; later valid deltas still arrive.
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: topics.dashboardDelta, messages: [{ value: '{"not":"an envelope"}' }, { value: 'not json' }] });
    await producer.disconnect();
    const seen: number[] = [];
    live.on('websites-changed', (e: { ids: number[] }) => seen.push(...e.ids));
    await produceUntil(() => publishDeltas([deltaPayload([777])]), () => seen.includes(777), 'a delta after invalid ones', 20_000);
    await waitFor('the DLQ log line', () => captured.entries.some((e) => e.level === 'warn' && e.dlqTopic === `${topics.dashboardDelta}.dlq`), Boolean, { timeoutMs: 20_000, intervalMs: 20 });

    expect(admin.connected).toBe(true);
    expect(live.connected).toBe(true);
    expect(await emitWithAck(admin, 'refresh-status')).toMatchObject({ ok: true });
  });

  it('close() stops consumers, timers and sockets but leaves the HTTP server to its owner', async () => {
    const socket = track(client(base, '/live'));
    await connected(socket);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    await realtime.close();
    await expect(within(gone, 10_000, 'the disconnect')).resolves.toBe('io server disconnect');
    expect(await refusal(client(base, '/live'))).not.toBe('connected');
    const res = await fetch(`${base}/anything`);
    expect(res.status).toBe(404);
    await realtime.close(); // idempotent
  });
});
