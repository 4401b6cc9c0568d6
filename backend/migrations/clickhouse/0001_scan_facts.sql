-- One fact row per scan event. ReplacingMergeTree keyed on the event id makes
-- a replayed event collapse into the original on merge; queries that must be
-- exact before merges deduplicate by event_id themselves.
CREATE TABLE IF NOT EXISTS scan_facts (
  event_id          UUID,
  website_id        UInt64,
  category          LowCardinality(String),
  scan_time         DateTime64(3, 'UTC'),
  has_mcp           UInt8,
  tools_count       UInt32,
  resources_count   UInt32,
  prompts_count     UInt32,
  response_time_ms  UInt32,
  error             String
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(scan_time)
ORDER BY (website_id, scan_time, event_id);
