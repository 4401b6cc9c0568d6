import type pg from 'pg';
import type { AdminStatus, ScanProgressSnapshot } from '@mcp-census/schemas';
import { readRecentScans } from '../queries/recent-scans';
import { readScanHistory } from '../queries/scan-history';
import { readScanLogs } from '../queries/scan-logs';
import { readUnreachableEndpoints } from '../queries/unreachable-endpoints';
import type { ProcessStarts } from './process-starts';
import { readRegistrySyncStatus } from './registry/registry-sync-runs';
import { listSubscriptions } from './subscriptions';

/** Rows of each admin list (the panel shows the newest). */
const LIMITS = { logs: 200, history: 90, subscriptions: 200, recentScans: 50 } as const;

/** GET /api/admin/status and the /admin socket's `status`: one snapshot of the operator's view. */
export async function readAdminStatus(deps: {
  pool: pg.Pool;
  progress: () => Promise<ScanProgressSnapshot>;
  starts: ProcessStarts;
  /** Dead-lettered events per topic (cached DLQ offsets; never throws). */
  deadLetters: () => Promise<AdminStatus['deadLetters']>;
}): Promise<AdminStatus> {
  const [progress, logs, history, subscriptions, recent, deadLetters, unreachableEndpoints, registrySync] = await Promise.all([
    deps.progress(),
    readScanLogs(deps.pool, LIMITS.logs),
    readScanHistory(deps.pool, LIMITS.history),
    listSubscriptions(deps.pool, LIMITS.subscriptions),
    readRecentScans(deps.pool, LIMITS.recentScans),
    deps.deadLetters(),
    readUnreachableEndpoints(deps.pool),
    readRegistrySyncStatus(deps.pool),
  ]);
  return {
    systemStatus: {
      uptime: Math.floor(process.uptime()),
      memoryUsage: process.memoryUsage().rss,
      restartCount: deps.starts.restartCount,
      lastRestart: deps.starts.lastRestart,
    },
    scanProgress: {
      isScanning: progress.scanningActive,
      currentBatch: progress.currentBatch,
      totalWebsites: progress.totalWebsites,
      scannedWebsites: progress.scannedWebsites,
      mcpEnabled: progress.mcpEnabledCount,
      lastScanTime: progress.lastScanTime,
      errors: progress.errors,
      scanState: progress.scanState,
      batchesInFlight: progress.batchesInFlight,
      manualBatchesInFlight: progress.manualBatchesInFlight,
      schedulerActive: progress.schedulerActive,
    },
    scanControl: { canPause: !progress.paused, canResume: progress.paused, isScanning: progress.scanningActive },
    scanLogs: logs,
    scanHistory: history,
    subscriptions: subscriptions.map((s) => ({ id: s.id, email: s.email, frequency: s.frequency, isActive: s.isActive, createdAt: s.createdAt })),
    recentScans: recent,
    deadLetters,
    unreachableEndpoints,
    registrySync,
    ...(progress.scanner ? { scanner: progress.scanner } : {}),
  };
}
