-- Maintained security analytics (issue 18). /api/security/analytics counts, per
-- SAFE-MCP technique, the servers (active, not opted out, confirmed MCP) with a
-- finding of it, at the worst severity of those findings, and names the first
-- three. Read from the findings at request time that is seconds at a million
-- sites; kept here, in the transaction that changes the state, it is a few rows.
--
-- * security_site_pairs: each counted site's worst rank (1 critical … 4 low) per
--   technique, from its per-site findings (site_findings) and cross-server tool
--   shadowing (SAFE-T1301), with the site's name and url for the examples.
--   security_rank_deltas holds the differences appended per change (summed on
--   read, folded now and then), so concurrent writers never share a counter row.
-- * shadow_keys / shadow_key_spellings / shadow_multi_sites: aggregates of
--   tool_name_keys (rows and sites per normalised name, rows per spelling, sites
--   listing a name more than once) from which one site's T1301 severity follows
--   without reading other sites' rows. A change to a name re-evaluates the sites
--   whose severity it can flip, not every site sharing the name.
-- * The population rule of SAFE-T1001 (a description more than 3σ longer than
--   the mean over ≥ 30 descriptions) depends on every tool, so it stays a read:
--   tool_description_length_deltas keeps n, Σ length and Σ length², and an
--   index on length(description) finds the few tools past the threshold.

CREATE TABLE shadow_keys (
  name_key  text PRIMARY KEY,
  sites     integer NOT NULL, -- distinct sites listing the name
  rows      integer NOT NULL  -- rows of tool_name_keys with the name
);
CREATE TABLE shadow_key_spellings (
  name_key  text NOT NULL,
  tool_name text NOT NULL,
  rows      integer NOT NULL,
  PRIMARY KEY (name_key, tool_name)
);
-- (name, site) with two or more spellings: the only sites whose severity can flip
-- when other spellings' counts move between non-zero values.
CREATE TABLE shadow_multi_sites (
  name_key   text NOT NULL,
  website_id bigint NOT NULL,
  rows       integer NOT NULL,
  PRIMARY KEY (name_key, website_id)
);

CREATE TABLE tool_description_length_deltas (
  id      bigserial PRIMARY KEY,
  n       bigint NOT NULL,
  total   numeric NOT NULL,
  squares numeric NOT NULL
);
CREATE INDEX site_tools_description_length_idx ON site_tools ((length(description)));

-- Lock rows: one per site ever refreshed, taken in id order before its pairs are read.
CREATE TABLE security_sites (website_id bigint PRIMARY KEY);
CREATE TABLE security_site_pairs (
  website_id   bigint NOT NULL,
  technique_id text NOT NULL,
  rank         smallint NOT NULL,
  name         text NOT NULL,
  url          text NOT NULL,
  PRIMARY KEY (website_id, technique_id)
);
-- The examples: the first three sites of a technique by (rank, name, id), an index walk.
CREATE INDEX security_site_pairs_examples_idx ON security_site_pairs (technique_id, rank, name, website_id) INCLUDE (url);
CREATE TABLE security_rank_deltas (
  id           bigserial PRIMARY KEY,
  technique_id text NOT NULL,
  rank         smallint NOT NULL,
  sites        bigint NOT NULL
);

CREATE FUNCTION security_severity_rank(severity text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE severity WHEN 'critical' THEN 1 WHEN 'high' THEN 2 WHEN 'medium' THEN 3 ELSE 4 END)::smallint
$$;

