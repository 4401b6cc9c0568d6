import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIVENESS } from '@mcp-census/schemas/liveness-settings';
import { createTestDatabase } from '../../../test/support/test-database';
import { refreshLiveness } from '../../src/projector-state/liveness/record-outcomes';
import { prng } from '../../src/simweb/sites';
import { mostRowsOfANode, plansOf } from './auto-explain';

// The liveness refresh walks each site's outcome history from the newest outcome (migration 0031).
// It must give the rows the whole-history derivation gives (REFERENCE_SQL, the refresh as it
// was), and must not read a reached site's whole history: that read made every scan's cost
// grow with the days of history kept (RETENTION_DAYS, 730 by default).

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase('liveness_newest_first');
});
afterAll(async () => {
  await db?.drop();
});

/** The liveness rows from each site's whole history, as the refresh derived them before 0031. */
const REFERENCE_SQL = `
WITH o AS (
  SELECT website_id, event_id, scan_time, outcome, unreachable_class, not_scanned,
         row_number() OVER (PARTITION BY website_id ORDER BY scan_time DESC, event_id DESC) AS rn
    FROM site_scan_outcomes WHERE website_id = ANY($1::bigint[])
),
newest AS (SELECT * FROM o WHERE rn = 1),
anchor AS (SELECT DISTINCT ON (website_id) website_id, rn, outcome FROM o WHERE outcome <> 'unreachable' ORDER BY website_id, rn),
skipped AS (
  SELECT DISTINCT ON (website_id) website_id, not_scanned, scan_time FROM o
   WHERE outcome = 'not-scanned' AND not_scanned IS NOT NULL ORDER BY website_id, rn
),
alive AS (SELECT website_id, max(scan_time) AS at FROM o WHERE outcome IN ('mcp', 'no-mcp') GROUP BY website_id),
streak AS (
  SELECT o.website_id, count(*)::integer AS scans, min(o.scan_time) AS since, max(o.scan_time) AS last
    FROM o LEFT JOIN anchor a ON a.website_id = o.website_id
   WHERE o.rn < COALESCE(a.rn, 9223372036854775807)
   GROUP BY o.website_id
),
derived AS (
  SELECT n.website_id, n.outcome AS last_outcome, n.scan_time AS last_outcome_at,
         CASE WHEN n.outcome = 'unreachable' THEN s.since END AS unreachable_since,
         CASE WHEN n.outcome = 'unreachable' THEN s.scans ELSE 0 END AS unreachable_scans,
         CASE WHEN n.outcome = 'unreachable' THEN n.unreachable_class END AS unreachable_class,
         GREATEST(al.at, l.scan_time) AS last_seen_alive,
         COALESCE(a.outcome, CASE WHEN l.has_mcp THEN 'mcp' WHEN l.has_mcp IS NOT NULL THEN 'no-mcp' END) AS anchor_outcome,
         n.outcome = 'unreachable' AND s.scans >= $2 AND s.last - s.since >= make_interval(secs => $3::float8 * 3600) AS confirmed,
         sk.not_scanned, sk.scan_time AS not_scanned_at
    FROM newest n
    LEFT JOIN skipped sk ON sk.website_id = n.website_id
    LEFT JOIN anchor a ON a.website_id = n.website_id
    LEFT JOIN alive al ON al.website_id = n.website_id
    LEFT JOIN streak s ON s.website_id = n.website_id
    LEFT JOIN latest_scans l ON l.website_id = n.website_id
),
final AS (
  SELECT *, CASE WHEN last_outcome <> 'unreachable' THEN last_outcome
                 WHEN confirmed OR anchor_outcome IS NULL THEN 'unreachable'
                 ELSE anchor_outcome END AS status
    FROM derived
)
SELECT website_id, status, last_outcome, last_outcome_at, unreachable_since, unreachable_scans,
       unreachable_class, last_seen_alive, status = 'unreachable' AS confirmed_unreachable, not_scanned, not_scanned_at
  FROM final ORDER BY website_id`;

const LIVENESS_COLUMNS = `website_id, status, last_outcome, last_outcome_at, unreachable_since, unreachable_scans,
  unreachable_class, last_seen_alive, confirmed_unreachable, not_scanned, not_scanned_at`;

