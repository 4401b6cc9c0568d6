-- Registry sync (backend/src/jobs/registry-sync-job.ts): the daily read of a
-- public MCP registry's server list. Each run is recorded here with its counts,
-- so the admin panel can show what the last one did and why it failed.
-- Sites it adds have `websites.source = 'registry'`.

-- The remote endpoint a public registry lists for the site, and the name of
-- the registry entry that lists it. Kept apart from `catalogue_endpoint` (which
-- every start re-applies from the built-in list) and `registered_endpoint`, so
-- no source overwrites another: the scheduler prefers the registered one, then
-- the catalogue's, then this. Written only while NULL (the first registry entry
-- of a host keeps it), never by an operator's import.
ALTER TABLE websites
  ADD COLUMN registry_endpoint text
    CHECK (registry_endpoint IS NULL OR char_length(registry_endpoint) BETWEEN 1 AND 2048),
  ADD COLUMN registry_server text
    CHECK (registry_server IS NULL OR char_length(registry_server) BETWEEN 1 AND 200),
  ADD CONSTRAINT websites_registry_server_needs_endpoint
    CHECK (registry_server IS NULL OR registry_endpoint IS NOT NULL);

CREATE TABLE registry_sync_runs (
  id                 bigserial PRIMARY KEY,
  registry_url       text NOT NULL CHECK (char_length(registry_url) BETWEEN 1 AND 2048),
  started_at         timestamptz NOT NULL,
  finished_at        timestamptz,
  -- partial: stopped early (page cap, a repeated cursor, lost leadership); the pages read stay written
  status             text NOT NULL CHECK (status IN ('running', 'succeeded', 'partial', 'failed')),
  pages              integer NOT NULL DEFAULT 0 CHECK (pages >= 0),
  servers_read       integer NOT NULL DEFAULT 0 CHECK (servers_read >= 0),
  endpoints_seen     integer NOT NULL DEFAULT 0 CHECK (endpoints_seen >= 0),
  endpoints_rejected integer NOT NULL DEFAULT 0 CHECK (endpoints_rejected >= 0),
  sites_added        integer NOT NULL DEFAULT 0 CHECK (sites_added >= 0),
  endpoints_added    integer NOT NULL DEFAULT 0 CHECK (endpoints_added >= 0),
  malformed_skipped  integer NOT NULL DEFAULT 0 CHECK (malformed_skipped >= 0),
  inactive_skipped   integer NOT NULL DEFAULT 0 CHECK (inactive_skipped >= 0),
  error              text CHECK (error IS NULL OR char_length(error) <= 1000),
  CHECK ((status = 'running') = (finished_at IS NULL))
);
CREATE INDEX registry_sync_runs_started_idx ON registry_sync_runs (started_at DESC);
