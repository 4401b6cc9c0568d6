-- Maintained /api/mcp-discovery totals (issue 18): the four list counts without a
-- search term, summed from a few rows instead of counting millions of joined items
-- on every read. Same pattern as 0021: each site's contribution, kept exact by
-- statement-level triggers in the transaction that changes the state it counts.
--
-- discovery_site_counts holds each site's contribution under the rules of the
-- lists in backend/src/queries/mcp-discovery.ts (active, not opted out; endpoints:
-- the latest scan named an endpoint and liveness is mcp or no-mcp; items: the site's
-- rows while liveness is mcp). A change appends the difference (new minus old) to
-- discovery_count_deltas; a total is the sum of its column. Appending never contends
-- between writers; the deltas are folded now and then under an advisory lock.
-- A site with no row contributes nothing (a new, unscanned site needs none).

CREATE TABLE discovery_site_counts (
  website_id  bigint PRIMARY KEY,
  endpoints   integer NOT NULL DEFAULT 0,
  tools       integer NOT NULL DEFAULT 0,
  resources   integer NOT NULL DEFAULT 0,
  prompts     integer NOT NULL DEFAULT 0
);

CREATE TABLE discovery_count_deltas (
  id          bigserial PRIMARY KEY,
  endpoints   bigint NOT NULL,
  tools       bigint NOT NULL,
  resources   bigint NOT NULL,
  prompts     bigint NOT NULL
);

-- Each site's contribution as the lists count it (all zero when the site is gone). With `only_column`
-- set ('endpoints', 'tools', 'resources' or 'prompts') the other columns are left NULL and not
-- read: a change to one item table moves only its own count.
CREATE FUNCTION discovery_fresh_counts(ids bigint[], only_column text DEFAULT NULL)
  RETURNS TABLE (website_id bigint, endpoints integer, tools integer, resources integer, prompts integer)
  LANGUAGE sql STABLE AS $$
  SELECT i.id,
         CASE WHEN only_column IS NULL OR only_column = 'endpoints' THEN
           (f.shown AND COALESCE(v.status IN ('mcp', 'no-mcp'), false)
                    AND EXISTS (SELECT 1 FROM latest_scans l WHERE l.website_id = i.id AND l.mcp_endpoint IS NOT NULL))::int END,
         CASE WHEN only_column IS NULL OR only_column = 'tools' THEN
           CASE WHEN f.items THEN (SELECT count(*) FROM site_tools t WHERE t.website_id = i.id)::int ELSE 0 END END,
         CASE WHEN only_column IS NULL OR only_column = 'resources' THEN
           CASE WHEN f.items THEN (SELECT count(*) FROM site_resources r WHERE r.website_id = i.id)::int ELSE 0 END END,
         CASE WHEN only_column IS NULL OR only_column = 'prompts' THEN
           CASE WHEN f.items THEN (SELECT count(*) FROM site_prompts p WHERE p.website_id = i.id)::int ELSE 0 END END
    FROM (SELECT DISTINCT unnest(ids) AS id) i
    LEFT JOIN websites w ON w.id = i.id
    LEFT JOIN site_liveness v ON v.website_id = i.id
    CROSS JOIN LATERAL (SELECT COALESCE(w.active AND NOT w.opted_out, false) AS shown,
                               COALESCE(w.active AND NOT w.opted_out AND v.status = 'mcp', false) AS items) f
$$;

-- Folds the deltas into one row; one folder at a time (others skip), and rows of
-- transactions not yet committed are left for the next fold.
CREATE FUNCTION discovery_fold_count_deltas() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('discovery_count_deltas')) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM discovery_count_deltas RETURNING *)
  INSERT INTO discovery_count_deltas (endpoints, tools, resources, prompts)
  SELECT COALESCE(sum(endpoints), 0), COALESCE(sum(tools), 0), COALESCE(sum(resources), 0), COALESCE(sum(prompts), 0) FROM moved;
END $$;

