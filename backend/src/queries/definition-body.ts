import type { ClickHouseClient } from '@clickhouse/client';
import { historyDefinitionKindSchema, type DefinitionBodyResponse } from '@mcp-census/schemas/api/site-history';
import { z } from 'zod';

/**
 * The stored body of one definition, only when a scan of that site (within
 * retention) listed it: a hash is no key to other sites' definitions. Bodies
 * are deduplicated at read time (argMax by the newest scan that saw them, see
 * 0007_site_scan_history.sql), so the answer is the same before and after merges.
 */
const SQL = `
SELECT argMax(kind, ver) AS kind, argMax(body, ver) AS body
FROM site_definition_bodies
WHERE hash = {hash:String}
  AND (SELECT count() FROM site_scan_history WHERE website_id = {site:UInt64} AND has(def_hashes, {hash:String})) > 0
GROUP BY hash`;

const rowSchema = z.object({ kind: historyDefinitionKindSchema, body: z.string() });
const bodySchema = z.record(z.string(), z.unknown());

export async function readDefinitionBody(clickhouse: ClickHouseClient, websiteId: number, hash: string): Promise<DefinitionBodyResponse | null> {
  const rs = await clickhouse.query({ query: SQL, format: 'JSONEachRow', query_params: { hash, site: websiteId } });
  const [row] = z.array(rowSchema).parse(await rs.json());
  if (!row) return null;
  let definition: unknown;
  try {
    definition = JSON.parse(row.body);
  } catch {
    // the projector writes JSON; anything else is no definition we can show
    return null;
  }
  const parsed = bodySchema.safeParse(definition);
  return parsed.success ? { hash, kind: row.kind, definition: parsed.data } : null;
}
