import type pg from 'pg';
import { z } from 'zod';

/*
 * What the state projector wrote, read straight from its tables with small
 * SQL: projector tests check the projection itself, never through the
 * backend's read queries (those have their own tests in backend/test/queries/).
 * Field names follow the website detail's so the checks read alike.
 */

const latestRow = z.object({
  has_mcp: z.boolean(),
  scan_time: z.date(),
  tools_count: z.number().int(),
  resource_templates_count: z.number().int(),
  server_info: z.unknown(),
  authorization_servers: z.array(z.string()).nullable(),
});
const toolRow = z.object({ name: z.string(), description: z.string().nullable(), inputSchema: z.unknown() });
const resourceRow = z.object({ name: z.string() });
const promptRow = z.object({ name: z.string(), arguments: z.unknown() });

/** A site's latest projected scan with its lists in listing order; latestScan null when none was projected. */
export async function readProjectedSite(pool: pg.Pool, websiteId: number) {
  const rows = async <T extends z.ZodType>(schema: T, sql: string): Promise<z.infer<T>[]> => (await pool.query(sql, [websiteId])).rows.map((r) => schema.parse(r));
  const [latest] = await rows(latestRow, 'SELECT has_mcp, scan_time, tools_count, resource_templates_count, server_info, authorization_servers FROM latest_scans WHERE website_id = $1');
  if (!latest) return { latestScan: null };
  return {
    latestScan: {
      hasMcp: latest.has_mcp,
      scanTime: latest.scan_time.toISOString(),
      toolsCount: latest.tools_count,
      resourceTemplatesCount: latest.resource_templates_count,
      serverInfo: latest.server_info,
      authorizationServers: latest.authorization_servers ?? [],
      tools: await rows(toolRow, 'SELECT name, description, input_schema AS "inputSchema" FROM site_tools WHERE website_id = $1 ORDER BY position'),
      resources: await rows(resourceRow, 'SELECT name FROM site_resources WHERE website_id = $1 ORDER BY position'),
      prompts: await rows(promptRow, 'SELECT name, arguments FROM site_prompts WHERE website_id = $1 ORDER BY position'),
      resourceTemplates: await rows(resourceRow, 'SELECT name FROM site_resource_templates WHERE website_id = $1 ORDER BY position'),
    },
  };
}

const recentRow = z.object({ websiteId: z.coerce.number().int() });

/** recent_scans, newest first (the order the admin list shows). */
export async function readRecentScanRows(pool: pg.Pool, limit: number): Promise<z.infer<typeof recentRow>[]> {
  const { rows } = await pool.query('SELECT website_id AS "websiteId" FROM recent_scans ORDER BY scan_time DESC, event_id DESC LIMIT $1', [limit]);
  return rows.map((r) => recentRow.parse(r));
}

const logRow = z.object({ level: z.string(), message: z.string(), details: z.string().nullable() });

/** scan_logs, newest first. */
export async function readLogRows(pool: pg.Pool, limit: number): Promise<z.infer<typeof logRow>[]> {
  const { rows } = await pool.query('SELECT level, message, details FROM scan_logs ORDER BY timestamp DESC, event_id DESC LIMIT $1', [limit]);
  return rows.map((r) => logRow.parse(r));
}

const historyRow = z.object({ reportDate: z.string(), totalWebsites: z.number().int(), mcpEnabledCount: z.number().int(), adoptionRate: z.coerce.number(), totalTools: z.number().int() });

/** scan_history_reports, newest day first. */
export async function readHistoryRows(pool: pg.Pool): Promise<z.infer<typeof historyRow>[]> {
  const { rows } = await pool.query(
    `SELECT to_char(report_date, 'YYYY-MM-DD') AS "reportDate", total_websites AS "totalWebsites", mcp_enabled_count AS "mcpEnabledCount",
            adoption_rate AS "adoptionRate", total_tools AS "totalTools"
       FROM scan_history_reports ORDER BY report_date DESC`,
  );
  return rows.map((r) => historyRow.parse(r));
}