-- Recomputes the given sites' contributions (or the one column `only_column` names) and appends what
-- changed. The sites of one write are a sliver of the tables: reach them by key (past a few
-- thousand ids the planner would rather scan millions of rows), hence the settings.
CREATE FUNCTION discovery_refresh_sites(ids bigint[], only_column text DEFAULT NULL) RETURNS void LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- Lock each site's row (in id order: no deadlock between refreshes) before reading the
  -- state, so a concurrent refresh of the same site is waited for and its result seen
  -- (each statement of a volatile function reads a new snapshot).
  INSERT INTO discovery_site_counts (website_id) SELECT DISTINCT unnest(ids) ORDER BY 1 ON CONFLICT (website_id) DO NOTHING;
  PERFORM 1 FROM discovery_site_counts WHERE website_id = ANY (ids) ORDER BY website_id FOR UPDATE;
  -- One statement: the old row (o) and the fresh one (n) of every site whose contribution changed
  -- (materialized: each count is read once, not again in the filter, SET and RETURNING).
  WITH fresh AS MATERIALIZED (
    SELECT o.website_id, o.endpoints AS o_endpoints, o.tools AS o_tools, o.resources AS o_resources, o.prompts AS o_prompts,
           COALESCE(f.endpoints, o.endpoints) AS endpoints, COALESCE(f.tools, o.tools) AS tools,
           COALESCE(f.resources, o.resources) AS resources, COALESCE(f.prompts, o.prompts) AS prompts
      FROM discovery_fresh_counts(ids, only_column) f JOIN discovery_site_counts o ON o.website_id = f.website_id
  ),
  changed AS (
    UPDATE discovery_site_counts s
       SET endpoints = n.endpoints, tools = n.tools, resources = n.resources, prompts = n.prompts
      FROM fresh n
     WHERE s.website_id = n.website_id
       AND (n.o_endpoints, n.o_tools, n.o_resources, n.o_prompts) IS DISTINCT FROM (n.endpoints, n.tools, n.resources, n.prompts)
    RETURNING n.endpoints - n.o_endpoints AS endpoints, n.tools - n.o_tools AS tools,
              n.resources - n.o_resources AS resources, n.prompts - n.o_prompts AS prompts
  )
  INSERT INTO discovery_count_deltas (endpoints, tools, resources, prompts)
  SELECT sum(endpoints), sum(tools), sum(resources), sum(prompts) FROM changed HAVING count(*) > 0;
  -- A removed website leaves nothing behind.
  DELETE FROM discovery_site_counts s WHERE s.website_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM websites w WHERE w.id = s.website_id);
  -- Keep the deltas short: fold about one write in fifty.
  IF random() < 0.02 THEN PERFORM discovery_fold_count_deltas(); END IF;
END $$;

