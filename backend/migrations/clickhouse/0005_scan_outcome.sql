-- Unreachable is not "No MCP" (schemas/src/api/liveness.ts): each fact keeps
-- its scan's outcome ('mcp', 'no-mcp', 'unreachable', 'not-scanned'; '' for
-- facts from before, all of which reached their site). Only scans that reached
-- the site feed its per-day state, so over an unreachable or not-scanned scan
-- the trend carries the last reached state forward.
ALTER TABLE trend_scan_facts ADD COLUMN IF NOT EXISTS outcome LowCardinality(String) DEFAULT '';

DROP VIEW IF EXISTS trend_site_days_mv;

CREATE MATERIALIZED VIEW IF NOT EXISTS trend_site_days_mv TO trend_site_days AS
SELECT
  website_id,
  toDate(scan_time, 'UTC') AS day,
  toUInt64(toUnixTimestamp64Milli(scan_time)) * 1024 + (cityHash64(event_id) % 1024) AS ver,
  category,
  has_mcp,
  tools_count,
  resources_count,
  prompts_count
FROM trend_scan_facts
WHERE outcome NOT IN ('unreachable', 'not-scanned');
