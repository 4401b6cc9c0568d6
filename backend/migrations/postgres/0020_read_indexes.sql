-- Read paths at a million sites (issue 18). Search is a case-insensitive
-- substring (ILIKE '%term%'), which a btree cannot serve: trigram GIN indexes
-- can (pg_trgm ships with PostgreSQL's contrib modules, the embedded build included;
-- it is a trusted extension, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- /api/websites search over name or url (each side of the OR uses its own index).
CREATE INDEX websites_name_trgm_idx ON websites USING gin (name gin_trgm_ops) WHERE active;
CREATE INDEX websites_url_trgm_idx ON websites USING gin (url gin_trgm_ops) WHERE active;
-- /api/websites?category=…: filter and list order in one index walk (keyset pages too).
CREATE INDEX websites_active_category_name_idx ON websites (category, name, id) WHERE active;
-- The few active sites that the figures leave out (opted out) or inactive ones,
-- so counts over "everything but those" stay cheap.
CREATE INDEX websites_left_out_idx ON websites (id) WHERE NOT active OR opted_out;

-- /api/mcp-discovery search on item names and the endpoints list's site-name search.
CREATE INDEX site_tools_name_trgm_idx ON site_tools USING gin (name gin_trgm_ops);
CREATE INDEX site_resources_name_trgm_idx ON site_resources USING gin (name gin_trgm_ops);
CREATE INDEX site_prompts_name_trgm_idx ON site_prompts USING gin (name gin_trgm_ops);
-- Discovery lists in their order (name, site, position) without sorting every item.
CREATE INDEX site_tools_name_order_idx ON site_tools (name, website_id, position);
CREATE INDEX site_resources_name_order_idx ON site_resources (name, website_id, position);
CREATE INDEX site_prompts_name_order_idx ON site_prompts (name, website_id, position);

-- The discovery endpoints list: the sites whose latest reached scan named an endpoint.
CREATE INDEX latest_scans_endpoint_idx ON latest_scans (website_id) WHERE mcp_endpoint IS NOT NULL;

-- Sites counted as MCP are a small part of the catalogue: reach them without scanning every liveness row.
CREATE INDEX site_liveness_mcp_idx ON site_liveness (website_id) WHERE status = 'mcp';

-- /api/scan-progress "errors today": the few failed scans of the day without reading every event.
CREATE INDEX scan_progress_events_errors_idx ON scan_progress_events (scan_time) WHERE had_error;
