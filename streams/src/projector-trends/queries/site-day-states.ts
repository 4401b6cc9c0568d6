/**
 * SQL of one row per (site, UTC day) holding the day's latest scan as of
 * `now`: closed days come from the trend_site_days rollup read with FINAL
 * (ReplacingMergeTree(ver) merged at query time, so exact before background
 * merges); today's rows come from the facts with argMax by ver, so scans after
 * `now` are ignored. `ver` = scan time in ms × 1024 + (event-id hash % 1024):
 * duplicates of an event collapse and an older scan never wins over a newer
 * one, whatever the arrival order. (Only two different events of one site
 * with the same millisecond AND the same 10-bit hash could tie.)
 *
 * Parameters: {today:Date}, {todayStart:DateTime64(3, 'UTC')}, {now:DateTime64(3, 'UTC')}.
 */
export const SITE_DAY_STATES_SQL = `
  SELECT website_id, day, category AS cat, has_mcp AS m, tools_count AS t, resources_count AS r, prompts_count AS p
  FROM trend_site_days FINAL
  WHERE day < {today:Date}
  UNION ALL
  SELECT website_id, {today:Date} AS day,
         argMax(category, v) AS cat, argMax(has_mcp, v) AS m, argMax(tools_count, v) AS t,
         argMax(resources_count, v) AS r, argMax(prompts_count, v) AS p
  FROM (
    SELECT website_id, category, has_mcp, tools_count, resources_count, prompts_count,
           toUInt64(toUnixTimestamp64Milli(scan_time)) * 1024 + (cityHash64(event_id) % 1024) AS v
    FROM trend_scan_facts
    WHERE scan_time >= {todayStart:DateTime64(3, 'UTC')} AND scan_time <= {now:DateTime64(3, 'UTC')}
  )
  GROUP BY website_id`;

