import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import { SITE_DAYS_TABLE, SNAPSHOTS_TABLE } from './site-state-snapshots';

/** Net change of the carried-forward totals of one category on one UTC day. */
export interface CategoryDayDelta {
  day: string;
  category: string;
  websites: number;
  mcpEnabled: number;
  tools: number;
  resources: number;
  prompts: number;
}

const rowSchema = z.object({
  day: z.string(),
  category: z.string(),
  websites: z.coerce.number(),
  mcp_enabled: z.coerce.number(),
  tools: z.coerce.number(),
  resources: z.coerce.number(),
  prompts: z.coerce.number(),
});

/**
 * Each site's state as of the day before `{from}` (its row in the snapshot of
 * that day, site-state-snapshots.ts) becomes one row dated `{from}`; each
 * later site-day row (FINAL: its day's latest scan) becomes the difference to
 * the site's previous state (lagInFrame per site). A site whose category
 * changed leaves the old category and joins the new one; a departure row
 * (present = 0: confirmed unreachable, opted out) counts in nothing, not even
 * the site count. Summed per (day, category), a running sum from `{from}` on
 * gives every day's totals.
 */
const sql = (withSnapshot: boolean): string => `
SELECT toString(d) AS day, x.1 AS category,
       sum(x.2) AS websites, sum(x.3) AS mcp_enabled, sum(x.4) AS tools, sum(x.5) AS resources, sum(x.6) AS prompts
FROM (
  SELECT greatest(day, {from:Date}) AS d,
         arrayJoin(multiIf(
           rn = 1, [(cat, w, m, t, r, p)],
           pcat = cat, [(cat, w - pw, m - pm, t - pt, r - pr, p - pp)],
           [(pcat, -pw, -pm, -pt, -pr, -pp), (cat, w, m, t, r, p)])) AS x
  FROM (
    SELECT day, cat, w, m, t, r, p,
           row_number() OVER site AS rn,
           lagInFrame(cat, 1, '') OVER site AS pcat,
           lagInFrame(w, 1, toInt64(0)) OVER site AS pw,
           lagInFrame(m, 1, toInt64(0)) OVER site AS pm,
           lagInFrame(t, 1, toInt64(0)) OVER site AS pt,
           lagInFrame(r, 1, toInt64(0)) OVER site AS pr,
           lagInFrame(p, 1, toInt64(0)) OVER site AS pp
    FROM (
      ${withSnapshot ? `SELECT website_id, {from:Date} - 1 AS day, toString(category) AS cat, toInt64(present) AS w, toInt64(has_mcp) AS m,
             toInt64(tools_count) AS t, toInt64(resources_count) AS r, toInt64(prompts_count) AS p
      FROM ${SNAPSHOTS_TABLE} WHERE as_of = {from:Date} - 1
      UNION ALL` : ''}
      SELECT website_id, day, toString(category) AS cat, toInt64(present) AS w, toInt64(has_mcp) AS m, toInt64(tools_count) AS t,
             toInt64(resources_count) AS r, toInt64(prompts_count) AS p
      FROM ${SITE_DAYS_TABLE} FINAL
      WHERE day >= {from:Date}
    )
    WINDOW site AS (PARTITION BY website_id ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  )
)
GROUP BY d, category
ORDER BY d, category`;

/**
 * Per (day, category) changes of the carried-forward totals from `from` ('YYYY-MM-DD') on, oldest first.
 * `withSnapshot`: every site's earlier state is in the snapshot of the day before `from` (false: no site-day is older).
 */
export async function siteStateDeltas(client: ClickHouseClient, from: string, withSnapshot: boolean): Promise<CategoryDayDelta[]> {
  const rs = await client.query({ query: sql(withSnapshot), format: 'JSONEachRow', query_params: { from } });
  return z
    .array(rowSchema)
    .parse(await rs.json())
    .map((r) => ({ day: r.day, category: r.category, websites: r.websites, mcpEnabled: r.mcp_enabled, tools: r.tools, resources: r.resources, prompts: r.prompts }));
}
