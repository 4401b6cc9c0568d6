-- Two indexes of latest_scans that no read uses any more (issue 18): the census figures
-- come from the maintained counts (0021), not from has_mcp with the item counts, and
-- "last scan" from website_scan_state, not from latest_scans.scan_time. Every projected
-- scan that moves a site's latest scan (a new event id: never a HOT update) wrote an
-- entry into each of them.
DROP INDEX IF EXISTS latest_scans_mcp_idx;
DROP INDEX IF EXISTS latest_scans_scan_time_idx;
