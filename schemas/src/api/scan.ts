import { z } from 'zod';
import { scannerStateSchema } from './liveness';

const count = z.number().int().nonnegative();

/** POST /api/scan: start scanning a batch (the spec's batch size is 50). */
export const scanRequestBodySchema = z
  .object({ batchSize: z.number().int().min(1).max(500).default(50) })
  .strict();

export const scanRequestResponseSchema = z.object({
  status: z.enum(['queued', 'pending', 'nothing-due']),
  batchId: z.uuid().nullable(),
  siteCount: z.number().int().nonnegative(),
  message: z.string(),
});
export type ScanRequestResponse = z.infer<typeof scanRequestResponseSchema>;

/** POST /api/scan answers 409 with this `error` while an operator has paused scanning; the UI explains the disabled button with it too. */
export const SCAN_PAUSED_MESSAGE = 'Scanning is paused by an operator; Refresh Data is available again after Resume.';

/**
 * The scanner's state, computed in one place (backend/src/queries/scan-state.ts):
 * - `scanning`: a scan batch is in flight, manual (Refresh Data) or scheduled;
 * - `running`: scheduled scanning is on and waits for sites to fall due (a scheduler holds its lock);
 * - `paused`: an operator paused scanning; takes precedence (batches already requested still finish);
 * - `idle`: not paused, nothing in flight, and no scheduler running.
 */
export const SCAN_STATES = ['scanning', 'running', 'paused', 'idle'] as const;
export const scanStateSchema = z.enum(SCAN_STATES);
export type ScanState = z.infer<typeof scanStateSchema>;

/** The scanner state with what it rests on: the public progress, the admin status and the `/live` `scan-state` push carry it. */
export const scanActivitySchema = z.object({
  scanState: scanStateSchema,
  /** Scan batches requested and not complete yet (a batch open longer than the request timeout counts as lost). */
  batchesInFlight: count,
  /** Of `batchesInFlight`, those requested with Refresh Data; the rest are scheduled. */
  manualBatchesInFlight: count,
  /** A scheduler process holds the scheduling lock: scheduled scanning runs unless paused. */
  schedulerActive: z.boolean(),
});
export type ScanActivity = z.infer<typeof scanActivitySchema>;

/** GET /api/scan-progress: the spec's public scan progress. */
export const scanProgressResponseSchema = z.object({
  /** A scan batch is in flight, manual or scheduled (also while paused, until the batches already requested finish). */
  scanningActive: z.boolean(),
  totalWebsites: z.number().int().nonnegative(),
  mcpEnabledCount: z.number().int().nonnegative(),
  scannedToday: z.number().int().nonnegative(),
  lastScanTime: z.iso.datetime({ offset: true }).nullable(),
  /** Whether the scanner can reach the web at all ("Scanner offline: network unreachable since …"). */
  scanner: scannerStateSchema.optional(),
  // Optional on the wire only for an API replica older than these fields (rolling upgrade); this server always sends them.
  ...scanActivitySchema.partial().shape,
});
export type ScanProgressResponse = z.infer<typeof scanProgressResponseSchema>;

/** The scan progress as read from the scheduling tables: the public response plus what the admin status shows. */
export const scanProgressSnapshotSchema = scanProgressResponseSchema.extend({
  ...scanActivitySchema.shape,
  paused: z.boolean(),
  /** Number of scan batches requested so far. */
  currentBatch: z.number().int().nonnegative(),
  /** Active sites scanned within the current rescan cycle. */
  scannedWebsites: z.number().int().nonnegative(),
  /** Scans that ended in an error today (UTC). */
  errors: z.number().int().nonnegative(),
});
export type ScanProgressSnapshot = z.infer<typeof scanProgressSnapshotSchema>;