-- The pairs the given sites contribute now (none for a site that is not counted).
-- T1301, the rule of crossServerShadowingFindings(): a name listed by ≥ 2 sites flags each
-- (site, spelling); low when no other site spells it differently (rows of the name minus rows
-- of this spelling minus this site's other spellings), else high for Cyrillic/Greek
-- look-alikes, else medium.
-- Per counted site (the outer rows), its findings and shadowed names by index lookups: a
-- few thousand sites per write must not turn into a scan of every finding.
CREATE FUNCTION security_fresh_pairs(ids bigint[])
  RETURNS TABLE (website_id bigint, technique_id text, rank smallint, name text, url text)
  LANGUAGE sql STABLE AS $$
  SELECT c.id, x.technique_id, min(x.rank)::smallint, c.name, c.url
    FROM (SELECT w.id, w.name, w.url
            FROM (SELECT DISTINCT unnest(ids) AS id) i
            JOIN websites w ON w.id = i.id AND w.active AND NOT w.opted_out
            JOIN site_liveness v ON v.website_id = i.id AND v.status = 'mcp') c
    CROSS JOIN LATERAL (
      SELECT f.technique_id, security_severity_rank(f.severity) AS rank FROM site_findings f WHERE f.website_id = c.id
      UNION ALL
      SELECT 'SAFE-T1301',
             CASE WHEN g.rows - s.rows - (k.site_rows - 1) <= 0 THEN 4 WHEN k.lookalike THEN 2 ELSE 3 END::smallint
        FROM (SELECT t.name_key, t.tool_name, t.lookalike, count(*) OVER (PARTITION BY t.name_key) AS site_rows
                FROM tool_name_keys t WHERE t.website_id = c.id) k
        JOIN shadow_keys g ON g.name_key = k.name_key AND g.sites >= 2
        JOIN shadow_key_spellings s ON s.name_key = k.name_key AND s.tool_name = k.tool_name
    ) x
   GROUP BY c.id, x.technique_id, c.name, c.url
$$;

CREATE FUNCTION security_fold_rank_deltas() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('security_rank_deltas')) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM security_rank_deltas RETURNING *)
  INSERT INTO security_rank_deltas (technique_id, rank, sites)
  SELECT technique_id, rank, sum(sites) FROM moved GROUP BY technique_id, rank HAVING sum(sites) <> 0;
  IF NOT pg_try_advisory_xact_lock(hashtext('tool_description_length_deltas')) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM tool_description_length_deltas RETURNING *)
  INSERT INTO tool_description_length_deltas (n, total, squares)
  SELECT sum(n), sum(total), sum(squares) FROM moved HAVING count(*) > 0;
END $$;

-- Recomputes the given sites' pairs and appends the difference. Like census_refresh_sites:
-- lock each site's row in id order, then read; index lookups only (a write's sites are a sliver).
CREATE FUNCTION security_refresh_sites(ids bigint[]) RETURNS void LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  gone_technique text[];
  gone_rank smallint[];
  gone_sites bigint[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  INSERT INTO security_sites (website_id) SELECT DISTINCT unnest(ids) ORDER BY 1 ON CONFLICT (website_id) DO NOTHING;
  PERFORM 1 FROM security_sites WHERE website_id = ANY (ids) ORDER BY website_id FOR UPDATE;
  -- The sites' pairs are replaced whole (a diff against the fresh set would compare
  -- row by row); the deltas carry only the net change per technique and rank.
  WITH gone AS (DELETE FROM security_site_pairs WHERE website_id = ANY (ids) RETURNING technique_id, rank)
  SELECT array_agg(g.technique_id), array_agg(g.rank), array_agg(g.n) INTO gone_technique, gone_rank, gone_sites
    FROM (SELECT technique_id, rank, count(*) AS n FROM gone GROUP BY technique_id, rank) g;
  WITH added AS (INSERT INTO security_site_pairs SELECT * FROM security_fresh_pairs(ids) RETURNING technique_id, rank),
  diff AS (
    SELECT technique_id, rank, count(*) AS n FROM added GROUP BY technique_id, rank
    UNION ALL
    SELECT u.technique_id, u.rank, -u.n FROM unnest(gone_technique, gone_rank, gone_sites) AS u(technique_id, rank, n)
  )
  INSERT INTO security_rank_deltas (technique_id, rank, sites)
  SELECT technique_id, rank, sum(n) FROM diff GROUP BY technique_id, rank HAVING sum(n) <> 0;
  DELETE FROM security_sites s WHERE s.website_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM websites w WHERE w.id = s.website_id);
  IF random() < 0.02 THEN PERFORM security_fold_rank_deltas(); END IF;
END $$;

