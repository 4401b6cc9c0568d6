-- Read-side state projected from scan.completed.v1 and scan.log.v1 by the
-- state projector (streams/src/projector-state). Everything here except
-- scan_history_reports can be rebuilt by truncating and replaying the log.

-- Each site's latest scan. A row is replaced only by a scan that is newer by
-- (scan_time, event_id), so redelivered or late events never win.
CREATE TABLE latest_scans (
  website_id             bigint PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  event_id               uuid NOT NULL,
  scan_time              timestamptz NOT NULL,
  has_mcp                boolean NOT NULL,
  mcp_endpoint           text,
  transport              text,
  protocol_version       text,
  server_info            jsonb,
  auth_required          boolean NOT NULL DEFAULT false,
  authorization_servers  text[] NOT NULL DEFAULT '{}',
  discovered_via         text,
  response_time_ms       integer NOT NULL DEFAULT 0,
  error                  text,
  error_class            text,
  tools_count            integer NOT NULL DEFAULT 0,
  resources_count        integer NOT NULL DEFAULT 0,
  prompts_count          integer NOT NULL DEFAULT 0,
  lists_truncated        boolean NOT NULL DEFAULT false
);
CREATE INDEX latest_scans_mcp_idx ON latest_scans (has_mcp) INCLUDE (tools_count, resources_count, prompts_count);
CREATE INDEX latest_scans_scan_time_idx ON latest_scans (scan_time);
CREATE INDEX latest_scans_event_idx ON latest_scans (event_id);

-- The current tools / resources / prompts of each site, in listing order.
-- A newer scan deletes and re-inserts the site's whole set in one transaction.
-- No foreign keys on purpose (per-row checks halve insert throughput): reads go
-- through websites, and a deleted website's rows are unreachable; a rebuild drops them.
CREATE TABLE site_tools (
  website_id    bigint NOT NULL,
  position      integer NOT NULL,
  name          text NOT NULL,
  title         text,
  description   text,
  category      text,
  input_schema  jsonb,
  annotations   jsonb,
  hash          text NOT NULL,
  PRIMARY KEY (website_id, position)
);

CREATE TABLE site_resources (
  website_id    bigint NOT NULL,
  position      integer NOT NULL,
  name          text NOT NULL,
  uri           text NOT NULL,
  description   text,
  type          text,
  hash          text NOT NULL,
  PRIMARY KEY (website_id, position)
);

CREATE TABLE site_prompts (
  website_id    bigint NOT NULL,
  position      integer NOT NULL,
  name          text NOT NULL,
  description   text,
  arguments     jsonb NOT NULL DEFAULT '[]',
  hash          text NOT NULL,
  PRIMARY KEY (website_id, position)
);

-- Tool categories across the current tool sets (tools without one count as 'Uncategorized').
CREATE VIEW tool_categories AS
  SELECT COALESCE(t.category, 'Uncategorized') AS category,
         count(*)::integer AS tools_count,
         count(DISTINCT t.website_id)::integer AS websites_count
    FROM site_tools t
    JOIN websites w ON w.id = t.website_id AND w.active
   GROUP BY 1;

-- One row per day: a snapshot of current state (not rebuilt by a replay).
CREATE TABLE scan_history_reports (
  id                 serial PRIMARY KEY,
  report_date        date NOT NULL UNIQUE,
  total_websites     integer NOT NULL,
  mcp_enabled_count  integer NOT NULL,
  adoption_rate      numeric(6, 2) NOT NULL,
  total_tools        integer NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);

-- The latest scans across all sites, bounded by the projector (newest 1,000 by scan_time, event_id).
CREATE TABLE recent_scans (
  id                bigserial PRIMARY KEY,
  event_id          uuid NOT NULL UNIQUE,
  website_id        bigint NOT NULL,
  website_name      text NOT NULL,
  has_mcp           boolean NOT NULL,
  error             text,
  scan_time         timestamptz NOT NULL,
  response_time_ms  integer NOT NULL
);
CREATE INDEX recent_scans_order_idx ON recent_scans (scan_time DESC, event_id DESC);

-- Scan log lines from scan.log.v1, bounded by the projector (newest 10,000 by timestamp, event_id).
CREATE TABLE scan_logs (
  id         bigserial PRIMARY KEY,
  event_id   uuid NOT NULL UNIQUE,
  timestamp  timestamptz NOT NULL,
  level      text NOT NULL,
  message    text NOT NULL,
  details    text
);
CREATE INDEX scan_logs_order_idx ON scan_logs (timestamp DESC, event_id DESC);

-- scan.completed events already projected (skips redelivered work; pruned by age,
-- correctness under late redelivery is kept by the scan_time guards).
CREATE TABLE projection_processed_events (
  event_id      uuid PRIMARY KEY,
  processed_at  timestamptz NOT NULL
);
CREATE INDEX projection_processed_events_age_idx ON projection_processed_events (processed_at);

-- Website list paging and filters.
CREATE INDEX websites_active_name_idx ON websites (name, id) WHERE active;
