-- Deferred security refresh (issue 18). A projector chunk changes its sites' findings and
-- liveness in several statements, each refreshing those sites' security pairs at once
-- (migration 0023): the same sites several times over, and each refresh locks the sites'
-- security rows, which must come after the shadowing aggregates' lock (taken by the tool
-- name writes) or two chunks deadlock. So the lock was taken mid-chunk and held to the end,
-- and concurrent chunks queued behind each other for most of their transactions.
--
-- A transaction that calls security_defer_refresh() has its refreshes collected instead
-- (transaction-local settings, gone at commit or rollback) and does them once, in
-- security_flush_deferred(), after its tool names: it locks nothing of the security tables
-- before the aggregates' lock, which it now takes at its end. Any other writer refreshes at
-- once, as before.

ALTER FUNCTION security_refresh_sites(bigint[]) RENAME TO security_refresh_sites_now;

CREATE FUNCTION security_refresh_sites(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  IF current_setting('census.security_deferred', true) = 'on' THEN
    PERFORM set_config('census.security_deferred_sites',
                       concat_ws(',', NULLIF(current_setting('census.security_deferred_sites', true), ''), array_to_string(ids, ',')), true);
    RETURN;
  END IF;
  PERFORM security_refresh_sites_now(ids);
END $$;

CREATE FUNCTION security_defer_refresh() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('census.security_deferred', 'on', true);
  PERFORM set_config('census.security_deferred_sites', '', true);
END $$;

CREATE FUNCTION security_flush_deferred() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  ids := string_to_array(NULLIF(current_setting('census.security_deferred_sites', true), ''), ',')::bigint[];
  PERFORM set_config('census.security_deferred', 'off', true);
  PERFORM set_config('census.security_deferred_sites', '', true);
  PERFORM security_refresh_sites_now(ARRAY(SELECT DISTINCT unnest(ids) ORDER BY 1));
END $$;
