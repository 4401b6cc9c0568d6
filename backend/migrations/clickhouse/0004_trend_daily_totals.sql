-- Daily totals of the carried-forward state (streams/src/projector-trends/rollup):
-- per UTC day, every known site counted once with its last known state as of
-- the end of that day, overall and per category. Trend queries read these few
-- hundred rows instead of carrying 10,000 sites forward over a year per call.
--
-- A pure function of trend_site_days: the projector recomputes the days from
-- the earliest day a batch touched up to the last day with data, and writes
-- whole-day rows. ReplacingMergeTree(version) keeps, per day, the row of the
-- latest-started computation (read with FINAL); a computation that started
-- after a batch was inserted always saw that batch, so the winner is complete.
-- Days without a row carry the previous row's totals forward.
CREATE TABLE IF NOT EXISTS trend_daily_totals (
  day                     Date,
  version                 UInt64,
  websites                UInt64,
  mcp_enabled             UInt64,
  tools                   UInt64,
  resources               UInt64,
  prompts                 UInt64,
  category_names          Array(String),
  category_websites       Array(UInt64),
  category_mcp_enabled    Array(UInt64)
)
ENGINE = ReplacingMergeTree(version)
ORDER BY day
TTL toDateTime(day) + INTERVAL 730 DAY;
