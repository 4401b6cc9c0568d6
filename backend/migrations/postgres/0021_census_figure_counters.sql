-- Maintained census figures (issue 18): the headline counts (metrics, category
-- statistics, scan progress, /api/websites totals) summed from a few rows
-- instead of joining a million sites on every read. Exact by construction:
-- triggers keep them in the same transaction as the state they count.
--
-- census_site_figures holds each site's contribution (0/1 flags, capability
-- counts), computed from websites, latest_scans and site_liveness with the
-- same rules as schemas/src/counted-mcp.ts. A change to a site appends the
-- difference (new minus old contribution) to census_figure_deltas, keyed by
-- the site's category; a figure is the sum of its column. Appending never
-- contends between concurrent writers (no hot counter row); the deltas are
-- folded now and then by whichever writer takes the advisory lock.

CREATE TABLE census_site_figures (
  website_id    bigint PRIMARY KEY,
  category      text,
  listed        integer NOT NULL DEFAULT 0, -- active (the /api/websites list)
  figured       integer NOT NULL DEFAULT 0, -- active and not opted out (every census figure)
  mcp           integer NOT NULL DEFAULT 0, -- figured and counted as MCP
  capable       integer NOT NULL DEFAULT 0, -- mcp with at least one tool, resource or prompt
  tools         integer NOT NULL DEFAULT 0, -- when mcp: its latest scan's counts
  resources     integer NOT NULL DEFAULT 0,
  prompts       integer NOT NULL DEFAULT 0,
  reachable     integer NOT NULL DEFAULT 0, -- figured and the newest scan reached the site
  unreachable   integer NOT NULL DEFAULT 0, -- figured and confirmed unreachable
  server_cards  integer NOT NULL DEFAULT 0  -- figured, a server card in the latest reached scan, confirmed reached
);

CREATE TABLE census_figure_deltas (
  id            bigserial PRIMARY KEY,
  category      text,
  listed        bigint NOT NULL,
  figured       bigint NOT NULL,
  mcp           bigint NOT NULL,
  capable       bigint NOT NULL,
  tools         bigint NOT NULL,
  resources     bigint NOT NULL,
  prompts       bigint NOT NULL,
  reachable     bigint NOT NULL,
  unreachable   bigint NOT NULL,
  server_cards  bigint NOT NULL
);

-- Each site's contribution as the figures count it (all zero when the site is gone).
CREATE FUNCTION census_fresh_figures(ids bigint[])
  RETURNS TABLE (website_id bigint, category text, listed integer, figured integer, mcp integer, capable integer, tools integer,
                 resources integer, prompts integer, reachable integer, unreachable integer, server_cards integer)
  LANGUAGE sql STABLE AS $$
  SELECT i.id, w.category,
         (COALESCE(w.active, false))::int,
         f.figured::int,
         (f.figured AND f.counted)::int,
         (f.figured AND f.counted AND l.tools_count + l.resources_count + l.prompts_count > 0)::int,
         CASE WHEN f.figured AND f.counted THEN l.tools_count ELSE 0 END,
         CASE WHEN f.figured AND f.counted THEN l.resources_count ELSE 0 END,
         CASE WHEN f.figured AND f.counted THEN l.prompts_count ELSE 0 END,
         (f.figured AND COALESCE(v.last_outcome IN ('mcp', 'no-mcp'), false))::int,
         (f.figured AND COALESCE(v.status = 'unreachable', false))::int,
         (f.figured AND COALESCE(l.server_card IS NOT NULL AND v.status IN ('mcp', 'no-mcp'), false))::int
    FROM (SELECT DISTINCT unnest(ids) AS id) i
    LEFT JOIN websites w ON w.id = i.id
    LEFT JOIN latest_scans l ON l.website_id = i.id
    LEFT JOIN site_liveness v ON v.website_id = i.id
    CROSS JOIN LATERAL (SELECT COALESCE(w.active AND NOT w.opted_out, false) AS figured,
                               COALESCE(l.has_mcp AND v.status = 'mcp', false) AS counted) f
$$;

-- Folds the deltas into one row per category; one folder at a time (others skip),
-- and rows of transactions not yet committed are left for the next fold.
CREATE FUNCTION census_fold_figure_deltas() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('census_figure_deltas')) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM census_figure_deltas RETURNING *)
  INSERT INTO census_figure_deltas (category, listed, figured, mcp, capable, tools, resources, prompts, reachable, unreachable, server_cards)
  SELECT category, sum(listed), sum(figured), sum(mcp), sum(capable), sum(tools), sum(resources), sum(prompts), sum(reachable), sum(unreachable), sum(server_cards)
    FROM moved GROUP BY category;
