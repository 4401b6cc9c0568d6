import type { DashboardMetrics } from '@mcp-census/schemas/dashboard-delta';
import type pg from 'pg';
import { readFigureTotals } from './census-figures';
import { toMetrics } from './metrics-sql';

/**
 * GET /api/metrics without weeklyGrowth, over active websites. mcpEnabled
 * counts sites whose confirmed status is MCP (including MCP behind auth; a
 * site that only failed its newest scans keeps counting, see
 * schemas/src/counted-mcp.ts); capabilityRate is the percent (two decimals)
 * of those MCP-enabled sites whose latest scan lists at least one tool,
 * resource or prompt (0 when none is MCP-enabled). Totals sum the current
 * lists of MCP-enabled sites. Read from the maintained census figures
 * (census-figures.ts), which count exactly what METRICS_COLUMNS counts.
 */
export async function readMetrics(db: pg.Pool): Promise<DashboardMetrics> {
  const f = await readFigureTotals(db);
  return toMetrics({
    total_websites: f.figured,
    mcp_enabled: f.mcp,
    capable: f.capable,
    total_tools: f.tools,
    total_resources: f.resources,
    total_prompts: f.prompts,
    reachable_now: f.reachable,
    unreachable: f.unreachable,
  });
}
