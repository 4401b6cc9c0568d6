import type { AdminStatus, DashboardDeltaPayload, LiveDashboardState } from '@mcp-census/schemas';
import { io as connectClient, type Socket } from 'socket.io-client';

export const adminStatusFixture: AdminStatus = {
  systemStatus: { uptime: 12.5, memoryUsage: 50_000_000, restartCount: 0, lastRestart: '2026-05-01T09:00:00.000Z' },
  scanProgress: { isScanning: true, currentBatch: 3, totalWebsites: 100, scannedWebsites: 40, mcpEnabled: 7, lastScanTime: '2026-05-01T09:59:00.000Z', errors: 1 },
  scanControl: { canPause: true, canResume: false, isScanning: true },
  scanLogs: [{ timestamp: '2026-05-01T09:59:00.000Z', level: 'success', message: 'MCP found on a.example', details: null }],
  scanHistory: [{ id: 1, reportDate: '2026-04-30', totalWebsites: 100, mcpEnabledCount: 7, adoptionRate: 7, totalTools: 30 }],
  subscriptions: [{ id: 1, email: 'ops@example.com', frequency: 'weekly', isActive: true, createdAt: '2026-04-01T00:00:00.000Z' }],
  recentScans: [{ id: 9, websiteName: 'A', hasMcp: true, error: null, scanTime: '2026-05-01T09:59:00.000Z', responseTime: 120 }],
  deadLetters: [{ topic: 'scan.completed.v1', count: 2 }],
};

export function deltaPayload(ids: number[], at: Date = new Date()): DashboardDeltaPayload {
  return { changedWebsiteIds: ids, truncated: false, occurredAt: at.toISOString() };
}

/** Figures as the API's read of the dashboard state returns them (what `/live` pushes with a flush). */
export function dashboardState(totalWebsites: number, at: Date = new Date()): LiveDashboardState {
  return {
    metrics: { totalWebsites, mcpEnabled: 3, capabilityRate: 66.7, totalTools: 12, totalResources: 4, totalPrompts: 1 },
    progress: { scannedToday: 5, lastScanTime: at.toISOString() },
  };
}

/** A Socket.IO client on loopback that never reconnects by itself (tests control every connection). */
export function client(base: string, namespace: string, headers: Record<string, string> = {}, transports: ('polling' | 'websocket')[] = ['websocket']): Socket {
  return connectClient(`${base}${namespace}`, { path: '/socket.io', extraHeaders: headers, reconnection: false, forceNew: true, transports, timeout: 10_000 });
}

/** Resolves when connected; rejects with the server's refusal message. */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

export async function refusal(socket: Socket): Promise<string> {
  try {
    await connected(socket);
    return 'connected';
  } catch (err) {
    return (err as Error).message;
  } finally {
    socket.close();
  }
}

/** Repeats `produce` until `check` holds: a new consumer group starts at the end of the log once it has joined. */
export async function produceUntil(produce: () => Promise<unknown>, check: () => boolean, what: string, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await produce();
    const next = Date.now() + 500;
    while (!check() && Date.now() < next) await new Promise((r) => setTimeout(r, 25));
  }
}

export const emitWithAck = (socket: Socket, event: string, ...args: unknown[]): Promise<unknown> =>
  new Promise((resolve) => socket.emit(event, ...args, (answer: unknown) => resolve(answer)));

/** Fails after `ms` instead of hanging until the test timeout. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))]);
}
