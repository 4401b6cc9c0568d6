import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';

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
 * Each site's state as of the day before `{from}` becomes one row dated
 * `{from}` (argMax by ver: exact whatever the merge state); each later
 * site-day row (FINAL: its day's latest scan) becomes the difference to the
 * site's previous state (lagInFrame per site). A site whose category changed
 * leaves the old category and joins the new one; a departure row (present = 0:
 * confirmed unreachable, opted out) counts in nothing, not even the site count.
 * Summed per (day, category), a running sum from `{from}` on gives every day's
 * totals.
 */
const SQL = `
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
      -- filtered in a subquery: the outer "AS day" alias would shadow the column in WHERE
      SELECT website_id, {from:Date} - 1 AS day,
             toString(argMax(category, ver)) AS cat, toInt64(argMax(present, ver)) AS w, toInt64(argMax(has_mcp, ver)) AS m,
             toInt64(argMax(tools_count, ver)) AS t, toInt64(argMax(resources_count, ver)) AS r, toInt64(argMax(prompts_count, ver)) AS p
      FROM (SELECT website_id, ver, category, present, has_mcp, tools_count, resources_count, prompts_count FROM trend_site_days WHERE day < {from:Date})
      GROUP BY website_id
      UNION ALL
      SELECT website_id, day, toString(category) AS cat, toInt64(present) AS w, toInt64(has_mcp) AS m, toInt64(tools_count) AS t,
             toInt64(resources_count) AS r, toInt64(prompts_count) AS p
      FROM trend_site_days FINAL
      WHERE day >= {from:Date}
    )
    WINDOW site AS (PARTITION BY website_id ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  )
)
GROUP BY d, category
ORDER BY d, category`;

/** Per (day, category) changes of the carried-forward totals from `from` ('YYYY-MM-DD') on, oldest first. */
export async function siteStateDeltas(client: ClickHouseClient, from: string): Promise<CategoryDayDelta[]> {
  const rs = await client.query({ query: SQL, format: 'JSONEachRow', query_params: { from } });
  return z
    .array(rowSchema)
    .parse(await rs.json())
    .map((r) => ({ day: r.day, category: r.category, websites: r.websites, mcpEnabled: r.mcp_enabled, tools: r.tools, resources: r.resources, prompts: r.prompts }));
}
