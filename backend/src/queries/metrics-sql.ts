import { COUNTED_MCP, JOIN_LIVENESS } from '@mcp-census/schemas/counted-mcp';
import type { DashboardMetrics } from '@mcp-census/schemas/dashboard-delta';
import { z } from 'zod';

/** Rounds a percentage to two decimals. */
export const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((10_000 * part) / whole) / 100);

export const metricsRowSchema = z.object({
  total_websites: z.coerce.number().int(),
  mcp_enabled: z.coerce.number().int(),
  capable: z.coerce.number().int(),
  total_tools: z.coerce.number().int(),
  total_resources: z.coerce.number().int(),
  total_prompts: z.coerce.number().int(),
  reachable_now: z.coerce.number().int(),
  unreachable: z.coerce.number().int(),
});

/**
 * The metrics columns over active websites, their latest reached scans and
 * liveness, opted-out sites left out: GET /api/metrics (dashboard-metrics.ts)
 * and the `/live` pushes (dashboard-state.ts) select the same figures.
 */
export const METRICS_COLUMNS = `
  count(*) AS total_websites,
  count(*) FILTER (WHERE ${COUNTED_MCP}) AS mcp_enabled,
  count(*) FILTER (WHERE ${COUNTED_MCP} AND l.tools_count + l.resources_count + l.prompts_count > 0) AS capable,
  COALESCE(sum(l.tools_count) FILTER (WHERE ${COUNTED_MCP}), 0) AS total_tools,
  COALESCE(sum(l.resources_count) FILTER (WHERE ${COUNTED_MCP}), 0) AS total_resources,
  COALESCE(sum(l.prompts_count) FILTER (WHERE ${COUNTED_MCP}), 0) AS total_prompts,
  count(*) FILTER (WHERE v.last_outcome IN ('mcp', 'no-mcp')) AS reachable_now,
  count(*) FILTER (WHERE v.status = 'unreachable') AS unreachable`;

export const METRICS_FROM = `FROM websites w LEFT JOIN latest_scans l ON l.website_id = w.id ${JOIN_LIVENESS} WHERE w.active AND NOT w.opted_out`;

export function toMetrics(row: z.infer<typeof metricsRowSchema>): DashboardMetrics {
  return {
    totalWebsites: row.total_websites,
    mcpEnabled: row.mcp_enabled,
    capabilityRate: percent(row.capable, row.mcp_enabled),
    totalTools: row.total_tools,
    totalResources: row.total_resources,
    totalPrompts: row.total_prompts,
    reachableNow: row.reachable_now,
    unreachable: row.unreachable,
  };
}
