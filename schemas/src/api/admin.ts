import { z } from 'zod';
import { LOG_LEVELS } from '../events';
import { SUBSCRIPTION_FREQUENCIES } from './contribute';
import { singleLineText, storableText } from './text';
import { scannerStateSchema, unreachableEndpointSchema } from './liveness';
import { scanActivitySchema } from './scan';
import { registrySyncStatusSchema } from './registry-sync';

const count = z.number().int().nonnegative();
const isoDateTime = z.iso.datetime({ offset: true });

/** POST /api/admin/login. Both fields are required (spec section 5). */
export const adminLoginRequestSchema = z.object({
  username: singleLineText({ min: 1, max: 200 }),
  /** Never stored (only checked against a hash), so it may hold anything but NUL. */
  password: storableText('secret').min(1).max(1024),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/** GET /api/admin/session, and the answer to login and logout. */
export const adminSessionResponseSchema = z.object({
  authenticated: z.boolean(),
  username: z.string().optional(),
});
export type AdminSessionResponse = z.infer<typeof adminSessionResponseSchema>;

/** One scan log line as the admin panel shows it (spec: level is error, success or other). */
export const adminScanLogLineSchema = z.object({
  timestamp: isoDateTime,
  level: z.enum(LOG_LEVELS),
  message: z.string().max(500),
  details: z.string().max(2000).nullable(),
});
export type AdminScanLogLine = z.infer<typeof adminScanLogLineSchema>;

/** One daily scan history report (the admin panel's history table). */
export const scanHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD */
  reportDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  totalWebsites: count,
  mcpEnabledCount: count,
  /** Percent. */
  adoptionRate: z.number().min(0).max(100),
  totalTools: count,
  /** The UTC day (YYYY-MM-DD) the report is scheduled for deletion; null: not scheduled. */
  scheduledDeletion: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().optional(),
});
export type ScanHistoryEntry = z.infer<typeof scanHistoryEntrySchema>;

/** One of the newest scans across all sites (the admin panel's recent scans). */
export const recentScanSchema = z.object({
  id: z.number().int(),
  websiteName: z.string(),
  hasMcp: z.boolean(),
  error: z.string().nullable(),
  scanTime: isoDateTime,
  /** Milliseconds. */
  responseTime: count,
});
export type RecentScan = z.infer<typeof recentScanSchema>;

/** GET /api/admin/status and the `/admin` socket's `status` event (spec section 3 "Admin status"). */
export const adminStatusSchema = z.object({
  systemStatus: z.object({
    /** Seconds since this process started. */
    uptime: z.number().nonnegative(),
    /** Resident set size in bytes. */
    memoryUsage: count,
    restartCount: count,
    lastRestart: isoDateTime.nullable(),
  }),
  scanProgress: z.object({
    isScanning: z.boolean(),
    /** Number of scan batches requested so far. */
    currentBatch: count,
    totalWebsites: count,
    /** Active sites scanned within the current rescan cycle. */
    scannedWebsites: count,
    mcpEnabled: count,
    lastScanTime: isoDateTime.nullable(),
    /** Scans that ended in an error today (UTC). */
    errors: count,
    // The scanner state (api/scan.ts); optional on the wire only for an API replica older than these fields.
    ...scanActivitySchema.partial().shape,
  }),
  scanControl: z.object({
    canPause: z.boolean(),
    canResume: z.boolean(),
    isScanning: z.boolean(),
  }),
  scanLogs: z.array(adminScanLogLineSchema),
  scanHistory: z.array(scanHistoryEntrySchema),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
      isActive: z.boolean(),
      createdAt: isoDateTime,
    }),
  ),
  recentScans: z.array(recentScanSchema),
  /** Events dead-lettered per source topic (messages on its `.dlq` topic; see ARCHITECTURE.md "Failure policy"). */
  deadLetters: z.array(z.object({ topic: z.string(), count })),
  /** The scanner's own network state (api/liveness.ts). */
  scanner: scannerStateSchema.optional(),
  /** MCP endpoints the newest scan could not reach, longest first (bounded). */
  unreachableEndpoints: z.array(unreachableEndpointSchema).max(200).optional(),
  /** The daily read of a public MCP registry (api/registry-sync.ts); optional on the wire only for an API replica older than it. */
  registrySync: registrySyncStatusSchema.optional(),
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;
