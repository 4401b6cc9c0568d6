-- Per-site scan history (streams/src/projector-trends/project-scan-history.ts,
-- read by backend/src/queries/site-history.ts and definition-body.ts).
--
-- Retention: 730 days after the scan, like the trend facts (0002). To change
-- it, add a NEW migration with ALTER TABLE ... MODIFY TTL for both tables.
--
-- Idempotence and order: every scan.completed event is one row keyed by
-- (website_id, scan_time, event_id); a redelivered copy is byte-identical, so
-- readers take one row per event (LIMIT 1 BY event_id) and are exact before
-- merges. A site's history is ordered by (scan_time, event_id), never by
-- arrival, so an older event landing after a newer one reads the same.

-- One row per scan: its outcome and what it listed. The definitions are three
-- parallel arrays (kind, name, sha256 hash), at most 4 × SCAN_LIMITS.itemsPerList.
CREATE TABLE IF NOT EXISTS site_scan_history (
  event_id                   UUID,
  website_id                 UInt64,
  scan_time                  DateTime64(3, 'UTC'),
  -- 'mcp' | 'no-mcp' | 'unreachable' | 'not-scanned' (schemas/src/scan-outcome.ts)
  outcome                    LowCardinality(String),
  -- '' stands for null in the string columns below
  not_scanned_reason         LowCardinality(String),
  evidence                   LowCardinality(String),
  endpoint                   String,
  transport                  LowCardinality(String),
  protocol_version           LowCardinality(String),
  error                      String,
  response_time_ms           UInt32,
  tools_count                UInt32,
  resources_count            UInt32,
  prompts_count              UInt32,
  resource_templates_count   UInt32,
  tools_truncated            UInt8,
  resources_truncated        UInt8,
  prompts_truncated          UInt8,
  resource_templates_truncated UInt8,
  def_kinds                  Array(LowCardinality(String)),
  def_names                  Array(String),
  def_hashes                 Array(FixedString(64))
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(scan_time)
ORDER BY (website_id, scan_time, event_id)
TTL toDateTime(scan_time) + INTERVAL 730 DAY;

-- Each definition's body once, addressed by its hash (the scanner's sha256 over
-- the definition as sent). The hash leaves out a few display fields (a tool's
-- title, annotations), so two scans may carry different bodies under one hash:
-- `ver` orders them by the scan that saw them (then a hash of the body), merges
-- keep the highest and readers take argMax(body, ver): the body of the newest
-- scan that listed it, whatever the arrival order. The TTL follows that scan,
-- so a body lives as long as the newest history row that can name it.
CREATE TABLE IF NOT EXISTS site_definition_bodies (
  hash        FixedString(64),
  kind        LowCardinality(String),
  seen_at     DateTime64(3, 'UTC'),
  body        String,
  ver         UInt64 MATERIALIZED toUInt64(toUnixTimestamp64Milli(seen_at)) * 1024 + (cityHash64(body) % 1024)
)
ENGINE = ReplacingMergeTree(ver)
ORDER BY hash
TTL toDateTime(seen_at) + INTERVAL 730 DAY;
