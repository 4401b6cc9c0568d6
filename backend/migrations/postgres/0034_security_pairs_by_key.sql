-- security_fresh_pairs (0023) joined the refreshed ids to websites and site_liveness with
-- inner joins, which the planner may reorder. The refreshes run with hash and merge joins
-- off, so when the statistics counted fewer confirmed-MCP sites than a chunk has ids (a
-- projection confirms sites faster than they are re-analyzed) it read every MCP site by
-- status and compared each with each id in a nested loop: at 100k sites 6.8M comparisons
-- in one 5,000-event chunk, about a quarter of the chunk statements' time, and growing with
-- the census. Each id now looks up its own site and liveness row by key: OFFSET 0 keeps the
-- lateral subquery from being flattened into the join, so the ids always drive it.

CREATE OR REPLACE FUNCTION security_fresh_pairs(ids bigint[])
  RETURNS TABLE (website_id bigint, technique_id text, rank smallint, name text, url text)
  LANGUAGE sql STABLE AS $$
  SELECT c.id, x.technique_id, min(x.rank)::smallint, c.name, c.url
    FROM (SELECT DISTINCT unnest(ids) AS id) i
    CROSS JOIN LATERAL (
      SELECT w.id, w.name, w.url
        FROM websites w JOIN site_liveness v ON v.website_id = w.id
       WHERE w.id = i.id AND v.website_id = i.id AND w.active AND NOT w.opted_out AND v.status = 'mcp'
      OFFSET 0) c
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
