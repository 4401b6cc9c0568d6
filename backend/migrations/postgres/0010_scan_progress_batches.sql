-- The batch a folded scan.completed event belongs to, so a site rescanned under
-- the same batch id (a scan request redelivered after a crash) counts once
-- towards scan_batches.completed_count, even when the results arrive in
-- different chunks. Pruned with the rest of scan_progress_events.
ALTER TABLE scan_progress_events ADD COLUMN batch_id uuid;
CREATE INDEX scan_progress_events_batch_site_idx ON scan_progress_events (batch_id, website_id) WHERE batch_id IS NOT NULL;