-- Applies a change of tool_name_keys rows to the shadowing aggregates and returns the
-- sites whose T1301 severity can have changed: the changed sites themselves; every site
-- of a name whose site count crossed 2; for a spelling whose count of other spellings'
-- rows moved, its sites when that count was or became 0, else the sites listing the name
-- more than once with as many rows as the count crossed (a site's own other spellings are
-- discounted; see security_fresh_pairs).
CREATE FUNCTION security_shadow_apply(added tool_name_keys[], removed tool_name_keys[]) RETURNS bigint[] LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
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
    SELECT x.name_key, x.website_id, x.after_rows, x.after_rows - x.n AS before_rows
      FROM (SELECT s.name_key, s.website_id, s.n,
                   (SELECT count(*) FROM tool_name_keys k WHERE k.name_key = s.name_key AND k.website_id = s.website_id) AS after_rows
              FROM (SELECT name_key, website_id, sum(n) AS n FROM d GROUP BY 1, 2) s) x
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

-- Rebuilds every aggregate and pair from the tables (TRUNCATE, and the migration itself).
CREATE FUNCTION security_recount_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('shadow_keys'));
  PERFORM pg_advisory_xact_lock(hashtext('security_rank_deltas'));
  PERFORM pg_advisory_xact_lock(hashtext('tool_description_length_deltas'));
  DELETE FROM shadow_keys;
  DELETE FROM shadow_key_spellings;
  DELETE FROM shadow_multi_sites;
  INSERT INTO shadow_keys SELECT name_key, count(DISTINCT website_id), count(*) FROM tool_name_keys GROUP BY name_key;
  INSERT INTO shadow_key_spellings SELECT name_key, tool_name, count(*) FROM tool_name_keys GROUP BY name_key, tool_name;
  INSERT INTO shadow_multi_sites SELECT name_key, website_id, count(*) FROM tool_name_keys GROUP BY name_key, website_id HAVING count(*) >= 2;
  DELETE FROM tool_description_length_deltas;
  INSERT INTO tool_description_length_deltas (n, total, squares)
  SELECT count(description), COALESCE(sum(length(description)), 0), COALESCE(sum(length(description)::numeric * length(description)), 0) FROM site_tools;
  DELETE FROM security_rank_deltas;
  DELETE FROM security_site_pairs;
  INSERT INTO security_site_pairs
  SELECT * FROM security_fresh_pairs(ARRAY(SELECT v.website_id FROM site_liveness v WHERE v.status = 'mcp'));
  INSERT INTO security_rank_deltas (technique_id, rank, sites)
  SELECT technique_id, rank, count(*) FROM security_site_pairs GROUP BY technique_id, rank;
END $$;

