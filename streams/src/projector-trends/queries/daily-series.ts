import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import { SITE_DAY_STATES_SQL } from './site-day-states';
import { chDateTime, daysBetween, utcDay } from './time';

/** Cumulative state as of the end of one UTC day (today: as of now). */
export interface DailyState {
  date: string;
  totalWebsites: number;
  mcpEnabledCount: number;
  newAdoptions: number;
  toolsCount: number;
  resourcesCount: number;
  promptsCount: number;
}

const rowSchema = z.object({
  date: z.string(),
  total_websites: z.coerce.number(),
  mcp_enabled: z.coerce.number(),
  new_adoptions: z.coerce.number(),
  tools: z.coerce.number(),
  resources: z.coerce.number(),
  prompts: z.coerce.number(),
});

/**
 * Carry-forward in ClickHouse: each site's state as of the day before the
 * window is one row (argMax by ver over the rollup, order- and
 * duplicate-proof); with the window's per-site-day rows, consecutive states
 * become deltas (lagInFrame per site); a running sum over the window's days
 * (numbers()) turns deltas into each day's totals, so a site's last known
 * state counts on every later day until it changes. The window function only
 * sees sites + window rows, so short periods stay cheap.
 */
const SQL = `
WITH
  deltas AS (
    SELECT greatest(day, {start:Date}) AS d,
           countIf(rn = 1) AS dw, sum(dm) AS dm, sum(dt) AS dt, sum(dr) AS dr, sum(dp) AS dp
    FROM (
      SELECT day,
             row_number() OVER w AS rn,
             toInt64(m) - lagInFrame(toInt64(m), 1, toInt64(0)) OVER w AS dm,
             toInt64(t) - lagInFrame(toInt64(t), 1, toInt64(0)) OVER w AS dt,
             toInt64(r) - lagInFrame(toInt64(r), 1, toInt64(0)) OVER w AS dr,
             toInt64(p) - lagInFrame(toInt64(p), 1, toInt64(0)) OVER w AS dp
      FROM (
        -- each site's carried-in state as of the day before the window, one row per site
        -- (filtered in a subquery: an outer "AS day" alias would shadow the column in WHERE)
        SELECT website_id, {start:Date} - 1 AS day,
               argMax(has_mcp, ver) AS m, argMax(tools_count, ver) AS t,
               argMax(resources_count, ver) AS r, argMax(prompts_count, ver) AS p
        FROM (SELECT website_id, ver, has_mcp, tools_count, resources_count, prompts_count FROM trend_site_days WHERE day < {start:Date})
        GROUP BY website_id
        UNION ALL
        -- the window's own days
        SELECT website_id, day, m, t, r, p
        FROM (${SITE_DAY_STATES_SQL})
        WHERE day >= {start:Date}
      )
      WINDOW w AS (PARTITION BY website_id ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
    )
    GROUP BY d
  ),
  adoptions AS (
    SELECT toDate(f, 'UTC') AS d, count() AS n
    FROM (SELECT website_id, min(first_mcp_time) AS f FROM trend_first_adoptions GROUP BY website_id)
    WHERE f <= {now:DateTime64(3, 'UTC')} AND f >= {startTime:DateTime64(3, 'UTC')}
    GROUP BY d
  ),
  days AS (SELECT toDate({start:Date} + number) AS d FROM numbers({n:UInt32}))
SELECT toString(days.d) AS date,
       sum(deltas.dw) OVER c AS total_websites,
       sum(deltas.dm) OVER c AS mcp_enabled,
       adoptions.n AS new_adoptions,
       sum(deltas.dt) OVER c AS tools,
       sum(deltas.dr) OVER c AS resources,
       sum(deltas.dp) OVER c AS prompts
FROM days
LEFT JOIN deltas ON deltas.d = days.d
LEFT JOIN adoptions ON adoptions.d = days.d
WINDOW c AS (ORDER BY days.d ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
ORDER BY days.d`;

/** One DailyState per UTC day from `startDay` to now's day inclusive, oldest first. */
export async function dailySeries(client: ClickHouseClient, opts: { startDay: string; now: Date }): Promise<DailyState[]> {
  const today = utcDay(opts.now);
  const n = daysBetween(opts.startDay, today) + 1;
  if (n <= 0) return [];
  const rs = await client.query({
    query: SQL,
    format: 'JSONEachRow',
    query_params: {
      start: opts.startDay,
      startTime: `${opts.startDay} 00:00:00.000`,
      today,
      todayStart: `${today} 00:00:00.000`,
      now: chDateTime(opts.now),
      n,
    },
  });
  const rows = z.array(rowSchema).parse(await rs.json());
  return rows.map((r) => ({
    date: r.date,
    totalWebsites: r.total_websites,
    mcpEnabledCount: r.mcp_enabled,
    newAdoptions: r.new_adoptions,
    toolsCount: r.tools,
    resourcesCount: r.resources,
    promptsCount: r.prompts,
  }));
}
