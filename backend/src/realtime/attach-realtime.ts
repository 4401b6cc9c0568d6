import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import os from 'node:os';
import { REALTIME_NAMESPACES, SOCKET_IO_PATH, TOPICS, type AdminStatus, type LiveDashboardState } from '@mcp-census/schemas';
import { runEventConsumer, type EventConsumerOptions, type RunningConsumer } from '@mcp-census/streams';
import { Server } from 'socket.io';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { setUpAdminNamespace, type AdminNamespace, type AdminSessionVerifier } from './admin-namespace';
import type { ScanStateFeed } from '../services/scan-state-feed';
import { setUpLiveNamespace } from './live-namespace';
import type { LiveChangesSource } from '../services/changes-feed-live';
import { trackNamespaceSockets } from '../observability/socket-metrics';

export interface RealtimeOptions {
  httpServer: HttpServer;
  kafka: EventConsumerOptions<'dashboard.delta'>['kafka'];
  /** Consumer groups are `${prefix}-live|admin-log-${hostname}-${random}`: one per replica and start. */
  groupIdPrefix: string;
  /** Verifies the admin session cookie of a `/admin` handshake (the SessionStore does). */
  sessions: AdminSessionVerifier;
  readAdminStatus: () => Promise<AdminStatus>;
  /** The figures and scan progress `/live` pushes, read once per coalesced flush of deltas. */
  readDashboardState: () => Promise<LiveDashboardState>;
  /** The scanner state: `/live` pushes it as `scan-state` when it changes; `/admin` pushes its status then too. */
  scanState?: Pick<ScanStateFeed, 'read' | 'subscribe'>;
  log: Logger;
  /** Topic overrides for tests; default TOPICS.dashboardDelta and TOPICS.scanLog. */
  topics?: { dashboardDelta: string; scanLog: string };
  /** Public origins (e.g. PUBLIC_URL) allowed to open `/admin` besides the request's own host. */
  allowedOrigins?: readonly string[];
  /** Test hooks; defaults are the product's 250 ms and 5 s. */
  coalesceMs?: number;
  statusIntervalMs?: number;
  scanStateIntervalMs?: number;
  /** New changes-feed entries, pushed to `/live` as `changes` after each flush of deltas. */
  changes?: LiveChangesSource;
}

export interface RunningRealtime {
  close(): Promise<void>;
}

/** Clients only send tiny control messages; anything bigger is refused by the transport. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * A consumer group of this replica's own: every api replica must see every
 * delta (fan-out through Kafka). New groups start at the end of the topic:
 * a live view only needs what happens from now on.
 */
function replicaGroupId(prefix: string, purpose: string): string {
  const host = os.hostname().replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60);
  return `${prefix}-${purpose}-${host}-${randomBytes(4).toString('hex')}`;
}

/**
 * Socket.IO on the API's HTTP server (path /socket.io): `/live` pushes
 * coalesced, seq-numbered dashboard deltas to anyone; `/admin` pushes status
 * and the live scan log to authenticated admins. No CORS headers are sent, so
 * browsers use it from our own pages only; `/admin` also checks Origin.
 */
export async function attachRealtime(opts: RealtimeOptions): Promise<RunningRealtime> {
  const { log } = opts;
  const topics = opts.topics ?? { dashboardDelta: TOPICS.dashboardDelta, scanLog: TOPICS.scanLog };
  let closed = false;
  const io = new Server(opts.httpServer, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    // Refuses new transports once closing; the HTTP server itself belongs to the caller.
    allowRequest: (_req, accept) => accept(closed ? 'Server shutting down' : null, !closed),
  });
  io.engine.on('connection_error', (err: { code: number; message: string }) => log.debug(`socket.io connection refused: ${err.code} ${err.message}`));
  // Only the two named namespaces are served.
  io.of('/').use((_socket, next) => next(new Error(`Connect to ${REALTIME_NAMESPACES.live} or ${REALTIME_NAMESPACES.admin}`)));

  const admin = setUpAdminNamespace(io.of(REALTIME_NAMESPACES.admin) as unknown as AdminNamespace, {
    sessions: opts.sessions,
    readAdminStatus: opts.readAdminStatus,
    log,
    ...(opts.allowedOrigins ? { allowedOrigins: opts.allowedOrigins } : {}),
    ...(opts.statusIntervalMs !== undefined ? { statusIntervalMs: opts.statusIntervalMs } : {}),
  });
  const live = setUpLiveNamespace(io.of(REALTIME_NAMESPACES.live), {
    serverId: randomBytes(6).toString('hex'),
    log,
    readDashboardState: opts.readDashboardState,
    ...(opts.coalesceMs !== undefined ? { coalesceMs: opts.coalesceMs } : {}),
    ...(opts.scanState ? { scanState: opts.scanState, onScanStateChange: () => admin.pushStatus() } : {}),
    ...(opts.scanStateIntervalMs !== undefined ? { scanStateIntervalMs: opts.scanStateIntervalMs } : {}),
    ...(opts.changes ? { changes: opts.changes } : {}),
  });
  // A change made by this process reaches admins at once, even with no `/live` socket open.
  const stopAdminFollow = opts.scanState?.subscribe(() => admin.pushStatus());
  const untrackSockets = [REALTIME_NAMESPACES.live, REALTIME_NAMESPACES.admin].map((name) => trackNamespaceSockets(name, io.of(name)));

  const consumers: RunningConsumer[] = [];
  const close = async () => {
    if (closed) return;
    closed = true;
    // Sockets and timers first (instant); consumers may take a fetch wait to leave their groups.
    stopAdminFollow?.();
    for (const untrack of untrackSockets) untrack();
    live.close();
    admin.close();
    for (const nsp of [io.of(REALTIME_NAMESPACES.live), io.of(REALTIME_NAMESPACES.admin)]) nsp.disconnectSockets(true);
    io.engine.close();
    await Promise.allSettled(consumers.map((c) => c.stop()));
  };

  try {
    consumers.push(
      await runEventConsumer({
        kafka: opts.kafka,
        groupId: replicaGroupId(opts.groupIdPrefix, 'live'),
        metricsGroup: `${opts.groupIdPrefix}-live`,
        topic: topics.dashboardDelta,
        dlqTopic: `${topics.dashboardDelta}.dlq`,
        type: 'dashboard.delta',
        fromBeginning: false,
        handle: async (events) => {
          for (const event of events) live.publish(event.payload);
        },
        log,
      }),
    );
    consumers.push(
      await runEventConsumer({
        kafka: opts.kafka,
        groupId: replicaGroupId(opts.groupIdPrefix, 'admin-log'),
        metricsGroup: `${opts.groupIdPrefix}-admin-log`,
        topic: topics.scanLog,
        dlqTopic: `${topics.scanLog}.dlq`,
        type: 'scan.log',
        fromBeginning: false,
        handle: async (events) => admin.publishLogLines(events.map((e) => e.payload)),
        log,
      }),
    );
  } catch (err) {
    await close();
    throw err;
  }
  log.info(`realtime: Socket.IO at ${SOCKET_IO_PATH} (${REALTIME_NAMESPACES.live}, ${REALTIME_NAMESPACES.admin})`);
  return { close };
}
