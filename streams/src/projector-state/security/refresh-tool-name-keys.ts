import type pg from 'pg';
import { hasNonLatinLookalike, toolNameKey } from '../../security/index';
import { jsonRows, jsonRowsFrom, type JsonRowColumn } from '../json-rows';

const COLUMNS: readonly JsonRowColumn[] = [
  { name: 'name_key', type: 'text' },
  { name: 'website_id', type: 'bigint' },
  { name: 'tool_name', type: 'text' },
  { name: 'lookalike', type: 'boolean' },
];
const INSERT_SQL = `INSERT INTO tool_name_keys (name_key, website_id, tool_name, lookalike)
  SELECT name_key, website_id, tool_name, lookalike FROM ${jsonRowsFrom(1, COLUMNS)} AS x ON CONFLICT DO NOTHING`;

/** A site whose tool set was just replaced, with its tool names as stored (cleaned). */
export interface SiteToolNames {
  websiteId: number;
  toolNames: readonly string[];
}

/**
 * Cross-server tool shadowing (SAFE-T1301) input, incrementally: `sites` just
 * got new tool sets, so only their name-key rows are replaced; no other
 * site's rows are read or written. The names are those the chunk just wrote
 * to site_tools (the caller passes them, saving a read back). The analytics
 * group the keys at read time (read-shadowing-pairs.ts), which is what makes
 * a generic name shared by thousands of servers cost nothing per event.
 */
export async function refreshToolNameKeys(client: pg.PoolClient, sites: readonly SiteToolNames[]): Promise<void> {
  if (sites.length === 0) return;
  await client.query('DELETE FROM tool_name_keys WHERE website_id = ANY($1::bigint[])', [sites.map((s) => s.websiteId)]);
  const rows: unknown[][] = [];
  for (const site of sites) {
    for (const name of site.toolNames) {
      const key = toolNameKey(name);
      if (key !== '') rows.push([key, site.websiteId, name, hasNonLatinLookalike(name.normalize('NFKC'))]);
    }
  }
  if (rows.length === 0) return;
  await client.query(INSERT_SQL, [jsonRows(COLUMNS, rows)]);
}
