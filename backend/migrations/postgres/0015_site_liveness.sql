-- Liveness: an unreachable scan is not "No MCP" (schemas/src/api/liveness.ts).
-- Every scan's outcome is kept; each site's liveness row is derived from that
-- history by the state projector (never by counters), so redelivery, late
-- events and replays all give the same rows. latest_scans now holds the newest
-- scan that *reached* the site.

CREATE TABLE site_scan_outcomes (
  event_id           uuid PRIMARY KEY,
  website_id         bigint NOT NULL,
  scan_time          timestamptz NOT NULL,
  outcome            text NOT NULL CHECK (outcome IN ('mcp', 'no-mcp', 'unreachable', 'not-scanned')),
  unreachable_class  text CHECK (unreachable_class IN ('dns', 'connect', 'tls', 'timeout', 'http-5xx')),
  response_time_ms   integer NOT NULL DEFAULT 0
);
CREATE INDEX site_scan_outcomes_site_time_idx ON site_scan_outcomes (website_id, scan_time DESC, event_id DESC);
-- retention prunes by age
CREATE INDEX site_scan_outcomes_time_idx ON site_scan_outcomes (scan_time);

-- One row per scanned site. `status` is the confirmed public status every figure counts.
CREATE TABLE site_liveness (
  website_id             bigint PRIMARY KEY,
  status                 text NOT NULL CHECK (status IN ('mcp', 'no-mcp', 'unreachable', 'not-scanned')),
  last_outcome           text NOT NULL CHECK (last_outcome IN ('mcp', 'no-mcp', 'unreachable', 'not-scanned')),
  last_outcome_at        timestamptz NOT NULL,
  unreachable_since      timestamptz,
  unreachable_scans      integer NOT NULL DEFAULT 0,
  unreachable_class      text,
  last_seen_alive        timestamptz,
  confirmed_unreachable  boolean NOT NULL DEFAULT false
);
CREATE INDEX site_liveness_status_idx ON site_liveness (status);
CREATE INDEX site_liveness_unreachable_idx ON site_liveness (unreachable_since) WHERE unreachable_since IS NOT NULL;

-- Backfill: every existing latest scan counts as one that reached its site.
INSERT INTO site_scan_outcomes (event_id, website_id, scan_time, outcome, unreachable_class, response_time_ms)
SELECT event_id, website_id, scan_time, CASE WHEN has_mcp THEN 'mcp' ELSE 'no-mcp' END, NULL, response_time_ms
  FROM latest_scans
ON CONFLICT (event_id) DO NOTHING;

INSERT INTO site_liveness (website_id, status, last_outcome, last_outcome_at, unreachable_since, unreachable_scans, unreachable_class, last_seen_alive, confirmed_unreachable)
SELECT website_id, CASE WHEN has_mcp THEN 'mcp' ELSE 'no-mcp' END, CASE WHEN has_mcp THEN 'mcp' ELSE 'no-mcp' END, scan_time, NULL, 0, NULL, scan_time, false
  FROM latest_scans
ON CONFLICT (website_id) DO NOTHING;

-- Tool categories count only sites whose confirmed status is MCP.
CREATE OR REPLACE VIEW tool_categories AS
  SELECT COALESCE(t.category, 'Uncategorized') AS category,
         count(*)::integer AS tools_count,
         count(DISTINCT t.website_id)::integer AS websites_count
    FROM site_tools t
    JOIN websites w ON w.id = t.website_id AND w.active AND NOT w.opted_out
    JOIN site_liveness v ON v.website_id = t.website_id AND v.status = 'mcp'
   GROUP BY 1;
