-- Two security triggers (0023) matched a statement's new rows to its old rows with an inner
-- join. Transition tables have no index, and PL/pgSQL plans a trigger's statement once per
-- connection and keeps the plan: planned first for a one-row update (a nested loop is the
-- cheapest join of two one-row tables), it compared every row of each later update with every
-- other, O(n²). The state projector's connections update thousands of liveness rows a chunk:
-- 400 ms a chunk, half of its database time in a daily census. A full join (what the
-- discovery triggers of 0022 use) can only be a hash or merge join, whatever the plan was made
-- for. On an update both sides hold the same keys; a key on one side only (an update of the
-- key itself) is refreshed too, which is harmless.

CREATE OR REPLACE FUNCTION security_liveness_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Of a site's liveness only "confirmed MCP or not" counts here; most writes (every scan's
  -- outcome) leave it as it was and need no work.
  IF TG_OP = 'INSERT' THEN
    PERFORM security_refresh_sites(ARRAY(SELECT website_id FROM new_rows WHERE status = 'mcp'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM security_refresh_sites(ARRAY(SELECT COALESCE(n.website_id, o.website_id) FROM new_rows n FULL JOIN old_rows o ON o.website_id = n.website_id
                                         WHERE (n.status = 'mcp') IS DISTINCT FROM (o.status = 'mcp')));
  ELSE
    PERFORM security_refresh_sites(ARRAY(SELECT website_id FROM old_rows WHERE status = 'mcp'));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION security_sites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      PERFORM security_refresh_sites(ARRAY(SELECT COALESCE(n.id, o.id) FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
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
