-- Scheduled jobs (backend/src/jobs): the run ledger that makes catch-up
-- idempotent, and the per-subscriber delivery ledger of e-mailed reports.

-- One row per job and period it ran for: '2026-11-22' (a UTC day),
-- '2026-W48' (an ISO week) or '2026-11' (a month). A period whose row is
-- 'succeeded' never runs again; 'running' left by a stopped process and
-- 'failed' are run again by the active scheduler. `run_id` fences the finish:
-- only the run that wrote the row may close it.
CREATE TABLE scheduled_job_runs (
  job          text NOT NULL CHECK (char_length(job) BETWEEN 1 AND 60),
  period_key   text NOT NULL CHECK (char_length(period_key) BETWEEN 7 AND 10),
  status       text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  run_id       uuid NOT NULL,
  attempts     integer NOT NULL DEFAULT 1,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  detail       text CHECK (detail IS NULL OR char_length(detail) <= 1000),
  PRIMARY KEY (job, period_key)
);
CREATE INDEX scheduled_job_runs_started_idx ON scheduled_job_runs (started_at);

-- One row per subscription and report period: the unique key is what keeps a
-- restart from sending twice. A row is written ('sending') before the message
-- is handed to the mail server and marked 'sent' after; a 'sending' row is
-- never sent again (at most once: after a crash between the two steps the
-- message may or may not have gone out, and a duplicate is the worse outcome).
-- 'retry': the server refused it or could not be reached, so it was certainly
-- not delivered and is tried again; 'abandoned': given up (a permanent
-- refusal, an ambiguous failure, too many attempts, or an interrupted send).
CREATE TABLE report_deliveries (
  subscription_id  bigint NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  period_key       text NOT NULL CHECK (char_length(period_key) BETWEEN 7 AND 10),
  status           text NOT NULL CHECK (status IN ('sending', 'sent', 'retry', 'abandoned')),
  attempts         integer NOT NULL DEFAULT 1,
  claimed_at       timestamptz NOT NULL,
  sent_at          timestamptz,
  message_id       text CHECK (message_id IS NULL OR char_length(message_id) <= 300),
  error            text CHECK (error IS NULL OR char_length(error) <= 500),
  PRIMARY KEY (subscription_id, period_key)
);
CREATE INDEX report_deliveries_period_idx ON report_deliveries (period_key, status);
CREATE INDEX report_deliveries_sending_idx ON report_deliveries (claimed_at) WHERE status = 'sending';

-- Eligible subscribers of one frequency, in id order (the report job pages through them).
CREATE INDEX subscriptions_active_frequency_idx ON subscriptions (frequency, id) WHERE is_active;
