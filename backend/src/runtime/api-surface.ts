import type { Server as HttpServer } from 'node:http';
import type Router from '@koa/router';
import type { ClickHouseClient } from '@clickhouse/client';
import type { Middleware } from 'koa';
import type pg from 'pg';
import { createKafka, createProber, DeadLetterCounter, type ProberOptions } from '@mcp-census/streams';
import { createAgentData } from '../agent/agent-data';
import { agentRoutes } from '../agent/agent-routes';
import { adminAuthRoutes, createSessionStore, requireAdmin, resolveAdminCredentials, resolveDeviceCookieSecret } from '../auth/index';
import type { AppConfig } from '../config/config';
import { adminOptOutRoutes } from '../http/routes/admin-opt-out-routes';
import { adminRoutes } from '../http/routes/admin-routes';
import { contributeRoutes } from '../http/routes/contribute-routes';
import { exportRoutes } from '../http/routes/export-route';
import { openDataRoutes } from '../http/routes/open-data-routes';
import { optOutRoutes } from '../http/routes/opt-out-route';
import { openApiRoutes } from '../http/routes/openapi-route';
import { publicDataRoutes } from '../http/routes/public-data-routes';
import { recentAdoptionsRoutes } from '../http/routes/recent-adoptions-route';
import { changesRoutes } from '../http/routes/changes-routes';
import { siteHistoryRoutes } from '../http/routes/site-history-routes';
import { unsubscribeRoutes } from '../http/routes/unsubscribe-route';
import { writeLimiter } from '../http/write-limits';
import { resolveUnsubscribeSecret } from '../jobs/unsubscribe-token';
import { readDashboardState } from '../queries/dashboard-state';
import { attachRealtime, type RunningRealtime } from '../realtime/attach-realtime';
import { readAdminStatus } from '../services/admin-status';
import { liveChangesSource } from '../services/changes-feed-live';
import { createOneUrlScanner } from '../services/one-url-scan';
import { dnsOptions } from './scanner-prober';
import { recordProcessStart } from '../services/process-starts';
import { createPublicData } from '../services/public-data';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { isHostOptedOut } from '../services/opt-out-check';
import type { ApiScanService } from './roles';
import type { FirstFigures } from '@mcp-census/schemas/first-figures';

export interface ApiSurface {
  routers: Router[];
  writeLimiter: Middleware;
  /** The Overview's first figures, inlined in its HTML: the same cached answer as GET /api/metrics. */
  firstFigures: () => Promise<FirstFigures>;
  /** Socket.IO (/live, /admin) on the listening HTTP server. */
  attachRealtime(server: HttpServer): Promise<void>;
  stop(): Promise<void>;
}

export interface ApiSurfaceOptions {
  config: AppConfig;
  pool: pg.Pool;
  clickhouse: ClickHouseClient;
  kafkaBrokers: string[];
  scanService: ApiScanService;
  log: Logger;
  startedAt: Date;
  /** Host → address map of the simulated web (demo and tests); never set in production. */
  resolveHost?: ProberOptions['resolveHost'];
}

/**
 * Everything the api role serves besides health and static files: the REST
 * calls of the spec, admin auth, the agent API and the MCP endpoint, and the
 * realtime namespaces.
 */
export async function createApiSurface(opts: ApiSurfaceOptions): Promise<ApiSurface> {
  const { config, pool, clickhouse, log } = opts;
  const publicUrl = config.publicUrl;
  // One-URL probes for visitors and agents: the same SSRF-safe prober as the scanner role.
  const prober = createProber({
    aboutUrl: `${publicUrl}/about`,
    allowPrivate: config.scan.allowPrivate,
    requestTimeoutMs: config.scan.requestTimeoutMs,
    siteDeadlineMs: config.scan.siteDeadlineMs,
    maxConcurrency: 16,
    dns: dnsOptions(config),
    ...(opts.resolveHost ? { resolveHost: opts.resolveHost } : {}),
  });
  const scanner = createOneUrlScanner(prober, undefined, (host) => isHostOptedOut(pool, host));
  const publicData = createPublicData({ pool, clickhouse });
  const [credentials, starts, unsubscribeSecret, deviceSecret] = await Promise.all([
    resolveAdminCredentials({ config, pool, log: log.child({ component: 'admin' }) }),
    recordProcessStart(pool, opts.startedAt),
    resolveUnsubscribeSecret(pool, config.unsubscribeSecret),
    resolveDeviceCookieSecret(pool),
  ]);
  const sessions = createSessionStore({ pool, ttlMs: config.admin.sessionTtlMs });
  // the admin status is polled every 5 s: DLQ offsets are read through one cached admin connection
  const deadLetters = new DeadLetterCounter(createKafka({ brokers: opts.kafkaBrokers, clientId: 'mcp-census-dlq-counts' }));
  const readStatus = () => readAdminStatus({ pool, progress: () => opts.scanService.progress(), starts, deadLetters: () => deadLetters.read() });
  const publicHost = new URL(publicUrl).host;
  const adminGate = requireAdmin(sessions);

  const routers = [
    publicDataRoutes(publicData),
    recentAdoptionsRoutes({ pool, clickhouse }),
    changesRoutes({ pool, publicUrl }),
    siteHistoryRoutes({ pool, clickhouse }),
    exportRoutes(publicData, publicUrl),
    openDataRoutes({ pool, clickhouse, onStreamError: (err) => log.warn({ err, component: 'open-data' }, 'open data download failed') }),
    contributeRoutes({ pool, scanner }),
    unsubscribeRoutes({ pool, unsubscribeSecret }),
    adminAuthRoutes({ credentials, sessions, log: log.child({ component: 'admin' }), deviceSecret }),
    adminRoutes({ pool, requireAdmin: adminGate, readStatus, scanState: opts.scanService.scanState }),
    optOutRoutes({ pool }),
    openApiRoutes(publicUrl),
    adminOptOutRoutes({ pool, requireAdmin: adminGate, onDecided: () => publicData.invalidate() }),
    agentRoutes({
      data: createAgentData({ pool, clickhouse, publicData, oneUrlScanner: scanner }),
      publicUrl,
      // loopback on any port: same-machine clients; anything else must be the public host
      allowedHosts: [publicHost, 'localhost', '127.0.0.1', '[::1]'],
      onMcpError: (err) => log.warn({ err, component: 'mcp' }, 'mcp request failed'),
    }),
  ];

  let realtime: RunningRealtime | undefined;
  return {
    routers,
    writeLimiter: writeLimiter(),
    firstFigures: async () => ({ metrics: await publicData.metrics() }),
    async attachRealtime(server) {
      const realtimeLog = log.child({ component: 'realtime' });
      realtime = await attachRealtime({
        httpServer: server,
        kafka: createKafka({ brokers: opts.kafkaBrokers, clientId: 'mcp-census-realtime', log: realtimeLog }),
        groupIdPrefix: 'mcp-census-api',
        sessions,
        readAdminStatus: readStatus,
        readDashboardState: () => readDashboardState(pool, new Date()),
        changes: liveChangesSource(pool),
        scanState: opts.scanService.scanState,
        log: realtimeLog,
        allowedOrigins: [publicUrl],
      });
    },
    async stop() {
      await realtime?.close();
      await prober.close();
      await deadLetters.close();
    },
  };
}
