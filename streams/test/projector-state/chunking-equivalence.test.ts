import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '@mcp-census/schemas';
import { createTestDatabase } from '../../../test/support/test-database';
import type { TypedEnvelope } from '../../src/kafka/envelope';
import { projectScanCompleted } from '../../src/projector-state/project-scan-completed';
import { rebuildStateProjection } from '../../src/projector-state/rebuild';
import { toolNameKey } from '../../src/security/index';
import { addSites, completed, mcpResult, noMcpResult, richResult, shuffle, snapshotState } from './helpers';
import { notScannedResult, snapshotLiveness, unreachableResult } from './liveness-helpers';

// The projector takes large chunks (10,000 events): a site's whole history,
// copies and late events may share one transaction. Property: however the
// events are cut into chunks, ordered or duplicated, the state is the one
// projecting them one by one in time order gives. (site_changes is left out
// on purpose: it records what each chunk's newest scan changed since the
// state before that chunk, so it follows the chunking by design.)
let db: { pool: pg.Pool; drop(): Promise<void> };
const now = new Date('2026-05-02T12:00:00Z');
const SITES = 12;
const SCANS_PER_SITE = 7;

beforeAll(async () => {
  db = await createTestDatabase('projector_state_chunking');
});
afterAll(async () => {
  await db?.drop();
});

/** A small seeded generator (the same seed gives the same history). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function resultOf(rand: () => number, site: number, scan: number): ScanResult {
  const pick = rand();
  // few distinct tool sets per site, so rescans often find the same content
  const tag = `s${site}v${Math.floor(rand() * 3)}`;
  if (pick < 0.35) return mcpResult(1 + Math.floor(rand() * 4), tag);
  if (pick < 0.5) return richResult(tag);
  if (pick < 0.7) return noMcpResult(rand() < 0.5 ? 'refused' : null);
  if (pick < 0.92) return unreachableResult(rand() < 0.5 ? 'timeout' : 'dns');
  return scan % 2 === 0 ? notScannedResult() : noMcpResult();
}

function history(seed: number, siteIds: number[]): TypedEnvelope<'scan.completed'>[] {
  const rand = random(seed);
  const start = Date.UTC(2026, 3, 20);
  return siteIds.flatMap((site, i) =>
    Array.from({ length: SCANS_PER_SITE }, (_, scan) =>
      // 6-hour steps: unreachable streaks can span the 24 h that confirm them
      completed(site, new Date(start + scan * 6 * 3_600_000 + i * 1_000), resultOf(rand, i, scan)),
    ),
  );
}

/** Random chunk boundaries over `events`. */
function chunks<T>(events: T[], rand: () => number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < events.length; ) {
    const size = 1 + Math.floor(rand() * Math.min(40, events.length));
    out.push(events.slice(i, i + size));
    i += size;
  }
  return out;
}

async function stateOf(siteIds: number[]): Promise<Record<string, unknown>> {
  const q = async (sql: string, params: unknown[] = [siteIds]) => (await db.pool.query<Record<string, unknown>>(sql, params)).rows;
  return {
    ...(await snapshotState(db.pool)),
    ...(await snapshotLiveness(db.pool, siteIds)),
    contentHashes: await q('SELECT * FROM site_content_hashes WHERE website_id = ANY($1::bigint[]) ORDER BY website_id'),
    templates: await q('SELECT * FROM site_resource_templates WHERE website_id = ANY($1::bigint[]) ORDER BY website_id, position'),
    history: await q('SELECT report_date, total_websites, mcp_enabled_count, adoption_rate, total_tools FROM scan_history_reports ORDER BY report_date', []),
  };
}

/** The name keys as derived from the stored tool sets: what tool_name_keys must hold. */
function keysOfStoredTools(state: Record<string, unknown>): string[] {
  const tools = state.site_tools as { website_id: string; name: string }[];
  const keys = tools.map((t) => ({ key: toolNameKey(t.name), row: `${toolNameKey(t.name)}|${t.website_id}|${t.name}` })).filter((k) => k.key !== '');
  return [...new Set(keys.map((k) => k.row))].sort();
}

const storedKeys = (state: Record<string, unknown>): string[] =>
  (state.tool_name_keys as { name_key: string; website_id: string; tool_name: string }[]).map((k) => `${k.name_key}|${k.website_id}|${k.tool_name}`).sort();

async function rebuild(): Promise<void> {
  await rebuildStateProjection(db.pool);
  // today's history row is recomputed by every chunk; start each run without it
  await db.pool.query('DELETE FROM scan_history_reports');
}

describe('state projection: chunking', () => {
  it.each([1, 2, 3, 4])('one big shuffled chunk with copies, or random chunks, give the one-by-one state (seed %i)', async (seed) => {
    const siteIds = await addSites(db.pool, SITES, { offset: 5_000 + seed * 100 });
    const events = history(seed, siteIds);
    const inTimeOrder = [...events].sort((a, b) => a.payload.scanTime.localeCompare(b.payload.scanTime));

    await rebuild();
    for (const e of inTimeOrder) await projectScanCompleted(db.pool, [e], { now });
    const oneByOne = await stateOf(siteIds);
    expect(oneByOne.latest_scans).not.toHaveLength(0);
    expect(oneByOne.tool_name_keys).not.toHaveLength(0);
    expect(storedKeys(oneByOne)).toEqual(keysOfStoredTools(oneByOne));
    expect(oneByOne.liveness).toHaveLength(SITES);

    await rebuild();
    const withCopies = shuffle([...events, ...events.filter((_, i) => i % 3 === 0).map((e) => ({ ...e }))], seed);
    await projectScanCompleted(db.pool, withCopies, { now });
    expect(await stateOf(siteIds)).toEqual(oneByOne);

    await rebuild();
    const rand = random(seed * 7 + 1);
    for (const chunk of chunks(shuffle([...events, ...events.slice(0, 10)], seed + 11), rand)) await projectScanCompleted(db.pool, chunk, { now });
    expect(await stateOf(siteIds)).toEqual(oneByOne);
  });
});
