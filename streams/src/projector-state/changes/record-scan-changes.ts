import type pg from 'pg';
import type { TypedEnvelope } from '../../kafka/envelope';
import { listTruncation } from '../list-truncation';
import { cleanText } from '../sanitize';
import type { LatestBefore } from './read-latest-before';

type Completed = TypedEnvelope<'scan.completed'>;

/** Bits of the per-site masks that allow capability-added / -removed rows for an item kind. */
const BIT = { tool: 1, resource: 2, prompt: 4 } as const;

/**
 * Records what the chunk's winning scans (the sites' new newest reached scans
 * whose content changed) changed: 'adopted' / 'dropped' when MCP appeared or
 * went, else the capabilities added, removed or redefined (by name, with
 * hashes). Runs after the guarded upsert and before the sites' tools,
 * resources and prompts are replaced: those rows are the "before". One
 * statement; the unique (event_id, kind, change_key) makes a redelivered
 * event add nothing.
 */
export async function recordScanChanges(client: pg.PoolClient, winners: readonly Completed[], before: ReadonlyMap<number, LatestBefore>): Promise<void> {
  if (winners.length === 0) return;
  const s = { site: [] as number[], event: [] as string[], at: [] as string[], status: [] as (string | null)[], addMask: [] as number[], removeMask: [] as number[] };
  const n = { site: [] as number[], kind: [] as string[], name: [] as string[], hash: [] as string[], pos: [] as number[] };
  for (const e of winners) {
    const site = e.payload.websiteId;
    const r = e.payload.result;
    const was = before.get(site);
    const adopted = r.hasMcp && was?.hasMcp !== true;
    const dropped = !r.hasMcp && was?.hasMcp === true;
    // Capabilities are compared only between two MCP scans: an adoption is one row, not every item added.
    const diff = r.hasMcp && was?.hasMcp === true;
    if (!adopted && !dropped && !diff) continue;
    let addMask = -1;
    let removeMask = -1;
    if (was && diff) {
      const cut = listTruncation(r);
      addMask = (was.truncated.tool ? 0 : BIT.tool) | (was.truncated.resource ? 0 : BIT.resource) | (was.truncated.prompt ? 0 : BIT.prompt);
      removeMask = (cut.tools ? 0 : BIT.tool) | (cut.resources ? 0 : BIT.resource) | (cut.prompts ? 0 : BIT.prompt);
      const add = (kind: keyof typeof BIT, name: string, hash: string, pos: number) => {
        n.site.push(site);
        n.kind.push(kind);
        // as replaceItemSets stores them, so names compare equal to the stored ones
        n.name.push(cleanText(name));
        n.hash.push(hash);
        n.pos.push(pos);
      };
      r.tools.forEach((t, i) => add('tool', t.name, t.hash, i));
      r.resources.forEach((x, i) => add('resource', x.name, x.hash, i));
      r.prompts.forEach((p, i) => add('prompt', p.name, p.hash, i));
    }
    s.site.push(site);
    s.event.push(e.eventId);
    s.at.push(e.payload.scanTime);
    s.status.push(adopted ? 'adopted' : dropped ? 'dropped' : null);
    s.addMask.push(addMask);
    s.removeMask.push(removeMask);
  }
  if (s.site.length === 0) return;
  await client.query(
    `WITH s AS (
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::timestamptz[], $4::text[], $5::integer[], $6::integer[])
         AS s(website_id, event_id, occurred_at, status_kind, add_mask, remove_mask)
     ),
     n AS (
       SELECT DISTINCT ON (website_id, item_kind, name) website_id, item_kind, name, hash
         FROM unnest($7::bigint[], $8::text[], $9::text[], $10::text[], $11::integer[]) AS n(website_id, item_kind, name, hash, pos)
        ORDER BY website_id, item_kind, name, pos
     ),
     o AS (
       SELECT DISTINCT ON (website_id, item_kind, name) website_id, item_kind, name, hash
         FROM (SELECT website_id, 'tool' AS item_kind, name, hash, position FROM site_tools
                WHERE website_id IN (SELECT website_id FROM s WHERE add_mask >= 0)
               UNION ALL
               SELECT website_id, 'resource', name, hash, position FROM site_resources
                WHERE website_id IN (SELECT website_id FROM s WHERE add_mask >= 0)
               UNION ALL
               SELECT website_id, 'prompt', name, hash, position FROM site_prompts
                WHERE website_id IN (SELECT website_id FROM s WHERE add_mask >= 0)) x
        ORDER BY website_id, item_kind, name, position
     ),
     d AS (
       SELECT COALESCE(n.website_id, o.website_id) AS website_id, COALESCE(n.item_kind, o.item_kind) AS item_kind,
              COALESCE(n.name, o.name) AS name, o.hash AS hash_before, n.hash AS hash_after,
              CASE WHEN o.hash IS NULL THEN 'capability-added' WHEN n.hash IS NULL THEN 'capability-removed' ELSE 'capability-changed' END AS kind,
              CASE COALESCE(n.item_kind, o.item_kind) WHEN 'tool' THEN 1 WHEN 'resource' THEN 2 ELSE 4 END AS bit
         FROM n FULL JOIN o ON o.website_id = n.website_id AND o.item_kind = n.item_kind AND o.name = n.name
        WHERE n.hash IS DISTINCT FROM o.hash
     )
     INSERT INTO site_changes (website_id, event_id, occurred_at, kind, item_kind, item_name, hash_before, hash_after, change_key)
     SELECT website_id, event_id, occurred_at, status_kind, NULL, NULL, NULL, NULL, '' FROM s WHERE status_kind IS NOT NULL
     UNION ALL
     SELECT s.website_id, s.event_id, s.occurred_at, d.kind, d.item_kind, left(d.name, 300), left(d.hash_before, 128), left(d.hash_after, 128),
            md5(d.item_kind || ':' || d.name)
       FROM d JOIN s ON s.website_id = d.website_id
      WHERE s.add_mask >= 0
        AND (d.kind = 'capability-changed'
             OR (d.kind = 'capability-added' AND s.add_mask & d.bit <> 0)
             OR (d.kind = 'capability-removed' AND s.remove_mask & d.bit <> 0))
     ON CONFLICT ON CONSTRAINT site_changes_event_key DO NOTHING`,
    [s.site, s.event, s.at, s.status, s.addMask, s.removeMask, n.site, n.kind, n.name, n.hash, n.pos],
  );
}
