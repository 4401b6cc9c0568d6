-- /api/mcp-discovery pages without a search term, walked in list order (issue 18). The
-- lists joined every item (or every endpoint site) to its site and liveness, then sorted
-- to cut one page: at a million sites a page deep in a list (page 100 of 50) took
-- 600-1,300 ms. The planner prefers that hash-and-sort because it prices the index walk's
-- probes above a scan, an estimate that grows wrong with the tables.
--
-- Here a page walks the list's order index and keeps the rows whose site shows in the
-- list, read from discovery_site_counts (0022): its counts follow the same rules as the
-- lists (endpoints = 1: active, not opted out, liveness mcp or no-mcp, an endpoint named;
-- an item count above 0: the site's items show), kept exact in the transaction that
-- changes the state. One key probe per walked row instead of two, and only the page's
-- rows are then read whole. The settings make the walk the plan: the cost is linear in
-- the page's depth, whatever the size of the census.

CREATE FUNCTION discovery_endpoints_page(page_limit integer, page_offset integer)
  RETURNS TABLE (website_name text, website_url text, endpoint text, has_mcp boolean, evidence text)
  LANGUAGE sql STABLE
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET enable_sort = off
  SET max_parallel_workers_per_gather = 0 SET jit = off AS $$
  SELECT w.name, w.url, l.mcp_endpoint, l.has_mcp, l.evidence
    FROM (SELECT s.id, s.name FROM websites s
           WHERE s.active AND EXISTS (SELECT 1 FROM discovery_site_counts d WHERE d.website_id = s.id AND d.endpoints > 0)
           ORDER BY s.name, s.id LIMIT page_limit OFFSET page_offset) page
    JOIN websites w ON w.id = page.id
    JOIN latest_scans l ON l.website_id = page.id
   ORDER BY page.name, page.id
$$;

CREATE FUNCTION discovery_tools_page(page_limit integer, page_offset integer)
  RETURNS TABLE (website_name text, website_url text, website_id bigint, "position" integer, name text, description text, category text)
  LANGUAGE sql STABLE
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET enable_sort = off
  SET max_parallel_workers_per_gather = 0 SET jit = off AS $$
  SELECT w.name, w.url, t.website_id, t.position, t.name, t.description, t.category
    FROM (SELECT i.name, i.website_id, i.position FROM site_tools i
           WHERE EXISTS (SELECT 1 FROM discovery_site_counts d WHERE d.website_id = i.website_id AND d.tools > 0)
           ORDER BY i.name, i.website_id, i.position LIMIT page_limit OFFSET page_offset) page
    JOIN site_tools t ON t.website_id = page.website_id AND t.position = page.position
    JOIN websites w ON w.id = page.website_id
   ORDER BY page.name, page.website_id, page.position
$$;

CREATE FUNCTION discovery_resources_page(page_limit integer, page_offset integer)
  RETURNS TABLE (website_name text, website_url text, website_id bigint, "position" integer, name text, description text, type text)
  LANGUAGE sql STABLE
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET enable_sort = off
  SET max_parallel_workers_per_gather = 0 SET jit = off AS $$
  SELECT w.name, w.url, r.website_id, r.position, r.name, r.description, r.type
    FROM (SELECT i.name, i.website_id, i.position FROM site_resources i
           WHERE EXISTS (SELECT 1 FROM discovery_site_counts d WHERE d.website_id = i.website_id AND d.resources > 0)
           ORDER BY i.name, i.website_id, i.position LIMIT page_limit OFFSET page_offset) page
    JOIN site_resources r ON r.website_id = page.website_id AND r.position = page.position
    JOIN websites w ON w.id = page.website_id
   ORDER BY page.name, page.website_id, page.position
$$;

CREATE FUNCTION discovery_prompts_page(page_limit integer, page_offset integer)
  RETURNS TABLE (website_name text, website_url text, website_id bigint, "position" integer, name text, description text, arguments jsonb)
  LANGUAGE sql STABLE
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET enable_sort = off
  SET max_parallel_workers_per_gather = 0 SET jit = off AS $$
  SELECT w.name, w.url, p.website_id, p.position, p.name, p.description, p.arguments
    FROM (SELECT i.name, i.website_id, i.position FROM site_prompts i
           WHERE EXISTS (SELECT 1 FROM discovery_site_counts d WHERE d.website_id = i.website_id AND d.prompts > 0)
           ORDER BY i.name, i.website_id, i.position LIMIT page_limit OFFSET page_offset) page
    JOIN site_prompts p ON p.website_id = page.website_id AND p.position = page.position
    JOIN websites w ON w.id = page.website_id
   ORDER BY page.name, page.website_id, page.position
$$;