END $$;

-- Recomputes the given sites' contributions and appends what changed.
-- The sites of one write are a sliver of the tables: reach them by key. Past a few thousand ids
-- the planner would rather scan a million rows (seconds per catalogue chunk), hence the settings.
CREATE FUNCTION census_refresh_sites(ids bigint[]) RETURNS void LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- Lock each site's row (in id order: no deadlock between refreshes) before reading the
  -- state, so a concurrent refresh of the same site is waited for and its result seen
  -- (each statement of a volatile function reads a new snapshot).
  INSERT INTO census_site_figures (website_id) SELECT DISTINCT unnest(ids) ORDER BY 1 ON CONFLICT (website_id) DO NOTHING;
  PERFORM 1 FROM census_site_figures WHERE website_id = ANY (ids) ORDER BY website_id FOR UPDATE;
  -- One statement: the old row (o, the statement's snapshot) and the fresh one (f) of every site
  -- whose contribution changed, joined by key (index lookups: linear in the sites changed).
  WITH changed AS (
    UPDATE census_site_figures s
       SET category = f.category, listed = f.listed, figured = f.figured, mcp = f.mcp, capable = f.capable, tools = f.tools,
           resources = f.resources, prompts = f.prompts, reachable = f.reachable, unreachable = f.unreachable, server_cards = f.server_cards
      FROM census_fresh_figures(ids) f
      JOIN census_site_figures o ON o.website_id = f.website_id
     WHERE s.website_id = f.website_id
       AND (o.category, o.listed, o.figured, o.mcp, o.capable, o.tools, o.resources, o.prompts, o.reachable, o.unreachable, o.server_cards)
           IS DISTINCT FROM (f.category, f.listed, f.figured, f.mcp, f.capable, f.tools, f.resources, f.prompts, f.reachable, f.unreachable, f.server_cards)
    RETURNING f.category AS n_category, f.listed AS n_listed, f.figured AS n_figured, f.mcp AS n_mcp, f.capable AS n_capable, f.tools AS n_tools,
              f.resources AS n_resources, f.prompts AS n_prompts, f.reachable AS n_reachable, f.unreachable AS n_unreachable, f.server_cards AS n_server_cards,
              o.category AS o_category, o.listed AS o_listed, o.figured AS o_figured, o.mcp AS o_mcp, o.capable AS o_capable, o.tools AS o_tools,
              o.resources AS o_resources, o.prompts AS o_prompts, o.reachable AS o_reachable, o.unreachable AS o_unreachable, o.server_cards AS o_server_cards
  ),
  diff AS (
    SELECT n_category AS category, n_listed AS listed, n_figured AS figured, n_mcp AS mcp, n_capable AS capable, n_tools AS tools,
           n_resources AS resources, n_prompts AS prompts, n_reachable AS reachable, n_unreachable AS unreachable, n_server_cards AS server_cards
      FROM changed
    UNION ALL
    SELECT o_category, -o_listed, -o_figured, -o_mcp, -o_capable, -o_tools, -o_resources, -o_prompts, -o_reachable, -o_unreachable, -o_server_cards
      FROM changed
  )
  INSERT INTO census_figure_deltas (category, listed, figured, mcp, capable, tools, resources, prompts, reachable, unreachable, server_cards)
  SELECT category, sum(listed), sum(figured), sum(mcp), sum(capable), sum(tools), sum(resources), sum(prompts), sum(reachable), sum(unreachable), sum(server_cards)
    FROM diff GROUP BY category
  HAVING sum(abs(listed)) + sum(abs(figured)) + sum(abs(mcp)) + sum(abs(capable)) + sum(abs(tools)) + sum(abs(resources)) + sum(abs(prompts))
       + sum(abs(reachable)) + sum(abs(unreachable)) + sum(abs(server_cards)) > 0;
  -- A removed website leaves nothing behind.
  DELETE FROM census_site_figures s WHERE s.website_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM websites w WHERE w.id = s.website_id);
  -- Keep the deltas short: fold about one write in fifty.
  IF random() < 0.02 THEN PERFORM census_fold_figure_deltas(); END IF;
END $$;

