import { z } from 'zod';
import { dashboardDeltaPayloadSchema } from './dashboard-delta';
import { discoveryMethodSchema, scanResultSchema, transportSchema } from './scan-result';

/** The envelope of every event; eventId, type and schemaVersion also travel as Kafka headers. */
export const eventEnvelopeSchema = z.object({
  eventId: z.uuid(),
  type: z.string().min(1).max(100),
  schemaVersion: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  producer: z.string().min(1).max(100),
  key: z.string().min(1).max(200),
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

export const SCAN_REASONS = ['scheduled', 'manual', 'new-site', 'registration'] as const;

/** Where the site's newest reached scan found MCP: the endpoint, how it was found and its transport. */
export const lastFoundEndpointSchema = z.object({
  url: z.url().max(2048),
  via: discoveryMethodSchema,
  transport: transportSchema.nullable(),
});
export type LastFoundEndpoint = z.infer<typeof lastFoundEndpointSchema>;

export const scanRequestedPayloadSchema = z.object({
  websiteId: z.number().int().positive(),
  url: z.url().max(2048),
  batchId: z.uuid(),
  reason: z.enum(SCAN_REASONS),
  /** An MCP endpoint registered for the site (verified at registration): probed alongside discovery. */
  knownEndpoint: z.url().max(2048).nullable().optional(),
  /** The site's owner opted out: the scanner answers "not scanned (opt-out)" without sending a single request. */
  optedOut: z.boolean().optional(),
  /**
   * Sent while the site counts as MCP: the endpoint its newest reached scan found. The scanner probes it
   * again, and when nothing answers MCP and that endpoint failed at the network level, the scan says
   * "unreachable" (confirmed over time like any other), never "No MCP".
   */
  lastFound: lastFoundEndpointSchema.nullable().optional(),
});
export type ScanRequestedPayload = z.infer<typeof scanRequestedPayloadSchema>;

export const scanCompletedPayloadSchema = z.object({
  websiteId: z.number().int().positive(),
  url: z.url().max(2048),
  batchId: z.uuid().nullable(),
  scanTime: z.iso.datetime({ offset: true }),
  result: scanResultSchema,
});
export type ScanCompletedPayload = z.infer<typeof scanCompletedPayloadSchema>;

export const LOG_LEVELS = ['info', 'success', 'warn', 'error'] as const;

export const scanLogPayloadSchema = z.object({
  timestamp: z.iso.datetime({ offset: true }),
  level: z.enum(LOG_LEVELS),
  message: z.string().max(500),
  details: z.string().max(2000).nullable(),
});
export type ScanLogPayload = z.infer<typeof scanLogPayloadSchema>;

/** Event type name → payload schema and current major version. */
export const EVENT_TYPES = {
  'scan.requested': { schemaVersion: 1, payload: scanRequestedPayloadSchema },
  'scan.completed': { schemaVersion: 1, payload: scanCompletedPayloadSchema },
  'scan.log': { schemaVersion: 1, payload: scanLogPayloadSchema },
  'dashboard.delta': { schemaVersion: 1, payload: dashboardDeltaPayloadSchema },
} as const;
export type EventType = keyof typeof EVENT_TYPES;
