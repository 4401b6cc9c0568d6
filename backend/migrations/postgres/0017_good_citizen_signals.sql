-- What the scanner now records about being a good citizen of the web
-- (schemas/src/scan-result.ts), kept by the state projector:
-- the site's server card and its endpoint's answer to a foreign-origin CORS
-- preflight on the latest reached scan, and the robots.txt (or Crawl-delay)
-- rule of each not-scanned scan, the newest of which the site's liveness row keeps.

ALTER TABLE latest_scans
  ADD COLUMN server_card    jsonb,
  ADD COLUMN cors_exposure  jsonb;

-- Sites publishing a server card (the /analysis figure).
CREATE INDEX latest_scans_server_card_idx ON latest_scans (website_id) WHERE server_card IS NOT NULL;

ALTER TABLE site_scan_outcomes
  ADD COLUMN not_scanned  jsonb;

-- The newest not-scanned scan's {reason, rule, path} and its scan time; kept when
-- retention prunes the outcome history (never replaced by an older one).
ALTER TABLE site_liveness
  ADD COLUMN not_scanned     jsonb,
  ADD COLUMN not_scanned_at  timestamptz;