-- Statement-level triggers (one refresh per statement, not per row). Transition
-- tables allow one event per trigger, hence three triggers per table.
CREATE FUNCTION census_websites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new site has no scan or liveness yet, so its contribution follows from the row
    -- alone: no joins and no locks, which keeps a million-site import fast. A row that
    -- somehow exists already is recomputed the general way.
    WITH added AS (
      INSERT INTO census_site_figures (website_id, category, listed, figured)
      SELECT id, category, active::int, (active AND NOT opted_out)::int FROM new_rows
          ON CONFLICT (website_id) DO NOTHING
      RETURNING category, listed, figured
    )
    INSERT INTO census_figure_deltas (category, listed, figured, mcp, capable, tools, resources, prompts, reachable, unreachable, server_cards)
    SELECT category, sum(listed), sum(figured), 0, 0, 0, 0, 0, 0, 0, 0 FROM added GROUP BY category;
    PERFORM census_refresh_sites(ARRAY(SELECT n.id FROM new_rows n
                                        WHERE EXISTS (SELECT 1 FROM latest_scans l WHERE l.website_id = n.id)
                                           OR EXISTS (SELECT 1 FROM site_liveness v WHERE v.website_id = n.id)));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM census_refresh_sites(ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows));
  ELSE PERFORM census_refresh_sites(ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION census_site_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM census_refresh_sites(ARRAY(SELECT website_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN PERFORM census_refresh_sites(ARRAY(SELECT website_id FROM new_rows UNION SELECT website_id FROM old_rows));
  ELSE PERFORM census_refresh_sites(ARRAY(SELECT website_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

-- A TRUNCATE (the state projection's rebuild) recomputes every site.
CREATE FUNCTION census_recount_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('census_figure_deltas'));
  DELETE FROM census_figure_deltas;
  DELETE FROM census_site_figures;
  INSERT INTO census_site_figures SELECT * FROM census_fresh_figures(ARRAY(SELECT id FROM websites));
  INSERT INTO census_figure_deltas (category, listed, figured, mcp, capable, tools, resources, prompts, reachable, unreachable, server_cards)
  SELECT category, sum(listed), sum(figured), sum(mcp), sum(capable), sum(tools), sum(resources), sum(prompts), sum(reachable), sum(unreachable), sum(server_cards)
    FROM census_site_figures GROUP BY category;
  RETURN NULL;
END $$;

CREATE TRIGGER census_websites_ins AFTER INSERT ON websites REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION census_websites_changed();
CREATE TRIGGER census_websites_upd AFTER UPDATE ON websites REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION census_websites_changed();
CREATE TRIGGER census_websites_del AFTER DELETE ON websites REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION census_websites_changed();
CREATE TRIGGER census_latest_scans_ins AFTER INSERT ON latest_scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION census_site_state_changed();
CREATE TRIGGER census_latest_scans_upd AFTER UPDATE ON latest_scans REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION census_site_state_changed();
CREATE TRIGGER census_latest_scans_del AFTER DELETE ON latest_scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION census_site_state_changed();
CREATE TRIGGER census_site_liveness_ins AFTER INSERT ON site_liveness REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION census_site_state_changed();
CREATE TRIGGER census_site_liveness_upd AFTER UPDATE ON site_liveness REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION census_site_state_changed();
CREATE TRIGGER census_site_liveness_del AFTER DELETE ON site_liveness REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION census_site_state_changed();
CREATE TRIGGER census_latest_scans_truncate AFTER TRUNCATE ON latest_scans FOR EACH STATEMENT EXECUTE FUNCTION census_recount_all();
CREATE TRIGGER census_site_liveness_truncate AFTER TRUNCATE ON site_liveness FOR EACH STATEMENT EXECUTE FUNCTION census_recount_all();
CREATE TRIGGER census_websites_truncate AFTER TRUNCATE ON websites FOR EACH STATEMENT EXECUTE FUNCTION census_recount_all();

-- The figures of the sites already there.
INSERT INTO census_site_figures SELECT * FROM census_fresh_figures(ARRAY(SELECT id FROM websites));
INSERT INTO census_figure_deltas (category, listed, figured, mcp, capable, tools, resources, prompts, reachable, unreachable, server_cards)
SELECT category, sum(listed), sum(figured), sum(mcp), sum(capable), sum(tools), sum(resources), sum(prompts), sum(reachable), sum(unreachable), sum(server_cards)
  FROM census_site_figures GROUP BY category;
