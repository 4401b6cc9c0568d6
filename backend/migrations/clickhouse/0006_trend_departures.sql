-- A site leaves the trend totals when its absence is confirmed, the same rule
-- the current-state figures follow (schemas/src/api/liveness.ts):
--   * an approved opt-out, announced once as a not-scanned scan with reason
--     'opt-out' (fact outcome 'opted-out');
--   * a confirmed unreachable streak (N scans over at least H hours since the
--     site last answered), written by the trends projector as a departure row
--     dated at the confirming scan, with that scan's version.
-- `present` = 0 marks such a row: it counts in no total (not even the site
-- count), so a dead or opted-out site is never "a site without MCP". A later
-- scan that reaches the site writes a newer row and brings it back.
ALTER TABLE trend_site_days ADD COLUMN IF NOT EXISTS present UInt8 DEFAULT 1;

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
  prompts_count,
  toUInt8(outcome != 'opted-out') AS present
FROM trend_scan_facts
WHERE outcome NOT IN ('unreachable', 'not-scanned');
