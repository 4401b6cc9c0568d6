import type pg from 'pg';
import { z } from 'zod';
import type { TypedEnvelope } from '../../kafka/envelope';
import { cleanText } from '../sanitize';
import { scanContentHash } from './content-hash';

type Completed = TypedEnvelope<'scan.completed'>;

interface ScanRef {
  eventId: string;
  scanTime: number;
  event?: Completed;
}

const siteRow = z.object({
  website_id: z.coerce.number(),
  latest_event: z.string().nullable(),
  latest_time: z.date().nullable(),
  previous_event: z.string().nullable(),
  previous_time: z.date().nullable(),
  latest_hash: z.string().nullable(),
  previous_hash: z.string().nullable(),
});

/** Newer first by (scan_time, event_id): the order latest_scans' guard uses. */
const newerFirst = (a: ScanRef, b: ScanRef): number => b.scanTime - a.scanTime || (a.eventId < b.eventId ? 1 : a.eventId > b.eventId ? -1 : 0);

/**
 * Keeps each site's second-newest scan and what it listed (the rug-pull
 * baseline), whatever order events arrive in: the new previous scan is the
 * second of {current latest, current previous, this chunk's events}. Runs
 * before the chunk replaces the latest scan, while the old latest scan's
 * items are still in site_tools/resources/prompts. The definitions are
 * rewritten only when the new previous scan's content differs from the old
 * one's (a daily rescan usually lists the same). Returns the sites whose
 * previous scan changed.
 */
export async function trackPreviousScans(client: pg.PoolClient, events: readonly Completed[]): Promise<Set<number>> {
  const ids = [...new Set(events.map((e) => e.payload.websiteId))];
  if (ids.length === 0) return new Set();
  // per known site: its latest and previous scan and their fingerprints, in one read
  const { rows } = await client.query(
    `SELECT w.id AS website_id, l.event_id AS latest_event, l.scan_time AS latest_time,
            p.event_id AS previous_event, p.scan_time AS previous_time, h.latest_hash, h.previous_hash
       FROM websites w
       LEFT JOIN latest_scans l ON l.website_id = w.id
       LEFT JOIN site_previous_scans p ON p.website_id = w.id
       LEFT JOIN site_content_hashes h ON h.website_id = w.id
      WHERE w.id = ANY($1::bigint[])`,
    [ids],
  );
  const states = new Map(rows.map((r) => siteRow.parse(r)).map((r) => [r.website_id, r]));
  const ref = (eventId: string | null, time: Date | null): ScanRef | undefined => (eventId && time ? { eventId: eventId.toLowerCase(), scanTime: time.getTime() } : undefined);
  const eventsBySite = new Map<number, ScanRef[]>();
  for (const e of events) {
    const list = eventsBySite.get(e.payload.websiteId) ?? [];
    list.push({ eventId: e.eventId.toLowerCase(), scanTime: Date.parse(e.payload.scanTime), event: e });
    eventsBySite.set(e.payload.websiteId, list);
  }

  const moved: { site: number; ref: ScanRef; hash: string | null }[] = [];
  for (const [site, chunk] of eventsBySite) {
    const state = states.get(site);
    if (!state) continue;
    const oldLatest = ref(state.latest_event, state.latest_time);
    const oldPrevious = ref(state.previous_event, state.previous_time);
    const byId = new Map<string, ScanRef>();
    for (const ref of [oldLatest, oldPrevious, ...chunk]) if (ref && !byId.has(ref.eventId)) byId.set(ref.eventId, ref);
    const next = [...byId.values()].sort(newerFirst)[1];
    if (!next || next.eventId === oldPrevious?.eventId) continue;
    moved.push({ site, ref: next, hash: next.event ? scanContentHash(next.event.payload.result) : state.latest_hash });
  }
  if (moved.length === 0) return new Set();

  // definitions change only when the content does; an unknown hash always rewrites
  const rewrite = moved.filter((m) => m.hash === null || m.hash !== states.get(m.site)?.previous_hash);
  if (rewrite.length > 0) {
    await client.query('DELETE FROM site_previous_definitions WHERE website_id = ANY($1::bigint[])', [rewrite.map((m) => m.site)]);
    const fromLatest = rewrite.filter((m) => !m.ref.event).map((m) => m.site);
    if (fromLatest.length > 0) {
      await client.query(
        `INSERT INTO site_previous_definitions (website_id, kind, name, hash)
         SELECT website_id, 'tool', name, hash FROM site_tools WHERE website_id = ANY($1::bigint[])
         UNION ALL SELECT website_id, 'resource', name, hash FROM site_resources WHERE website_id = ANY($1::bigint[])
         UNION ALL SELECT website_id, 'prompt', name, hash FROM site_prompts WHERE website_id = ANY($1::bigint[])`,
        [fromLatest],
      );
    }
    await insertDefinitionsFromEvents(client, rewrite.flatMap((m) => (m.ref.event ? [m.ref.event] : [])));
    await client.query(
      `INSERT INTO site_content_hashes (website_id, previous_hash) SELECT * FROM unnest($1::bigint[], $2::text[])
       ON CONFLICT (website_id) DO UPDATE SET previous_hash = EXCLUDED.previous_hash`,
      [rewrite.map((m) => m.site), rewrite.map((m) => m.hash)],
    );
  }
  await client.query(
    `INSERT INTO site_previous_scans (website_id, event_id, scan_time)
     SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::timestamptz[])
     ON CONFLICT (website_id) DO UPDATE SET event_id = EXCLUDED.event_id, scan_time = EXCLUDED.scan_time`,
    [moved.map((m) => m.site), moved.map((m) => m.ref.eventId), moved.map((m) => new Date(m.ref.scanTime))],
  );
  return new Set(moved.map((m) => m.site));
}

async function insertDefinitionsFromEvents(client: pg.PoolClient, events: readonly Completed[]): Promise<void> {
  const site: number[] = [];
  const kind: string[] = [];
  const name: string[] = [];
  const hash: string[] = [];
  const add = (s: number, k: string, n: string, h: string) => {
    site.push(s);
    kind.push(k);
    name.push(cleanText(n));
    hash.push(h);
  };
  for (const e of events) {
    const r = e.payload.result;
    for (const t of r.tools) add(e.payload.websiteId, 'tool', t.name, t.hash);
    for (const x of r.resources) add(e.payload.websiteId, 'resource', x.name, x.hash);
    for (const p of r.prompts) add(e.payload.websiteId, 'prompt', p.name, p.hash);
  }
  if (site.length === 0) return;
  await client.query(
    'INSERT INTO site_previous_definitions (website_id, kind, name, hash) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])',
    [site, kind, name, hash],
  );
}
