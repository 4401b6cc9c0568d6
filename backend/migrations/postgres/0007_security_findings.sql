-- SAFE-MCP findings (streams/src/security detectors, projected by the state
-- projector). All rebuilt by a replay of scan.completed.v1.

-- Per site, the scan just before its latest one (by scan_time, event_id) and
-- what it listed: the rug-pull baseline. Kept order-tolerant: whatever order
-- events arrive in, this ends as the second-newest scan.
CREATE TABLE site_previous_scans (
  website_id  bigint PRIMARY KEY,
  event_id    uuid NOT NULL,
  scan_time   timestamptz NOT NULL
);
CREATE TABLE site_previous_definitions (
  website_id  bigint NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('tool', 'resource', 'prompt')),
  name        text NOT NULL,
  hash        text NOT NULL
);
CREATE INDEX site_previous_definitions_site_idx ON site_previous_definitions (website_id);

-- Content fingerprints (what the detectors read) of each site's latest and
-- previous scan, and of the input its stored findings were computed from:
-- a rescan that changed nothing skips the detectors.
CREATE TABLE site_content_hashes (
  website_id      bigint PRIMARY KEY,
  latest_hash     text,
  previous_hash   text,
  findings_input  text
);

-- Findings of the per-site detectors over each site's latest scan.
CREATE TABLE site_findings (
  website_id    bigint NOT NULL,
  position      integer NOT NULL,
  technique_id  text NOT NULL,
  severity      text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low')),
  subject_kind  text NOT NULL CHECK (subject_kind IN ('server', 'tool', 'resource', 'prompt')),
  subject_name  text,
  evidence      text NOT NULL,
  PRIMARY KEY (website_id, position)
);
CREATE INDEX site_findings_technique_idx ON site_findings (technique_id, severity);

-- Normalised tool-name keys per site, for cross-server shadowing (T1301).
-- A site's rows change only when its tools do (no other site's rows are
-- touched); the security analytics group them at read time.
CREATE TABLE tool_name_keys (
  name_key    text NOT NULL,
  website_id  bigint NOT NULL,
  tool_name   text NOT NULL,
  -- the name is written with Cyrillic/Greek letters that look Latin
  lookalike   boolean NOT NULL,
  PRIMARY KEY (name_key, website_id, tool_name)
);
CREATE INDEX tool_name_keys_site_idx ON tool_name_keys (website_id);
