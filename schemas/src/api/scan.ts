import { z } from 'zod';
import { scannerStateSchema } from './liveness';

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

/** GET /api/scan-progress: the spec's public scan progress. */
export const scanProgressResponseSchema = z.object({
  scanningActive: z.boolean(),
  totalWebsites: z.number().int().nonnegative(),
  mcpEnabledCount: z.number().int().nonnegative(),
  scannedToday: z.number().int().nonnegative(),
  lastScanTime: z.iso.datetime({ offset: true }).nullable(),
  /** Whether the scanner can reach the web at all ("Scanner offline: network unreachable since …"). */
  scanner: scannerStateSchema.optional(),
});
export type ScanProgressResponse = z.infer<typeof scanProgressResponseSchema>;

/** The scan progress as read from the scheduling tables: the public response plus what the admin status shows. */
export const scanProgressSnapshotSchema = scanProgressResponseSchema.extend({
  paused: z.boolean(),
  /** Number of scan batches requested so far. */
  currentBatch: z.number().int().nonnegative(),
  /** Active sites scanned within the current rescan cycle. */
  scannedWebsites: z.number().int().nonnegative(),
  /** Scans that ended in an error today (UTC). */
  errors: z.number().int().nonnegative(),
});
export type ScanProgressSnapshot = z.infer<typeof scanProgressSnapshotSchema>;
