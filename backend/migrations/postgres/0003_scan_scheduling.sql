-- Scan batches requested by the scheduler or by operators, with progress
-- folded in from scan.completed events.
CREATE TABLE scan_batches (
  id               uuid PRIMARY KEY,
  reason           text NOT NULL CHECK (reason IN ('scheduled', 'manual', 'new-site', 'registration')),
  requested_at     timestamptz NOT NULL DEFAULT now(),
  site_count       integer NOT NULL CHECK (site_count > 0),
  completed_count  integer NOT NULL DEFAULT 0,
  mcp_count        integer NOT NULL DEFAULT 0,
  error_count      integer NOT NULL DEFAULT 0,
  completed_at     timestamptz
);
CREATE INDEX scan_batches_open_idx ON scan_batches (requested_at) WHERE completed_at IS NULL;

-- Per-site scheduling state: when a scan was last requested and last completed.
CREATE TABLE website_scan_state (
  website_id         bigint PRIMARY KEY REFERENCES websites (id) ON DELETE CASCADE,
  last_requested_at  timestamptz,
  last_batch_id      uuid,
  last_scanned_at    timestamptz,
  last_has_mcp       boolean,
  last_error         text
);
CREATE INDEX website_scan_state_scanned_idx ON website_scan_state (last_scanned_at);

-- scan.completed events already folded into progress (idempotence under redelivery).
CREATE TABLE scan_progress_events (
  event_id      uuid PRIMARY KEY,
  website_id    bigint NOT NULL,
  scan_time     timestamptz NOT NULL,
  had_error     boolean NOT NULL,
  processed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scan_progress_events_scan_time_idx ON scan_progress_events (scan_time);
