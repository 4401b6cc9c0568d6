import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import { createTestDatabase } from '../../../test/support/test-database';
import { buildEnvelope } from '../../src/kafka/envelope';
import { applyScanCompletions } from '../../src/scheduler/progress-tracker';

// A site rescanned after a crash arrives twice in one consumer chunk (two event
// ids, two scan times); the tracker must fold them instead of failing the chunk.
let db: { pool: pg.Pool; drop(): Promise<void> };
let nextSite = 1;

const noMcp: ScanResult = emptyScanResult({ responseTime: 12, requestCount: 6 });
const withMcp: ScanResult = { ...noMcp, hasMcp: true, mcpEndpoint: 'https://x.example/mcp' };

async function addSites(count: number): Promise<number[]> {
  const first = nextSite;
  nextSite += count;
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO websites (name, url, host) SELECT 'Dup ' || n, 'https://dup' || n || '.example', 'dup' || n || '.example'
       FROM generate_series($1::int, $2::int) n ORDER BY n RETURNING id`,
    [first, first + count - 1],
  );
  return rows.map((r) => Number(r.id));
}

async function addBatch(siteCount: number): Promise<string> {
  const id = randomUUID();
  await db.pool.query(`INSERT INTO scan_batches (id, reason, site_count) VALUES ($1, 'scheduled', $2)`, [id, siteCount]);
  return id;
}

function completion(websiteId: number, batchId: string | null, scanTime: string, result: ScanResult = noMcp) {
  return buildEnvelope('scan.completed', String(websiteId), { websiteId, url: `https://dup${websiteId}.example`, batchId, scanTime, result }, 'test');
}

async function batch(id: string) {
  const { rows } = await db.pool.query('SELECT site_count, completed_count, mcp_count, error_count, completed_at FROM scan_batches WHERE id = $1', [id]);
  return rows[0] as { site_count: number; completed_count: number; mcp_count: number; error_count: number; completed_at: Date | null };
}

async function state(websiteId: number) {
  const { rows } = await db.pool.query('SELECT last_scanned_at, last_has_mcp FROM website_scan_state WHERE website_id = $1', [websiteId]);
  return rows[0] as { last_scanned_at: Date; last_has_mcp: boolean } | undefined;
}

beforeAll(async () => {
  db = await createTestDatabase('progress_dups');
});
afterAll(async () => {
  await db?.drop();
});

describe('applyScanCompletions with duplicates inside one chunk', () => {
  it('folds two results of one site (later scan wins, in either order)', async () => {
    const [a, b] = await addSites(2);
    const batchId = await addBatch(2);
    const earlyA = completion(a!, batchId, '2026-03-05T09:00:00.000Z', noMcp);
    const lateA = completion(a!, batchId, '2026-03-05T10:00:00.000Z', withMcp);
    const earlyB = completion(b!, batchId, '2026-03-05T09:00:00.000Z', noMcp);
    const lateB = completion(b!, batchId, '2026-03-05T10:00:00.000Z', withMcp);
    // later first for one site, later last for the other
    await expect(applyScanCompletions(db.pool, [lateA, earlyA, earlyB, lateB])).resolves.toBe(4);
    expect(await state(a!)).toEqual({ last_scanned_at: new Date('2026-03-05T10:00:00.000Z'), last_has_mcp: true });
    expect(await state(b!)).toEqual({ last_scanned_at: new Date('2026-03-05T10:00:00.000Z'), last_has_mcp: true });
    // one count per site per batch: never more completions than sites
    const row = await batch(batchId);
    expect(row.completed_count).toBe(2);
    expect(row.completed_at).not.toBeNull();
  });

  it('breaks a tie on scan time by event id, whatever the order', async () => {
    const [site] = await addSites(1);
    const at = '2026-03-06T09:00:00.000Z';
    const x = completion(site!, null, at, noMcp);
    const y = completion(site!, null, at, withMcp);
    const winner = x.eventId.toLowerCase() > y.eventId.toLowerCase() ? x : y;
    await applyScanCompletions(db.pool, [y, x]);
    expect((await state(site!))?.last_has_mcp).toBe(winner.payload.result.hasMcp);
  });

  it('counts the same event id twice in one chunk once', async () => {
    const [site] = await addSites(1);
    const batchId = await addBatch(1);
    const e = completion(site!, batchId, '2026-03-07T09:00:00.000Z', withMcp);
    await expect(applyScanCompletions(db.pool, [e, { ...e }])).resolves.toBe(1);
    expect(await batch(batchId)).toMatchObject({ completed_count: 1, mcp_count: 1 });
  });

  it('counts a site rescanned in the same batch once, also across chunks', async () => {
    const [site, other] = await addSites(2);
    const batchId = await addBatch(2);
    await applyScanCompletions(db.pool, [completion(site!, batchId, '2026-03-08T09:00:00.000Z', noMcp)]);
    // redelivered request after a crash: the site is scanned again under the same batch id
    await applyScanCompletions(db.pool, [completion(site!, batchId, '2026-03-08T09:30:00.000Z', withMcp)]);
    expect(await batch(batchId)).toMatchObject({ completed_count: 1, completed_at: null });
    expect((await state(site!))?.last_has_mcp).toBe(true);
    await applyScanCompletions(db.pool, [completion(other!, batchId, '2026-03-08T09:40:00.000Z', noMcp)]);
    const done = await batch(batchId);
    expect(done.completed_count).toBe(2);
    expect(done.completed_at).not.toBeNull();
  });
});
