import { randomInt } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import { siteStateDeltas } from './site-state-deltas';
import { SITE_DAYS_TABLE, snapshotBefore } from './site-state-snapshots';
import { addDays } from './utc-days';

export const DAILY_TOTALS_TABLE = 'trend_daily_totals';

interface Totals {
  websites: number;
  mcpEnabled: number;
  tools: number;
  resources: number;
  prompts: number;
}

const zero = (): Totals => ({ websites: 0, mcpEnabled: 0, tools: 0, resources: 0, prompts: 0 });

/**
 * Recomputes the daily totals from `from` ('YYYY-MM-DD') to the last day with
 * data and writes one whole row per day. Every site's state before `from`
 * comes from the snapshot of the day before (built when missing); the days
 * from `from` on, from their site-days. The version is taken after the
 * snapshots dated `from` or later are dropped and before reading, so of two
 * computations the later-started one (which saw every batch inserted before
 * it started) wins on every day it wrote. Refreshes take turns
 * (snapshotBefore).
 */
export async function refreshDailyTotals(client: ClickHouseClient, from: string): Promise<{ days: number }> {
  const withSnapshot = await snapshotBefore(client, from);
  const version = Date.now() * 1000 + randomInt(1000);
  const deltas = await siteStateDeltas(client, from, withSnapshot);
  const last = deltas.at(-1)?.day;
  if (!last) return { days: 0 };
  const byCategory = new Map<string, Totals>();
  const rows: Record<string, unknown>[] = [];
  let i = 0;
  for (let day = from; day <= last; day = addDays(day, 1)) {
    for (; i < deltas.length && deltas[i]?.day === day; i += 1) {
      const d = deltas[i];
      if (!d) break;
      const c = byCategory.get(d.category) ?? zero();
      c.websites += d.websites;
      c.mcpEnabled += d.mcpEnabled;
      c.tools += d.tools;
      c.resources += d.resources;
      c.prompts += d.prompts;
      byCategory.set(d.category, c);
    }
    const all = zero();
    const cats = [...byCategory].filter(([, c]) => c.websites > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [, c] of cats) {
      all.websites += c.websites;
      all.mcpEnabled += c.mcpEnabled;
      all.tools += c.tools;
      all.resources += c.resources;
      all.prompts += c.prompts;
    }
    rows.push({
      day,
      version,
      websites: all.websites,
      mcp_enabled: all.mcpEnabled,
      tools: all.tools,
      resources: all.resources,
      prompts: all.prompts,
      category_names: cats.map(([name]) => name),
      category_websites: cats.map(([, c]) => c.websites),
      category_mcp_enabled: cats.map(([, c]) => c.mcpEnabled),
    });
  }
  await client.insert({ table: DAILY_TOTALS_TABLE, values: rows, format: 'JSONEachRow' });
  return { days: rows.length };
}

/**
 * Builds the totals when facts exist but no totals do (a store that had
 * facts before the rollup existed, or one whose totals were emptied).
 */
export async function ensureDailyTotals(client: ClickHouseClient): Promise<void> {
  const rs = await client.query({
    query: `SELECT (SELECT count() FROM ${DAILY_TOTALS_TABLE}) AS totals, (SELECT count() FROM ${SITE_DAYS_TABLE}) AS days, toString((SELECT min(day) FROM ${SITE_DAYS_TABLE})) AS first`,
    format: 'JSONEachRow',
  });
  const [row] = await rs.json<{ totals: number | string; days: number | string; first: string }>();
  if (row && Number(row.totals) === 0 && Number(row.days) > 0) await refreshDailyTotals(client, row.first);
}
