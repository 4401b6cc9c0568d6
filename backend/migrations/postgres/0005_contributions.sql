-- Visitors' contributions and report e-mail subscriptions, and scheduled
-- deletions of scan history reports.

-- Endpoint registrations (POST /api/register-mcp-endpoint). A registration is
-- kept whatever the outcome; the site joins the catalogue only when the
-- server itself verified the endpoint (status 'verified', website_id set).
CREATE TABLE endpoint_registrations (
  id             bigserial PRIMARY KEY,
  website_name   text NOT NULL CHECK (char_length(website_name) BETWEEN 1 AND 200),
  website_url    text NOT NULL CHECK (char_length(website_url) BETWEEN 1 AND 2048),
  description    text CHECK (description IS NULL OR char_length(description) <= 2000),
  contact_email  text NOT NULL CHECK (char_length(contact_email) BETWEEN 3 AND 254),
  mcp_endpoint   text NOT NULL CHECK (char_length(mcp_endpoint) BETWEEN 1 AND 2048),
  status         text NOT NULL CHECK (status IN ('verified', 'rejected')),
  failure        text CHECK (failure IS NULL OR char_length(failure) <= 300),
  website_id     bigint REFERENCES websites (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX endpoint_registrations_created_idx ON endpoint_registrations (created_at);

-- Scanning-method suggestions (POST /api/suggest-scanning-method), for review.
CREATE TABLE scanning_suggestions (
  id               bigserial PRIMARY KEY,
  suggestion_type  text NOT NULL CHECK (suggestion_type IN ('endpoint', 'header', 'content', 'config', 'discovery', 'other')),
  endpoint         text CHECK (endpoint IS NULL OR char_length(endpoint) <= 2048),
  http_method      text CHECK (http_method IS NULL OR http_method IN ('GET', 'POST', 'PUT', 'OPTIONS')),
  description      text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 4000),
  example          text CHECK (example IS NULL OR char_length(example) <= 4000),
  contact_email    text NOT NULL CHECK (char_length(contact_email) BETWEEN 3 AND 254),
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Adoption report subscriptions: one row per address (case-insensitive); a
-- repeated subscription updates the frequency and re-activates it.
CREATE TABLE subscriptions (
  id          bigserial PRIMARY KEY,
  email       text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  frequency   text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscriptions_email_idx ON subscriptions (lower(email));

-- A scan history report scheduled for deletion on `scheduled_for` (the day
-- after the request); the daily job removes it then.
CREATE TABLE scan_report_deletions (
  report_id      integer PRIMARY KEY REFERENCES scan_history_reports (id) ON DELETE CASCADE,
  scheduled_for  date NOT NULL,
  requested_at   timestamptz NOT NULL DEFAULT now()
);
