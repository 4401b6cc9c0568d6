import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { adminStatusSchema, liveScanStateEventSchema, type AdminStatus, type LiveScanStateEvent, type ScanActivity } from '@mcp-census/schemas';
import { createKafka, ensureTopics, setScanningPaused } from '@mcp-census/streams';
import type { Middleware } from 'koa';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { holdsFor, waitFor } from '../../../test/support/wait-for';
import { SESSION_COOKIE_NAME } from '../../src/auth/session-cookie';
import { createSessionStore, type SessionStore } from '../../src/auth/session-store';
import { createApp } from '../../src/http/app';
import { adminRoutes } from '../../src/http/routes/admin-routes';
import { readScanActivity } from '../../src/queries/scan-state';
import { attachRealtime, type RunningRealtime } from '../../src/realtime/attach-realtime';
import { createScanStateFeed } from '../../src/services/scan-state-feed';
import { captureLog } from '../auth/helpers';
import { adminStatusFixture, client, connected, dashboardState } from './realtime-helpers';

/**
 * The scanner state over the sockets, wired as the api role wires it: Pause and
 * Resume through the admin routes tell the feed, `/live` reads it on an interval.
 * The interval is long here unless a test says otherwise, so a prompt push can only
 * come from the in-process signal.
 */
const id = randomBytes(4).toString('hex');
const topics = { dashboardDelta: `scan-state-push.${id}.delta`, scanLog: `scan-state-push.${id}.log` };
const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'scan-state-push-test' });
const captured = captureLog();
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sessions: SessionStore;
let reads = 0;
const sockets: Socket[] = [];
const servers: { http: Server; realtime: RunningRealtime; base: string }[] = [];

const track = (socket: Socket) => (sockets.push(socket), socket);
const readState = (): Promise<ScanActivity> => {
  reads += 1;
  return readScanActivity(db.pool, { now: new Date(), requestTimeoutMs: 600_000 });
};

/** An API server: the admin routes and Socket.IO on one HTTP server, sharing one scanner-state feed. */
async function startApi(scanStateIntervalMs: number): Promise<string> {
  const feed = createScanStateFeed(readState);
  const readStatus = async (): Promise<AdminStatus> => ({ ...adminStatusFixture, scanProgress: { ...adminStatusFixture.scanProgress, ...(await feed.read()) } });
  // The session check is not under test here (auth tests cover it).
  const passAdmin: Middleware = (_ctx, next) => next();
  const app = createApp({
    frontendDir: undefined,
    routers: [adminRoutes({ pool: db.pool, requireAdmin: passAdmin, readStatus, scanState: feed })],
    checkHealth: () => Promise.reject(new Error('unused')),
    onUnexpectedError: (err) => console.error(err),
  });
  const handle = app.callback();
  const http = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const realtime = await attachRealtime({
    httpServer: http,
    kafka,
    groupIdPrefix: 'scan-state-push-test',
    sessions,
    readAdminStatus: readStatus,
    readDashboardState: () => Promise.resolve(dashboardState(0)),
    scanState: feed,
    log: captured.log,
    topics,
    statusIntervalMs: 60_000,
    scanStateIntervalMs,
  });
  servers.push({ http, realtime, base });
  return base;
}

/** Collects a socket's `scan-state` events, parsed against the contract. */
function scanStates(socket: Socket): LiveScanStateEvent[] {
  const events: LiveScanStateEvent[] = [];
  socket.on('scan-state', (raw: unknown) => events.push(liveScanStateEventSchema.parse(raw)));
  return events;
}

const post = (base: string, path: string) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

let slowBase: string;
let fastBase: string;

beforeAll(async () => {
  db = await createTestDatabase('scan_state_push');
  sessions = createSessionStore({ pool: db.pool, ttlMs: 3_600_000 });
  await ensureTopics(kafka, [topics.dashboardDelta, `${topics.dashboardDelta}.dlq`, topics.scanLog, `${topics.scanLog}.dlq`], 1);
  slowBase = await startApi(60_000);
  fastBase = await startApi(100);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const s of servers) {
    await s.realtime.close();
    await new Promise((r) => s.http.close(r));
  }
  await db?.drop();
});

beforeEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await setScanningPaused(db.pool, false);
});

