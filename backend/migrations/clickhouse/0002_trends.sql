-- Adoption trends (streams/src/projector-trends). Supersedes 0001's scan_facts
-- for trend queries (scan_facts is left in place, unused by trends).
--
-- Retention: facts and rollups expire 730 days after the scan. To change it,
-- add a NEW migration (never edit this one) with, for N days:
--   ALTER TABLE trend_scan_facts MODIFY TTL toDateTime(scan_time) + INTERVAL N DAY;
--   ALTER TABLE trend_site_days  MODIFY TTL toDateTime(day) + INTERVAL N DAY;
--   ALTER TABLE trend_first_adoptions MODIFY TTL toDateTime(first_mcp_time) + INTERVAL N DAY;
-- (keep first_adoptions' TTL >= the facts' so newAdoptions stays correct.)
--
-- Idempotence: the projector may deliver an event twice. Every table is
-- deduplicated at query time, so results are exact before any merge:
--   * trend_scan_facts collapses on (website_id, scan_time, event_id) on merge;
--   * trend_site_days keeps, per site and UTC day, the row with the highest
--     `ver` (scan time in ms, then a hash of the event id): queries take
--     argMax(..., ver) grouped by (website_id, day), which is the same for one
--     copy of an event or many, and for any arrival order;
--   * trend_first_adoptions keeps min(first MCP scan time) per site.

CREATE TABLE IF NOT EXISTS trend_scan_facts (
  event_id          UUID,
  website_id        UInt64,
  category          LowCardinality(String),
  scan_time         DateTime64(3, 'UTC'),
  has_mcp           UInt8,
  tools_count       UInt32,
  resources_count   UInt32,
  prompts_count     UInt32,
  response_time_ms  UInt32,
  has_error         UInt8,
  INDEX idx_scan_time scan_time TYPE minmax GRANULARITY 1
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(scan_time)
ORDER BY (website_id, scan_time, event_id)
TTL toDateTime(scan_time) + INTERVAL 730 DAY;

-- Per site and UTC day: the day's latest scan (by ver). The rollup every trend
-- query reads; a site's state carries forward over days without a row.
CREATE TABLE IF NOT EXISTS trend_site_days (
  website_id        UInt64,
  day               Date,
  ver               UInt64,
  category          LowCardinality(String),
  has_mcp           UInt8,
  tools_count       UInt32,
  resources_count   UInt32,
  prompts_count     UInt32
)
ENGINE = ReplacingMergeTree(ver)
PARTITION BY toYYYYMM(day)
ORDER BY (website_id, day)
TTL toDateTime(day) + INTERVAL 730 DAY;

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
FROM trend_scan_facts;

-- Per site: the first scan that found MCP (a site's first adoption).
CREATE TABLE IF NOT EXISTS trend_first_adoptions (
  website_id        UInt64,
  first_mcp_time    SimpleAggregateFunction(min, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
ORDER BY website_id
TTL toDateTime(first_mcp_time) + INTERVAL 730 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS trend_first_adoptions_mv TO trend_first_adoptions AS
SELECT website_id, min(scan_time) AS first_mcp_time
FROM trend_scan_facts
WHERE has_mcp = 1
GROUP BY website_id;
