import { z } from 'zod';

/*
 * Liveness: a site's public status is its last *confirmed* state. A network
 * failure never reads as "No MCP": a site that was reached before keeps its
 * state (marked unreachable since T) until a scan reaches it again, or until
 * it has been unreachable for LIVENESS_CONFIRM_SCANS scans spread over at
 * least LIVENESS_CONFIRM_HOURS hours.
 */

const count = z.number().int().nonnegative();
const isoDateTime = z.iso.datetime({ offset: true });

/** What one scan found: MCP, a reachable site without MCP, no answer at all, or not probed (robots.txt, opt-out). */
export const SCAN_OUTCOMES = ['mcp', 'no-mcp', 'unreachable', 'not-scanned'] as const;
export const scanOutcomeSchema = z.enum(SCAN_OUTCOMES);
export type ScanOutcome = z.infer<typeof scanOutcomeSchema>;

/**
 * A site's confirmed public status. `unreachable` only once confirmed (or for
 * a site never reached at all); `pending` = never scanned.
 */
export const SITE_STATUSES = ['mcp', 'no-mcp', 'unreachable', 'not-scanned', 'pending'] as const;
export const siteStatusSchema = z.enum(SITE_STATUSES);
export type SiteStatus = z.infer<typeof siteStatusSchema>;

/** Why the last scan could not reach the site. */
export const UNREACHABLE_CLASSES = ['dns', 'connect', 'tls', 'timeout', 'http-5xx'] as const;
export const unreachableClassSchema = z.enum(UNREACHABLE_CLASSES);
export type UnreachableClass = z.infer<typeof unreachableClassSchema>;

/** A site's liveness as every list and detail shows it. */
export const siteLivenessSchema = z.object({
  /** The confirmed public status (what figures count). */
  status: siteStatusSchema,
  /** What the newest scan found, confirmed or not (null: never scanned). */
  lastOutcome: scanOutcomeSchema.nullable(),
  /** First of the unreachable scans in a row since the site was last reached (null: reached by its newest scan). */
  unreachableSince: isoDateTime.nullable(),
  /** Unreachable scans in a row since the site was last reached. */
  unreachableScans: count,
  unreachableClass: unreachableClassSchema.nullable(),
  /** Newest scan that reached the site (null: never reached). */
  lastSeenAlive: isoDateTime.nullable(),
  /** Share of the last 30 days' scans that reached the site, percent with 1 decimal (null: no scan in 30 days). */
  uptime30d: z.number().min(0).max(100).nullable(),
});
export type SiteLiveness = z.infer<typeof siteLivenessSchema>;

/** One UTC day of a site's availability, like a status page's bar. */
export const availabilityDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  scans: count,
  /** Scans that reached the site. */
  reachable: count,
  /** Scans that found MCP. */
  mcp: count,
  /** Mean response time of the day's scans that reached the site, ms (null: none). */
  avgResponseTime: z.number().nonnegative().nullable(),
});
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

/** GET /api/websites/:id `availability`: the last 30 days, oldest first, every day present. */
export const siteAvailabilitySchema = z.object({
  days: z.array(availabilityDaySchema).max(31),
  uptime30d: z.number().min(0).max(100).nullable(),
  lastSeenAlive: isoDateTime.nullable(),
});
export type SiteAvailability = z.infer<typeof siteAvailabilitySchema>;

/**
 * The scanner's view of its own network: `offline` when most recent probes
 * failed at the network level (or the canary check failed); its results are
 * then held back and retried, never projected as site failures.
 */
export const scannerStateSchema = z.object({
  state: z.enum(['online', 'offline', 'unknown']),
  /** Since when the state holds (null: unknown). */
  since: isoDateTime.nullable(),
  /** Why offline, e.g. "network unreachable: 48 of 50 recent probes failed (dns)". */
  reason: z.string().max(500).nullable(),
});
export type ScannerState = z.infer<typeof scannerStateSchema>;

/** An MCP endpoint that the newest scan could not reach (admin panel). */
export const unreachableEndpointSchema = z.object({
  websiteId: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  endpoint: z.string().nullable(),
  unreachableSince: isoDateTime,
  unreachableScans: count,
  unreachableClass: unreachableClassSchema.nullable(),
  /** True once confirmed (the site left the MCP figures). */
  confirmed: z.boolean(),
});
export type UnreachableEndpoint = z.infer<typeof unreachableEndpointSchema>;
