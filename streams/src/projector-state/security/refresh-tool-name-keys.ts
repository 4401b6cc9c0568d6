import type pg from 'pg';
import { hasNonLatinLookalike, toolNameKey } from '../../security/index';

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
  const rows = sites
    .flatMap((s) => s.toolNames.map((name) => ({ site: s.websiteId, name })))
    .map((r) => ({ ...r, key: toolNameKey(r.name), lookalike: hasNonLatinLookalike(r.name.normalize('NFKC')) }))
    .filter((r) => r.key !== '');
  if (rows.length === 0) return;
  await client.query(
    'INSERT INTO tool_name_keys (name_key, website_id, tool_name, lookalike) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::boolean[]) ON CONFLICT DO NOTHING',
    [rows.map((r) => r.key), rows.map((r) => r.site), rows.map((r) => r.name), rows.map((r) => r.lookalike)],
  );
}
