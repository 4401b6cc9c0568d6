import type { DashboardMetrics } from '@mcp-census/schemas/dashboard-delta';
import type pg from 'pg';
import { METRICS_COLUMNS, METRICS_FROM, metricsRowSchema, toMetrics } from './metrics-sql';

/**
 * GET /api/metrics without weeklyGrowth, over active websites. mcpEnabled
 * counts sites whose confirmed status is MCP (including MCP behind auth; a
 * site that only failed its newest scans keeps counting, see
 * schemas/src/counted-mcp.ts); capabilityRate is the percent (two decimals)
 * of those MCP-enabled sites whose latest scan lists at least one tool,
 * resource or prompt (0 when none is MCP-enabled). Totals sum the current
 * lists of MCP-enabled sites.
 */
export async function readMetrics(db: pg.Pool): Promise<DashboardMetrics> {
  const { rows } = await db.query(`SELECT ${METRICS_COLUMNS} ${METRICS_FROM}`);
  return toMetrics(metricsRowSchema.parse(rows[0]));
}
