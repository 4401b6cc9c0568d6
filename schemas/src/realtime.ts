import { z } from 'zod';
import { adminScanLogLineSchema, adminStatusSchema, type AdminScanLogLine, type AdminStatus } from './api/admin';
import { changeSchema } from './api/changes';
import { scanActivitySchema, scanProgressResponseSchema } from './api/scan';
import { dashboardMetricsSchema } from './dashboard-delta';

/** Socket.IO endpoint path and namespaces (served by the api role on its HTTP port). */
export const SOCKET_IO_PATH = '/socket.io';
export const REALTIME_NAMESPACES = { live: '/live', admin: '/admin' } as const;

/** At most this many website ids travel in one `websites-changed` event; more sets `truncated`. */
export const LIVE_MAX_WEBSITE_IDS = 500;

/**
 * Every `/live` event carries `seq`, numbered per server process and shared by
 * all event kinds, so a client sees hello.seq + 1, + 2, ... A gap, a reconnect
 * or a different `serverId` means: re-fetch the REST snapshot.
 */
const seq = z.number().int().nonnegative();

export const liveHelloSchema = z.object({
  /** The seq of the last event sent before this socket connected. */
  seq,
  /** Random per server process; seq numbers of different servers are unrelated. */
  serverId: z.string().min(1).max(64),
  /** The changesSeq of the last `changes` event sent before this socket connected. */
  changesSeq: seq.optional(),
});
export type LiveHello = z.infer<typeof liveHelloSchema>;

export const liveMetricsEventSchema = z.object({
  seq,
  metrics: dashboardMetricsSchema,
  occurredAt: z.iso.datetime({ offset: true }),
});
export type LiveMetricsEvent = z.infer<typeof liveMetricsEventSchema>;

/** The scan progress fields a projection commit changes; the scanner state travels in `scan-state`. */
export const liveProgressSchema = scanProgressResponseSchema.omit({
  scanningActive: true,
  scanState: true,
  batchesInFlight: true,
  manualBatchesInFlight: true,
  schedulerActive: true,
});
export const liveProgressEventSchema = z.object({
  seq,
  progress: liveProgressSchema,
  occurredAt: z.iso.datetime({ offset: true }),
});
export type LiveProgressEvent = z.infer<typeof liveProgressEventSchema>;

/**
 * What the API reads once per coalesced push of dashboard deltas: the figures
 * and the progress fields a projection commit changes (the `metrics` and
 * `progress` events are built from it).
 */
export const liveDashboardStateSchema = z.object({
  metrics: dashboardMetricsSchema,
  progress: liveProgressSchema.pick({ scannedToday: true, lastScanTime: true }),
});
export type LiveDashboardState = z.infer<typeof liveDashboardStateSchema>;

/**
 * The scanner state (api/scan.ts `scanActivitySchema`) with `scanningActive`, so it merges into the scan
 * progress snapshot as it is. The API reads it about once a second while `/live` has sockets and pushes it
 * when it changed, at once after a pause, resume or Refresh Data handled by the same process.
 */
export const liveScanStateSchema = scanActivitySchema.extend({ scanningActive: z.boolean() });
export const liveScanStateEventSchema = z.object({
  seq,
  scan: liveScanStateSchema,
  occurredAt: z.iso.datetime({ offset: true }),
});
export type LiveScanStateEvent = z.infer<typeof liveScanStateEventSchema>;

/** Websites whose latest scan changed; `truncated` means more changed than listed: reload the list. */
export const liveWebsitesChangedEventSchema = z.object({
  seq,
  ids: z.array(z.number().int().positive()).max(LIVE_MAX_WEBSITE_IDS),
  truncated: z.boolean(),
});
export type LiveWebsitesChangedEvent = z.infer<typeof liveWebsitesChangedEventSchema>;

/** At most this many changes travel in one `changes` event; more sets `truncated`. */
export const LIVE_MAX_CHANGES = 50;

/**
 * New entries of the changes feed (api/changes.ts), newest first, pushed after
 * the dashboard delta that committed them. Numbered by a counter of their own
 * (`changesSeq`, hello.changesSeq + 1, + 2, ...), so clients that do not follow
 * changes see no gap in `seq`. A gap in changesSeq, or `truncated`, means:
 * re-fetch GET /api/changes.
 */
export const liveChangesEventSchema = z.object({
  changesSeq: seq,
  changes: z.array(changeSchema).max(LIVE_MAX_CHANGES),
  truncated: z.boolean(),
});
export type LiveChangesEvent = z.infer<typeof liveChangesEventSchema>;

/** Payload schema of every server→client event on `/live`, checked before each emit. */
export const liveEventSchemas = {
  hello: liveHelloSchema,
  metrics: liveMetricsEventSchema,
  progress: liveProgressEventSchema,
  'websites-changed': liveWebsitesChangedEventSchema,
  'scan-state': liveScanStateEventSchema,
  changes: liveChangesEventSchema,
} as const;

export interface LiveServerToClientEvents {
  hello: (payload: LiveHello) => void;
  metrics: (payload: LiveMetricsEvent) => void;
  progress: (payload: LiveProgressEvent) => void;
  'websites-changed': (payload: LiveWebsitesChangedEvent) => void;
  'scan-state': (payload: LiveScanStateEvent) => void;
  changes: (payload: LiveChangesEvent) => void;
}
/** `/live` is read-only: anything a client sends there is ignored. */
export type LiveClientToServerEvents = Record<never, never>;

/** Acknowledgement of a client→server event: `{ ok: true, ... }` or `{ ok: false, error }`. */
export type RealtimeAck<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };

/** `/admin` client→server: opt this socket in or out of the live scan log stream. */
export const adminSubscribeLogsSchema = z.object({ enabled: z.boolean() }).strict();
export type AdminSubscribeLogs = z.infer<typeof adminSubscribeLogsSchema>;

/** Payload schema of every server→client event on `/admin`, checked before each emit. */
export const adminEventSchemas = {
  status: adminStatusSchema,
  'scan-log': adminScanLogLineSchema,
} as const;

export interface AdminServerToClientEvents {
  /** Pushed on connect and every 5 s while any admin is connected. */
  status: (payload: AdminStatus) => void;
  /** New scan log lines as they happen, to sockets subscribed with `subscribe-logs`. */
  'scan-log': (payload: AdminScanLogLine) => void;
}

export interface AdminClientToServerEvents {
  'subscribe-logs': (payload: AdminSubscribeLogs, ack?: (result: RealtimeAck) => void) => void;
  /** Asks for a fresh `status` now (after pause/resume); the ack carries it too. */
  'refresh-status': (ack?: (result: RealtimeAck<{ status: AdminStatus }>) => void) => void;
}