describe('the scan-state push on /live', () => {
  it('pushes Paused to every socket right after a Pause handled by this server, and Running-or-Idle after Resume', async () => {
    const a = track(client(slowBase, '/live'));
    const b = track(client(slowBase, '/live'));
    const [eventsA, eventsB] = [scanStates(a), scanStates(b)];
    let hello = -1;
    a.once('hello', (h: { seq: number }) => (hello = h.seq));
    await Promise.all([connected(a), connected(b)]);
    // The watch starts with the first socket and reports what it read.
    await waitFor('the first scanner state', () => eventsA.length, (n) => n >= 1, { timeoutMs: 5_000, intervalMs: 20 });
    expect(eventsA[0]?.scan).toMatchObject({ scanState: 'idle', scanningActive: false });
    expect(eventsA[0]?.seq).toBe(hello + 1);

    const sentAt = Date.now();
    expect((await post(slowBase, '/api/scan/pause')).status).toBe(200);
    await waitFor('Paused on both sockets', () => [eventsA.at(-1), eventsB.at(-1)], (last) => last.every((e) => e?.scan.scanState === 'paused'), { timeoutMs: 2_000, intervalMs: 20 });
    // Far sooner than the 60 s read interval: the pause itself triggered the push.
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    const paused = eventsA.at(-1);
    expect(paused?.seq).toBe((eventsA.at(-2)?.seq ?? 0) + 1);

    expect((await post(slowBase, '/api/scan/resume')).status).toBe(200);
    await waitFor('Idle again', () => eventsA.at(-1), (e) => e?.scan.scanState === 'idle', { timeoutMs: 2_000, intervalMs: 20 });
  });

  it('notices a change made by another process at its next read', async () => {
    const socket = track(client(fastBase, '/live'));
    const events = scanStates(socket);
    await connected(socket);
    // Another api replica or a direct write: no signal in this process, only the short read interval.
    await setScanningPaused(db.pool, true);
    await waitFor('Paused from the interval read', () => events.at(-1), (e) => e?.scan.scanState === 'paused', { timeoutMs: 2_000, intervalMs: 20 });
  });

  it('reads once per interval for all sockets, not per socket, and stops reading when the last socket leaves', async () => {
    const many = [0, 1, 2, 3].map(() => track(client(fastBase, '/live')));
    await Promise.all(many.map(connected));
    const before = reads;
    const startedAt = Date.now();
    await waitFor('a second of reads', () => Date.now() - startedAt >= 1_000, Boolean, { timeoutMs: 3_000, intervalMs: 50 });
    // About ten reads at 100 ms; four readers would make about forty.
    expect(reads - before).toBeLessThanOrEqual(15);
    for (const s of many) s.close();
    // No look yet: the first one only records, so "stopped" always compares two looks a second apart
    // (comparing at once passed before the server had even seen the sockets close).
    let settled = -1;
    await waitFor('reads to stop', async () => {
      const now = reads;
      const stopped = now === settled;
      settled = now;
      return stopped;
      // A second between looks: the server may take a moment to see the sockets close, and a read may be in flight.
    }, Boolean, { timeoutMs: 6_000, intervalMs: 1_000 });
    const idle = reads;
    await holdsFor('no reads without sockets', () => reads === idle, 600, 50);
  });
});

describe('the admin status', () => {
  it('is pushed with the new scanner state right after a Pause, not at the next 5 s tick', async () => {
    const cookie = `${SESSION_COOKIE_NAME}=${(await sessions.create('admin')).token}`;
    const admin = track(client(slowBase, '/admin', { cookie }));
    const statuses: AdminStatus[] = [];
    admin.on('status', (raw: unknown) => statuses.push(adminStatusSchema.parse(raw)));
    await connected(admin);
    await waitFor('the status on connect', () => statuses.length, (n) => n >= 1, { timeoutMs: 5_000, intervalMs: 20 });
    expect(statuses[0]?.scanProgress.scanState).toBe('idle');
    expect((await post(slowBase, '/api/scan/pause')).status).toBe(200);
    await waitFor('a status saying Paused', () => statuses.at(-1)?.scanProgress.scanState, (s) => s === 'paused', { timeoutMs: 2_000, intervalMs: 20 });
  });
});
