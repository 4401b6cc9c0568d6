-- The shadowing aggregates' apply (0023, 0028) ran with hash and merge joins priced off, so
-- that the tables it reads are reached by key. Its statement also joins two of its own
-- intermediate results (every spelling of the changed names, and the names' totals), which
-- have no index: priced off, that join was a nested loop, every spelling compared with every
-- name. A chunk whose servers share a few generic names never showed it; 2,000 servers with
-- 20 names of their own each (40,000 names, what real servers look like) took 12 s a chunk.
-- Hash joins are allowed again: sequential scans stay priced off, so a table is still read
-- through its index, and the intermediate results are hashed.
ALTER FUNCTION security_shadow_apply(tool_name_keys[], tool_name_keys[]) SET enable_hashjoin = on;
