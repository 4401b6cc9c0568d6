-- A daily rescan rewrites three rows of every site it scans: its latest scan (new event, time
-- and latency), its liveness (outcome time) and its rug-pull baseline pointer. None of those
-- columns is needed in an index, so each could be a HOT update (a new row version on the same
-- page, no index entries), but two things made every one a full update:
-- * latest_scans_event_idx: a new event id is an indexed column that changes. Its only reader
--   was the state projector's "which sites did this chunk change", which now finds the rows by
--   site (the primary key) and then compares the event.
-- * full pages: a table loaded in one pass leaves no room on a page for a second version.
--   A fillfactor of 80 keeps a fifth of each page free for the next rescan's versions.
DROP INDEX IF EXISTS latest_scans_event_idx;
ALTER TABLE latest_scans SET (fillfactor = 80);
ALTER TABLE site_liveness SET (fillfactor = 80);
ALTER TABLE site_previous_scans SET (fillfactor = 80);
