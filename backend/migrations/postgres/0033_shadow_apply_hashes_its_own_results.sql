-- The shadowing aggregates' apply (0023, 0028) ran with hash and merge joins priced off, so
-- that the tables it reads are reached by key. Its statement also joins two of its own
-- intermediate results (every spelling of the changed names, and the names' totals), which
-- have no index: priced off, that join was a nested loop, every spelling compared with every
-- name. A chunk whose servers share a few generic names never showed it; 2,000 servers with
-- 20 names of their own each (40,000 names, what real servers look like) took 12 s a chunk.
-- Hash joins are allowed again: sequential scans stay priced off, so a table is still read
-- through its index, and the intermediate results are hashed. The definition is otherwise 0028's.
CREATE OR REPLACE FUNCTION security_shadow_apply(added tool_name_keys[], removed tool_name_keys[]) RETURNS bigint[] LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_mergejoin = off SET jit = off AS $$
DECLARE
  keys text[];
  affected bigint[];
BEGIN
  keys := ARRAY(SELECT DISTINCT x.name_key FROM (SELECT a.name_key FROM unnest(added) a UNION ALL SELECT r.name_key FROM unnest(removed) r) x ORDER BY 1);
  IF cardinality(keys) = 0 THEN RETURN '{}'; END IF;
  -- One writer of the aggregates at a time, until it commits. Per-name row locks alone
  -- deadlock: a transaction changes names in several statements (delete, then insert), so
  -- two writers sharing popular names would take them in crossing orders.
  PERFORM pg_advisory_xact_lock(hashtext('shadow_keys'));
  INSERT INTO shadow_keys (name_key, sites, rows) SELECT k, 0, 0 FROM unnest(keys) k ORDER BY 1 ON CONFLICT (name_key) DO NOTHING;

  -- One statement: the aggregates as they stand (before) plus this change (after).
  WITH d AS (
    SELECT a.name_key, a.website_id, a.tool_name, 1 AS n FROM unnest(added) a
    UNION ALL SELECT r.name_key, r.website_id, r.tool_name, -1 FROM unnest(removed) r
  ),
  site_change AS ( -- rows of (name, site) after (the table already holds them) and before
    SELECT s.name_key, s.website_id, c.after_rows, c.after_rows - s.n AS before_rows
      FROM (SELECT name_key, website_id, sum(n) AS n FROM d GROUP BY 1, 2) s
      CROSS JOIN LATERAL (SELECT count(*) AS after_rows FROM tool_name_keys k WHERE k.name_key = s.name_key AND k.website_id = s.website_id) c
  ),
  key_state AS (
    SELECT g.name_key, g.sites AS sites_before, g.sites + c.sites AS sites_after, g.rows AS rows_before, g.rows + c.rows AS rows_after
      FROM (SELECT name_key, sum((after_rows > 0)::int - (before_rows > 0)::int) AS sites, sum(after_rows - before_rows) AS rows
              FROM site_change GROUP BY 1) c
      JOIN shadow_keys g ON g.name_key = c.name_key
  ),
  spelling_delta AS (SELECT name_key, tool_name, sum(n) AS rows FROM d GROUP BY 1, 2),
  spelling_state AS ( -- every spelling of a changed name: rows before and after
    SELECT s.name_key, s.tool_name, s.rows AS before_rows, s.rows + COALESCE(sd.rows, 0) AS after_rows
      FROM shadow_key_spellings s LEFT JOIN spelling_delta sd ON sd.name_key = s.name_key AND sd.tool_name = s.tool_name
     WHERE s.name_key = ANY (keys)
    UNION ALL
    SELECT sd.name_key, sd.tool_name, 0, sd.rows FROM spelling_delta sd
     WHERE NOT EXISTS (SELECT 1 FROM shadow_key_spellings s WHERE s.name_key = sd.name_key AND s.tool_name = sd.tool_name)
  ),
  others AS ( -- per spelling, rows of the name's other spellings, before and after
    SELECT s.name_key, s.tool_name,
           least(ks.rows_before - s.before_rows, ks.rows_after - s.after_rows) AS lo,
           greatest(ks.rows_before - s.before_rows, ks.rows_after - s.after_rows) AS hi
      FROM spelling_state s JOIN key_state ks ON ks.name_key = s.name_key
     WHERE greatest(ks.sites_before, ks.sites_after) >= 2
       AND ks.rows_before - s.before_rows <> ks.rows_after - s.after_rows
  ),
  flipped AS (
    SELECT k.website_id FROM key_state ks JOIN tool_name_keys k ON k.name_key = ks.name_key
     WHERE least(ks.sites_before, ks.sites_after) < 2 AND greatest(ks.sites_before, ks.sites_after) >= 2
    UNION
    SELECT k.website_id FROM others o JOIN tool_name_keys k ON k.name_key = o.name_key AND k.tool_name = o.tool_name
     WHERE o.lo = 0
    UNION
    SELECT m.website_id FROM others o JOIN shadow_multi_sites m ON m.name_key = o.name_key
     WHERE o.lo > 0 AND m.rows > o.lo AND m.rows <= o.hi
    UNION
    SELECT website_id FROM site_change
  ),
  keys_done AS (
    UPDATE shadow_keys g SET sites = ks.sites_after, rows = ks.rows_after FROM key_state ks WHERE g.name_key = ks.name_key RETURNING 1
  ),
  spellings_done AS (
    INSERT INTO shadow_key_spellings (name_key, tool_name, rows)
    SELECT name_key, tool_name, rows FROM spelling_delta WHERE rows <> 0
    ON CONFLICT (name_key, tool_name) DO UPDATE SET rows = shadow_key_spellings.rows + EXCLUDED.rows RETURNING 1
  ),
  multi_set AS (
    INSERT INTO shadow_multi_sites (name_key, website_id, rows)
    SELECT name_key, website_id, after_rows FROM site_change WHERE after_rows >= 2
    ON CONFLICT (name_key, website_id) DO UPDATE SET rows = EXCLUDED.rows RETURNING 1
  ),
  multi_gone AS (
    DELETE FROM shadow_multi_sites m USING site_change c
     WHERE m.name_key = c.name_key AND m.website_id = c.website_id AND c.after_rows < 2 RETURNING 1
  )
  -- (data-modifying WITH parts run to completion whether read or not)
  SELECT ARRAY(SELECT website_id FROM flipped ORDER BY 1) INTO affected;
  DELETE FROM shadow_key_spellings WHERE name_key = ANY (keys) AND rows = 0;
  DELETE FROM shadow_keys WHERE name_key = ANY (keys) AND rows = 0;
  RETURN affected;
END $$;
