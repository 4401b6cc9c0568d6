import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { waitFor } from '../../../test/support/wait-for';
import { refreshToolNameKeys, type SiteToolNames } from '../../src/projector-state/security/refresh-tool-name-keys';
import { mostRowsOfANode, plansOf } from './auto-explain';

// The shadowing aggregates' apply (migrations 0023, 0028) runs on every chunk's tool names: it
// must look each changed (name, site) pair up in tool_name_keys once. Its statement once named
// the lookup twice, and PostgreSQL probed the index twice per tool name a chunk wrote, most of
// the apply's time at a million sites.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
/** The writer's one connection: its statistics are flushed on request (pg_stat_force_next_flush). */
let writerPool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('shadow_apply_probes');
  writerPool = new pg.Pool({ connectionString: db.url, max: 1 });
});
afterAll(async () => {
  await writerPool?.end();
  await db?.drop();
});

/** Index scans of tool_name_keys' primary key (name, site, spelling) so far. */
async function primaryKeyProbes(): Promise<number> {
  const { rows } = await db.pool.query<{ idx_scan: string }>("SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'tool_name_keys_pkey'");
  return Number(rows[0]?.idx_scan ?? 0);
}

/** Writes the sites' tool names as a chunk does, and returns the primary key's probes once the statistics include them. */
async function writeNames(sites: SiteToolNames[], before: number): Promise<number> {
  const client = await writerPool.connect();
  try {
    await client.query('BEGIN');
    await refreshToolNameKeys(client, sites);
    await client.query('COMMIT');
    // a backend reports its counts when idle: at once after this request, else within seconds
    await client.query('SELECT pg_stat_force_next_flush()');
  } finally {
    client.release();
  }
  return waitFor('the write in the statistics', primaryKeyProbes, (n) => n > before, { timeoutMs: 30_000, intervalMs: 100 });
}

describe('cross-server shadowing aggregates', () => {
  it('look each changed (name, site) pair up in tool_name_keys once', async () => {
    const names = ['search', 'fetch', 'read_file', 'get_weather', 'send_invoice', 'list_items', 'create_issue', 'run_query'];
    const sites: SiteToolNames[] = Array.from({ length: 60 }, (_, i) => ({ websiteId: 5_000 + i, toolNames: names }));
    const pairs = sites.length * names.length;

    const before = await primaryKeyProbes();
    const after = await writeNames(sites, before);
    const probes = after - before;

    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tool_name_keys');
    expect(rows[0]?.n).toBe(pairs);
    // each row's insert checks the key for a conflict, and the apply counts each pair once; a few
    // per name more (the names' other sites). A second lookup per pair would add another `pairs`.
    expect(probes).toBeGreaterThanOrEqual(pairs);
    expect(probes).toBeLessThan(2 * pairs + 4 * names.length);
  });

  it('join their own intermediate results by hash: many distinct names cost work linear in the names', async () => {
    // Real servers name their tools in their own words: pairs of servers here share 20 names each,
    // 6,000 names a chunk. The apply joins every spelling of the changed names with the names'
    // totals (migration 0033); as a nested loop that is every spelling times every shared name.
    const sites: SiteToolNames[] = Array.from({ length: 300 }, (_, i) => ({
      websiteId: 20_000 + i,
      toolNames: Array.from({ length: 20 }, (_, t) => `pair${Math.floor(i / 2)}_tool${t}`),
    }));
    const names = sites.length * 20;
    const plans = await plansOf(db.url, (client) => refreshToolNameKeys(client, sites), { analyze: true });
    const apply = plans.filter((p) => p.includes('spelling_state'));
    expect(apply).toHaveLength(1);
    expect(mostRowsOfANode(apply[0] ?? '')).toBeLessThan(10 * names);
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM shadow_keys WHERE sites = 2 AND name_key LIKE $1', ['pair%']);
    expect(rows[0]?.n).toBe(names / 2);
  });

  it('keep joining them by hash on a long-lived connection, after chunk upon chunk', async () => {
    // A projector's connection applies chunk after chunk. After five calls PL/pgSQL keeps one
    // generic plan when it costs less than the plans made for the calls' own arrays: priced with a
    // default size for each array (10 rows), it always does once chunks are large, and in it a
    // nested loop looked cheapest: at a million sites it compared 7.6M pairs in one chunk.
    const earlier = Array.from({ length: 8 }, (_, c): SiteToolNames[] =>
      Array.from({ length: 40 }, (_, i) => ({ websiteId: 40_000 + c * 40 + i, toolNames: [`warm${c}_${i}_a`, `warm${c}_${i}_b`, `warm${c}_${i}_c`] })),
    );
    const sites: SiteToolNames[] = Array.from({ length: 300 }, (_, i) => ({
      websiteId: 42_000 + i,
      toolNames: Array.from({ length: 20 }, (_, t) => `later${Math.floor(i / 2)}_tool${t}`),
    }));
    const names = sites.length * 20;
    // the statistics know many names with one spelling each, as a real census does
    const census = Array.from({ length: 2_000 }, (_, i): SiteToolNames => ({ websiteId: 50_000 + i, toolNames: [`own${i}_a`, `own${i}_b`, `own${i}_c`] }));
    await writeNames(census, await primaryKeyProbes());
    await db.pool.query('ANALYZE tool_name_keys, shadow_keys, shadow_key_spellings, shadow_multi_sites');
    const plans = await plansOf(
      db.url,
      async (client) => {
        for (const chunk of earlier) await refreshToolNameKeys(client, chunk);
        await refreshToolNameKeys(client, sites);
      },
      { analyze: true },
    );
    const applies = plans.filter((p) => p.includes('spelling_state'));
    expect(applies).toHaveLength(earlier.length + 1);
    expect(mostRowsOfANode(applies.at(-1) ?? '')).toBeLessThan(10 * names);
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM shadow_keys WHERE sites = 2 AND name_key LIKE $1', ['later%']);
    expect(rows[0]?.n).toBe(names / 2);
  });
});