async function insertSites(count: number, prefix: string): Promise<number[]> {
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO websites (name, url, host) SELECT 'Site ' || g, 'https://' || $1 || g || '.example', $1 || g || '.example'
       FROM generate_series(1, $2::int) g ORDER BY g RETURNING id`,
    [prefix, count],
  );
  return rows.map((r) => Number(r.id));
}

interface OutcomeRow {
  eventId: string;
  websiteId: number;
  scanTime: string;
  outcome: 'mcp' | 'no-mcp' | 'unreachable' | 'not-scanned';
  unreachableClass: string | null;
  notScanned: unknown;
}

async function insertOutcomes(rows: OutcomeRow[]): Promise<void> {
  await db.pool.query(
    `INSERT INTO site_scan_outcomes (event_id, website_id, scan_time, outcome, unreachable_class, not_scanned)
     SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::text[], $5::text[], $6::jsonb[])`,
    [
      rows.map((r) => r.eventId),
      rows.map((r) => r.websiteId),
      rows.map((r) => r.scanTime),
      rows.map((r) => r.outcome),
      rows.map((r) => r.unreachableClass),
      rows.map((r) => (r.notScanned === null ? null : JSON.stringify(r.notScanned))),
    ],
  );
}

describe('liveness refresh, newest first', () => {
  it('gives the rows of the whole-history derivation for any history', async () => {
    const random = prng(18);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const sites = await insertSites(400, 'equiv');
    const start = Date.parse('2026-01-01T00:00:00Z');
    const outcomes: OutcomeRow[] = [];
    for (const site of sites) {
      // mostly reached, some long unreachable streaks, some never reached; a few equal scan times (event id decides)
      const profile = pick(['reached', 'reached', 'flaky', 'down', 'robots'] as const);
      const length = Math.floor(random() * 30);
      let at = start + Math.floor(random() * 86_400_000);
      for (let i = 0; i < length; i++) {
        at += random() < 0.1 ? 0 : Math.floor(random() * 2 * 3_600_000 * (profile === 'down' ? 3 : 12));
        const roll = random();
        const outcome =
          profile === 'down' ? (roll < 0.9 ? 'unreachable' : 'not-scanned')
          : profile === 'robots' ? (roll < 0.5 ? 'not-scanned' : roll < 0.8 ? 'unreachable' : 'no-mcp')
          : profile === 'flaky' ? (roll < 0.5 ? 'unreachable' : roll < 0.8 ? 'mcp' : roll < 0.9 ? 'no-mcp' : 'not-scanned')
          : roll < 0.6 ? 'mcp' : roll < 0.9 ? 'no-mcp' : 'unreachable';
        outcomes.push({
          eventId: randomUUID(),
          websiteId: site,
          scanTime: new Date(at).toISOString(),
          outcome,
          unreachableClass: outcome === 'unreachable' ? pick(['dns', 'connect', 'tls', 'timeout', 'http-5xx']) : null,
          notScanned: outcome === 'not-scanned' && random() < 0.8 ? { reason: 'robots-txt', rule: `Disallow: /${i}`, path: '/' } : null,
        });
      }
      // the latest reached scan stands in for an anchor that retention pruned
      if (random() < 0.5) {
        await db.pool.query('INSERT INTO latest_scans (website_id, event_id, scan_time, has_mcp) VALUES ($1, $2, $3, $4)', [
          site,
          randomUUID(),
          new Date(start - Math.floor(random() * 30 * 86_400_000)).toISOString(),
          random() < 0.5,
        ]);
      }
    }
    await insertOutcomes(outcomes);

    for (const settings of [DEFAULT_LIVENESS, { confirmScans: 1, confirmHours: 0 }, { confirmScans: 5, confirmHours: 48 }]) {
      const expected = await db.pool.query(REFERENCE_SQL, [sites, settings.confirmScans, settings.confirmHours]);
      await db.pool.query('DELETE FROM site_liveness WHERE website_id = ANY($1::bigint[])', [sites]);
      await refreshLiveness(db.pool, sites, settings);
      const actual = await db.pool.query(`SELECT ${LIVENESS_COLUMNS} FROM site_liveness WHERE website_id = ANY($1::bigint[]) ORDER BY website_id`, [sites]);
      expect(expected.rows.length).toBeGreaterThan(300);
      expect(actual.rows).toEqual(expected.rows);
    }
  });

  it("reads a reached site's newest outcomes, not its whole history", async () => {
    const [site] = await insertSites(1, 'history');
    if (site === undefined) throw new Error('no site');
    const days = 400;
    const start = Date.parse('2025-01-01T00:00:00Z');
    await insertOutcomes(
      Array.from({ length: days }, (_, day) => ({
        eventId: randomUUID(),
        websiteId: site,
        scanTime: new Date(start + day * 86_400_000).toISOString(),
        outcome: day % 7 === 3 ? ('unreachable' as const) : ('mcp' as const),
        unreachableClass: day % 7 === 3 ? 'timeout' : null,
        notScanned: null,
      })),
    );

    // Counted from the refresh's own analyzed plans, not from the database's shared index
    // statistics: those also collect other connections' reads whenever they are flushed.
    const plans = await plansOf(db.url, (client) => refreshLiveness(client, [site]), { analyze: true });
    const outcomePlans = plans.filter((plan) => plan.includes('site_scan_outcomes'));
    expect(outcomePlans.length).toBeGreaterThan(0);
    // the newest outcome, the anchor (the same row) and the not-scanned rule's index: a handful of rows, not 400
    expect(Math.max(...outcomePlans.map(mostRowsOfANode))).toBeLessThan(10);
    const { rows } = await db.pool.query('SELECT status, last_outcome, last_seen_alive FROM site_liveness WHERE website_id = $1', [site]);
    expect(rows[0]).toEqual({ status: 'mcp', last_outcome: 'mcp', last_seen_alive: new Date(start + (days - 1) * 86_400_000) });
  });
});