-- Statement-level triggers (one refresh per statement, not per row). Transition tables
-- allow one event per trigger, hence three per table. Each refreshes only the rows whose
-- change can move a count, so a rescan that finds the same keeps its cost to a filter.
CREATE FUNCTION discovery_websites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new site without liveness contributes nothing: no lock and no row, which keeps a
    -- million-site import fast. One that somehow has liveness already is refreshed.
    PERFORM discovery_refresh_sites(ARRAY(SELECT n.id FROM new_rows n WHERE EXISTS (SELECT 1 FROM site_liveness v WHERE v.website_id = n.id)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM discovery_refresh_sites(ARRAY(
      SELECT COALESCE(n.id, o.id) FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
       WHERE n.id IS NULL OR o.id IS NULL OR (n.active, n.opted_out) IS DISTINCT FROM (o.active, o.opted_out)));
  ELSE PERFORM discovery_refresh_sites(ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION discovery_latest_scans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only whether the latest scan names an endpoint counts.
  IF TG_OP = 'INSERT' THEN PERFORM discovery_refresh_sites(ARRAY(SELECT website_id FROM new_rows WHERE mcp_endpoint IS NOT NULL), 'endpoints');
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM discovery_refresh_sites(ARRAY(
      SELECT COALESCE(n.website_id, o.website_id) FROM new_rows n FULL JOIN old_rows o ON o.website_id = n.website_id
       WHERE n.website_id IS NULL OR o.website_id IS NULL OR (n.mcp_endpoint IS NULL) <> (o.mcp_endpoint IS NULL)), 'endpoints');
  ELSE PERFORM discovery_refresh_sites(ARRAY(SELECT website_id FROM old_rows WHERE mcp_endpoint IS NOT NULL), 'endpoints');
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION discovery_site_liveness_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a status of mcp or no-mcp counts; a site without liveness contributes nothing.
  IF TG_OP = 'INSERT' THEN PERFORM discovery_refresh_sites(ARRAY(SELECT website_id FROM new_rows WHERE status IN ('mcp', 'no-mcp')));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM discovery_refresh_sites(ARRAY(
      SELECT COALESCE(n.website_id, o.website_id) FROM new_rows n FULL JOIN old_rows o ON o.website_id = n.website_id
       WHERE n.website_id IS NULL OR o.website_id IS NULL OR n.status IS DISTINCT FROM o.status));
  ELSE PERFORM discovery_refresh_sites(ARRAY(SELECT website_id FROM old_rows WHERE status IN ('mcp', 'no-mcp')));
  END IF;
  RETURN NULL;
END $$;

-- site_tools, site_resources, site_prompts: a site's row count moves on insert and delete
-- (the state projector replaces a changed site's items), on update only if a row changes site;
-- only that table's column (the trigger's argument) is recounted.
CREATE FUNCTION discovery_site_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM discovery_refresh_sites(ARRAY(SELECT DISTINCT website_id FROM new_rows), TG_ARGV[0]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM discovery_refresh_sites(ARRAY((SELECT website_id FROM new_rows EXCEPT ALL SELECT website_id FROM old_rows)
                                          UNION (SELECT website_id FROM old_rows EXCEPT ALL SELECT website_id FROM new_rows)), TG_ARGV[0]);
  ELSE PERFORM discovery_refresh_sites(ARRAY(SELECT DISTINCT website_id FROM old_rows), TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;

-- Every contribution from scratch: the deltas become one row of the exact totals. Only sites
-- with a liveness of mcp or no-mcp can contribute, so the others are not visited.
CREATE FUNCTION discovery_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Waits for the writers that refreshed sites to commit, and holds off new ones until this
  -- commits, so no delta lands between the clearing and the recount.
  LOCK TABLE discovery_site_counts IN EXCLUSIVE MODE;
  PERFORM pg_advisory_xact_lock(hashtext('discovery_count_deltas'));
  DELETE FROM discovery_count_deltas;
  DELETE FROM discovery_site_counts;
  INSERT INTO discovery_site_counts
  SELECT * FROM discovery_fresh_counts(ARRAY(SELECT website_id FROM site_liveness WHERE status IN ('mcp', 'no-mcp'))) f
   WHERE f.endpoints + f.tools + f.resources + f.prompts > 0;
  INSERT INTO discovery_count_deltas (endpoints, tools, resources, prompts)
  SELECT COALESCE(sum(endpoints), 0), COALESCE(sum(tools), 0), COALESCE(sum(resources), 0), COALESCE(sum(prompts), 0) FROM discovery_site_counts;
END $$;

-- A TRUNCATE (the state projection's rebuild) recounts.
CREATE FUNCTION discovery_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM discovery_recount();
  RETURN NULL;
END $$;

CREATE TRIGGER discovery_websites_ins AFTER INSERT ON websites REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_websites_changed();
CREATE TRIGGER discovery_websites_upd AFTER UPDATE ON websites REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_websites_changed();
CREATE TRIGGER discovery_websites_del AFTER DELETE ON websites REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_websites_changed();
CREATE TRIGGER discovery_latest_scans_ins AFTER INSERT ON latest_scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_latest_scans_changed();
CREATE TRIGGER discovery_latest_scans_upd AFTER UPDATE ON latest_scans REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_latest_scans_changed();
CREATE TRIGGER discovery_latest_scans_del AFTER DELETE ON latest_scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_latest_scans_changed();
CREATE TRIGGER discovery_site_liveness_ins AFTER INSERT ON site_liveness REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_liveness_changed();
CREATE TRIGGER discovery_site_liveness_upd AFTER UPDATE ON site_liveness REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_liveness_changed();
CREATE TRIGGER discovery_site_liveness_del AFTER DELETE ON site_liveness REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_liveness_changed();
CREATE TRIGGER discovery_site_tools_ins AFTER INSERT ON site_tools REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('tools');
CREATE TRIGGER discovery_site_tools_upd AFTER UPDATE ON site_tools REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('tools');
CREATE TRIGGER discovery_site_tools_del AFTER DELETE ON site_tools REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('tools');
CREATE TRIGGER discovery_site_resources_ins AFTER INSERT ON site_resources REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('resources');
CREATE TRIGGER discovery_site_resources_upd AFTER UPDATE ON site_resources REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('resources');
CREATE TRIGGER discovery_site_resources_del AFTER DELETE ON site_resources REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('resources');
CREATE TRIGGER discovery_site_prompts_ins AFTER INSERT ON site_prompts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('prompts');
CREATE TRIGGER discovery_site_prompts_upd AFTER UPDATE ON site_prompts REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('prompts');
CREATE TRIGGER discovery_site_prompts_del AFTER DELETE ON site_prompts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION discovery_site_items_changed('prompts');
CREATE TRIGGER discovery_websites_truncate AFTER TRUNCATE ON websites FOR EACH STATEMENT EXECUTE FUNCTION discovery_truncated();
CREATE TRIGGER discovery_latest_scans_truncate AFTER TRUNCATE ON latest_scans FOR EACH STATEMENT EXECUTE FUNCTION discovery_truncated();
CREATE TRIGGER discovery_site_liveness_truncate AFTER TRUNCATE ON site_liveness FOR EACH STATEMENT EXECUTE FUNCTION discovery_truncated();
CREATE TRIGGER discovery_site_tools_truncate AFTER TRUNCATE ON site_tools FOR EACH STATEMENT EXECUTE FUNCTION discovery_truncated();
CREATE TRIGGER discovery_site_resources_truncate AFTER TRUNCATE ON site_resources FOR EACH STATEMENT EXECUTE FUNCTION discovery_truncated();
CREATE TRIGGER discovery_site_prompts_truncate AFTER TRUNCATE ON site_prompts FOR EACH STATEMENT EXECUTE FUNCTION discovery_truncated();

-- The counts of the sites already there.
SELECT discovery_recount();
