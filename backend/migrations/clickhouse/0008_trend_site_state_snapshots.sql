-- The site-days ordered by day (the refresh's reads), and each site's state as
-- of the end of a day (streams/src/projector-trends/rollup/site-state-snapshots.ts).
--
-- trend_site_days is ordered by (website_id, day): a refresh that recomputes
-- the days from `from` on filtered every site-day of the month to find them
-- (31M rows at 1M sites at the end of a month). trend_site_days_by_day holds
-- the same rows, the same way (per site and UTC day the row with the highest
-- ver, 0002 and 0006), ordered by (day, website_id): a day's rows are a range
-- of its key. The facts' view writes it from now on; the rows written before
-- are copied after the view exists, so none is missed (a row written twice is
-- one row: same key, same ver). trend_site_days stops being written here and
-- is dropped by 0009.
CREATE TABLE IF NOT EXISTS trend_site_days_by_day (
  website_id        UInt64,
  day               Date,
  ver               UInt64,
  category          LowCardinality(String),
  has_mcp           UInt8,
  tools_count       UInt32,
  resources_count   UInt32,
  prompts_count     UInt32,
  present           UInt8 DEFAULT 1
)
ENGINE = ReplacingMergeTree(ver)
PARTITION BY toYYYYMM(day)
ORDER BY (day, website_id)
TTL toDateTime(day) + INTERVAL 730 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS trend_site_days_by_day_mv TO trend_site_days_by_day AS
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

INSERT INTO trend_site_days_by_day (website_id, day, ver, category, has_mcp, tools_count, resources_count, prompts_count, present)
SELECT website_id, day, ver, category, has_mcp, tools_count, resources_count, prompts_count, present FROM trend_site_days;

DROP VIEW IF EXISTS trend_site_days_mv;

-- Each site's trend state as of the end of a day (streams/src/projector-trends/rollup/site-state-snapshots.ts).
--
-- The daily-totals refresh needs every site's state before the first day it
-- recomputes. Read from the site-days, that is an argMax over every earlier
-- site-day: the whole history, on every refresh (365M rows at 1M sites kept a
-- year). A snapshot holds that state once per site, so a refresh reads one row
-- per site, and the next day's snapshot is built from this one plus one day.
--
-- A pure function of trend_site_days_by_day rows dated on or before `as_of`: the
-- refresh drops every snapshot dated on or after the first day it recomputes
-- (a late or new row there may change it) before it reads one. Each row is
-- the site's newest site-day row on or before `as_of`, with that row's day
-- and version.
--
-- Retention: rows expire with the site-day row they copy (the same TTL); a
-- migration changing trend_site_days_by_day's TTL changes this one too.
CREATE TABLE IF NOT EXISTS trend_site_state_snapshots (
  as_of             Date,
  website_id        UInt64,
  day               Date,
  ver               UInt64,
  category          LowCardinality(String),
  present           UInt8,
  has_mcp           UInt8,
  tools_count       UInt32,
  resources_count   UInt32,
  prompts_count     UInt32
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY website_id
TTL toDateTime(day) + INTERVAL 730 DAY;

-- One row per complete snapshot, written after its last row: a build cut
-- short (a crash mid-INSERT) leaves rows without this row, which no refresh
-- reads and the next build of that day drops.
CREATE TABLE IF NOT EXISTS trend_site_state_snapshot_builds (
  as_of             Date,
  sites             UInt64
)
ENGINE = MergeTree
PARTITION BY as_of
ORDER BY as_of;