-- Statement-level triggers (transition tables allow one event per trigger, hence three per table).
CREATE FUNCTION security_liveness_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Of a site's liveness only "confirmed MCP or not" counts here; most writes (every scan's
  -- outcome) leave it as it was and need no work.
  IF TG_OP = 'INSERT' THEN
    PERFORM security_refresh_sites(ARRAY(SELECT website_id FROM new_rows WHERE status = 'mcp'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM security_refresh_sites(ARRAY(SELECT n.website_id FROM new_rows n JOIN old_rows o ON o.website_id = n.website_id
                                         WHERE (n.status = 'mcp') IS DISTINCT FROM (o.status = 'mcp')));
  ELSE
    PERFORM security_refresh_sites(ARRAY(SELECT website_id FROM old_rows WHERE status = 'mcp'));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION security_sites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- a new catalogue site has no liveness yet, so it counts for nothing: no work (fast import)
    IF TG_TABLE_NAME = 'websites' THEN
      PERFORM security_refresh_sites(ARRAY(SELECT n.id FROM new_rows n WHERE EXISTS (SELECT 1 FROM site_liveness v WHERE v.website_id = n.id)));
    ELSE
      PERFORM security_refresh_sites(ARRAY(SELECT n.website_id FROM new_rows n));
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF TG_TABLE_NAME = 'websites' THEN
      PERFORM security_refresh_sites(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                           WHERE (n.active, n.opted_out, n.name, n.url) IS DISTINCT FROM (o.active, o.opted_out, o.name, o.url)));
    ELSE
      PERFORM security_refresh_sites(ARRAY(SELECT website_id FROM new_rows UNION SELECT website_id FROM old_rows));
    END IF;
  ELSIF TG_TABLE_NAME = 'websites' THEN
    PERFORM security_refresh_sites(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM security_refresh_sites(ARRAY(SELECT website_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION security_tool_name_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM security_refresh_sites(security_shadow_apply(ARRAY(SELECT ROW(n.name_key, n.website_id, n.tool_name, n.lookalike)::tool_name_keys FROM new_rows n), '{}'::tool_name_keys[]));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM security_refresh_sites(security_shadow_apply(ARRAY(SELECT ROW(n.name_key, n.website_id, n.tool_name, n.lookalike)::tool_name_keys FROM new_rows n), ARRAY(SELECT ROW(o.name_key, o.website_id, o.tool_name, o.lookalike)::tool_name_keys FROM old_rows o)));
  ELSE
    PERFORM security_refresh_sites(security_shadow_apply('{}'::tool_name_keys[], ARRAY(SELECT ROW(o.name_key, o.website_id, o.tool_name, o.lookalike)::tool_name_keys FROM old_rows o)));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION security_site_tools_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO tool_description_length_deltas (n, total, squares)
    SELECT count(description), COALESCE(sum(length(description)), 0), COALESCE(sum(length(description)::numeric * length(description)), 0)
      FROM new_rows HAVING count(description) > 0;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO tool_description_length_deltas (n, total, squares)
    SELECT -count(description), -COALESCE(sum(length(description)), 0), -COALESCE(sum(length(description)::numeric * length(description)), 0)
      FROM old_rows HAVING count(description) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION security_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM security_recount_all();
  RETURN NULL;
END $$;

CREATE TRIGGER security_websites_ins AFTER INSERT ON websites REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_sites_changed();
CREATE TRIGGER security_websites_upd AFTER UPDATE ON websites REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_sites_changed();
CREATE TRIGGER security_websites_del AFTER DELETE ON websites REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_sites_changed();
CREATE TRIGGER security_site_liveness_ins AFTER INSERT ON site_liveness REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_liveness_changed();
CREATE TRIGGER security_site_liveness_upd AFTER UPDATE ON site_liveness REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_liveness_changed();
CREATE TRIGGER security_site_liveness_del AFTER DELETE ON site_liveness REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_liveness_changed();
CREATE TRIGGER security_site_findings_ins AFTER INSERT ON site_findings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_sites_changed();
CREATE TRIGGER security_site_findings_upd AFTER UPDATE ON site_findings REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_sites_changed();
CREATE TRIGGER security_site_findings_del AFTER DELETE ON site_findings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_sites_changed();
CREATE TRIGGER security_tool_name_keys_ins AFTER INSERT ON tool_name_keys REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_tool_name_keys_changed();
CREATE TRIGGER security_tool_name_keys_upd AFTER UPDATE ON tool_name_keys REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_tool_name_keys_changed();
CREATE TRIGGER security_tool_name_keys_del AFTER DELETE ON tool_name_keys REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_tool_name_keys_changed();
CREATE TRIGGER security_site_tools_ins AFTER INSERT ON site_tools REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_site_tools_changed();
CREATE TRIGGER security_site_tools_upd AFTER UPDATE ON site_tools REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_site_tools_changed();
CREATE TRIGGER security_site_tools_del AFTER DELETE ON site_tools REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_site_tools_changed();
CREATE TRIGGER security_websites_truncate AFTER TRUNCATE ON websites FOR EACH STATEMENT EXECUTE FUNCTION security_truncated();
CREATE TRIGGER security_site_liveness_truncate AFTER TRUNCATE ON site_liveness FOR EACH STATEMENT EXECUTE FUNCTION security_truncated();
CREATE TRIGGER security_site_findings_truncate AFTER TRUNCATE ON site_findings FOR EACH STATEMENT EXECUTE FUNCTION security_truncated();
CREATE TRIGGER security_tool_name_keys_truncate AFTER TRUNCATE ON tool_name_keys FOR EACH STATEMENT EXECUTE FUNCTION security_truncated();
CREATE TRIGGER security_site_tools_truncate AFTER TRUNCATE ON site_tools FOR EACH STATEMENT EXECUTE FUNCTION security_truncated();

SELECT security_recount_all();
-- The planner needs the new length index's statistics to walk it for the T1001 tail
-- (without them it guesses a third of the tools and reads them all).
ANALYZE site_tools;
