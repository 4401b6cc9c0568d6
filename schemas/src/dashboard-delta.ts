import { z } from 'zod';

/** At most this many changed website ids travel in one delta; more sets `truncated`. */
export const DASHBOARD_DELTA_MAX_WEBSITE_IDS = 500;

const count = z.number().int().nonnegative();

/**
 * The headline figures (GET /api/metrics without weeklyGrowth; the `/live`
 * metrics push). capabilityRate is the percent of MCP-enabled sites whose
 * latest scan lists at least one tool, resource or prompt.
 */
export const dashboardMetricsSchema = z.object({
  totalWebsites: count,
  mcpEnabled: count,
  capabilityRate: z.number().min(0).max(100),
  totalTools: count,
  totalResources: count,
  totalPrompts: count,
  /** Sites whose newest scan reached them ("reachable right now"), next to the confirmed figures. */
  reachableNow: count.optional(),
  /** Sites confirmed unreachable (they count in no MCP figure). */
  unreachable: count.optional(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

/**
 * dashboard.delta.v1: one per committed projection chunk, saying only what
 * changed; the API reads the figures itself when it pushes (and numbers its
 * pushes, `seq`). Events written before this carried a metrics and progress
 * snapshot too: those keys are stripped when parsed.
 */
export const dashboardDeltaPayloadSchema = z.object({
  changedWebsiteIds: z.array(z.number().int().positive()).max(DASHBOARD_DELTA_MAX_WEBSITE_IDS),
  truncated: z.boolean(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type DashboardDeltaPayload = z.infer<typeof dashboardDeltaPayloadSchema>;
