-- The census figures' triggers (0021) refreshed every site whose latest_scans or site_liveness
-- row an update touched. A daily rescan rewrites both rows of every site it scans (scan time,
-- event, response time, outcome time) and almost never moves a figure, yet each refresh read
-- and compared the site's whole contribution: in a steady census about a sixth of the state
-- projector's database time (1.4 s of some 8 s per 100,000 rescans) spent to change nothing.
-- An update now refreshes only the sites whose columns census_fresh_figures reads changed.
-- Inserts and deletes refresh as before. A full join of the transition tables, as in 0032:
-- it can only be a hash or merge join, whatever size the cached plan was made for.
CREATE OR REPLACE FUNCTION census_site_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM census_refresh_sites(ARRAY(SELECT website_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN PERFORM census_refresh_sites(ARRAY(SELECT website_id FROM old_rows));
  ELSIF TG_TABLE_NAME = 'latest_scans' THEN
    PERFORM census_refresh_sites(ARRAY(
      SELECT COALESCE(n.website_id, o.website_id) FROM new_rows n FULL JOIN old_rows o ON o.website_id = n.website_id
       WHERE n.website_id IS NULL OR o.website_id IS NULL
          OR (n.has_mcp, n.tools_count, n.resources_count, n.prompts_count, n.server_card IS NULL)
             IS DISTINCT FROM (o.has_mcp, o.tools_count, o.resources_count, o.prompts_count, o.server_card IS NULL)));
  ELSIF TG_TABLE_NAME = 'site_liveness' THEN
    PERFORM census_refresh_sites(ARRAY(
      SELECT COALESCE(n.website_id, o.website_id) FROM new_rows n FULL JOIN old_rows o ON o.website_id = n.website_id
       WHERE n.website_id IS NULL OR o.website_id IS NULL OR (n.status, n.last_outcome) IS DISTINCT FROM (o.status, o.last_outcome)));
  ELSE
    PERFORM census_refresh_sites(ARRAY(SELECT website_id FROM new_rows UNION SELECT website_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
