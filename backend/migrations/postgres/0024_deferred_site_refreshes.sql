-- Deferred site refreshes (issue 18). A projector chunk changes its sites' latest scans,
-- items, findings and liveness in several statements, and each statement's triggers
-- refreshed those sites' census figures (0021), discovery counts (0022) and security pairs
-- (0023) at once: the same sites four to ten times a chunk. The security refreshes also lock
-- the sites' security rows, which must come after the shadowing aggregates' lock (taken by
-- the tool name writes) or two chunks deadlock, so that lock was taken mid-chunk and held to
-- the end, and concurrent chunks queued behind each other for most of their transactions.
--
-- A transaction that calls defer_site_refreshes() has its refreshes collected instead (as
-- transaction-local settings, gone at commit or rollback) and does each kind once per site:
-- flush_figure_refreshes() for the census and discovery figures, flush_security_refreshes()
-- after its tool names. It locks nothing of the security tables before the aggregates' lock,
-- which it takes at its end. Any other writer refreshes at once, as before.

ALTER FUNCTION census_refresh_sites(bigint[]) RENAME TO census_refresh_sites_now;
ALTER FUNCTION discovery_refresh_sites(bigint[], text) RENAME TO discovery_refresh_sites_now;
ALTER FUNCTION security_refresh_sites(bigint[]) RENAME TO security_refresh_sites_now;

-- Appends ids to the deferred list `setting`; false (nothing appended) when not deferring.
CREATE FUNCTION deferred_sites_add(setting text, ids bigint[]) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('census.refreshes_deferred', true) IS DISTINCT FROM 'on' THEN RETURN false; END IF;
  PERFORM set_config(setting, concat_ws(',', NULLIF(current_setting(setting, true), ''), array_to_string(ids, ',')), true);
  RETURN true;
END $$;

-- Empties the deferred list `setting`; its distinct ids in order (the lock order of every refresh).
CREATE FUNCTION deferred_sites_take(setting text) RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  ids := string_to_array(NULLIF(current_setting(setting, true), ''), ',')::bigint[];
  PERFORM set_config(setting, '', true);
  RETURN ARRAY(SELECT DISTINCT unnest(ids) ORDER BY 1);
END $$;

CREATE FUNCTION census_refresh_sites(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  IF NOT deferred_sites_add('census.deferred_census_sites', ids) THEN PERFORM census_refresh_sites_now(ids); END IF;
END $$;

-- Deferred, a site is refreshed whole: one refresh of every count instead of one per column.
CREATE FUNCTION discovery_refresh_sites(ids bigint[], only_column text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  IF NOT deferred_sites_add('census.deferred_discovery_sites', ids) THEN PERFORM discovery_refresh_sites_now(ids, only_column); END IF;
END $$;

CREATE FUNCTION security_refresh_sites(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  IF NOT deferred_sites_add('census.deferred_security_sites', ids) THEN PERFORM security_refresh_sites_now(ids); END IF;
END $$;

CREATE FUNCTION defer_site_refreshes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('census.refreshes_deferred', 'on', true);
  PERFORM set_config('census.deferred_census_sites', '', true);
  PERFORM set_config('census.deferred_discovery_sites', '', true);
  PERFORM set_config('census.deferred_security_sites', '', true);
END $$;

CREATE FUNCTION flush_figure_refreshes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM census_refresh_sites_now(deferred_sites_take('census.deferred_census_sites'));
  PERFORM discovery_refresh_sites_now(deferred_sites_take('census.deferred_discovery_sites'));
END $$;

-- The last flush: refreshes from here on run at once again, and whatever is still deferred runs now.
CREATE FUNCTION flush_security_refreshes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('census.refreshes_deferred', 'off', true);
  PERFORM flush_figure_refreshes();
  PERFORM security_refresh_sites_now(deferred_sites_take('census.deferred_security_sites'));
END $$;
