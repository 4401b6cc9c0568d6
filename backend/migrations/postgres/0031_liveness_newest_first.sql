-- The liveness refresh (streams/src/projector-state/liveness/record-outcomes.ts) derived each
-- touched site's row from its whole outcome history: every scan read and sorted up to
-- RETENTION_DAYS (730) rows of its site, so a daily census projected slower every day it ran
-- (at 30 days of history, half of the state projector's database time). It now walks each
-- history from the newest outcome and stops at what it needs. The one value that may lie
-- anywhere in a history, the newest not-scanned scan's rule, is found through this index of
-- the few rows that hold one.
CREATE INDEX site_scan_outcomes_not_scanned_idx ON site_scan_outcomes (website_id, scan_time DESC, event_id DESC)
  WHERE outcome = 'not-scanned' AND not_scanned IS NOT NULL;
