import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import { addDays } from './utc-days';

export const SITE_DAYS_TABLE = 'trend_site_days_by_day';
export const SNAPSHOTS_TABLE = 'trend_site_state_snapshots';
export const SNAPSHOT_BUILDS_TABLE = 'trend_site_state_snapshot_builds';

/** Complete snapshots kept: a late event up to this many days back rebuilds from one, not from the whole history. */
export const SNAPSHOTS_KEPT = 7;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day's partition id in both tables (PARTITION BY as_of): ALTER … DROP PARTITION takes no query parameter. */
function partitionId(day: string): string {
  if (!DAY.test(day)) throw new Error(`not a day: ${day}`);
  return day.replaceAll('-', '');
}

const SNAPSHOT_COLUMNS = 'website_id, day, ver, category, present, has_mcp, tools_count, resources_count, prompts_count';

/** Each site's newest site-day row on or before {asOf}: from the snapshot of {base} and the days after it, or from every day. */
const buildSql = (fromBase: boolean): string => `
INSERT INTO ${SNAPSHOTS_TABLE} (as_of, ${SNAPSHOT_COLUMNS})
SELECT {asOf:Date}, website_id, argMax(day, ver), max(ver), argMax(category, ver), argMax(present, ver), argMax(has_mcp, ver),
       argMax(tools_count, ver), argMax(resources_count, ver), argMax(prompts_count, ver)
FROM (
  ${fromBase ? `SELECT ${SNAPSHOT_COLUMNS} FROM ${SNAPSHOTS_TABLE} WHERE as_of = {base:Date} UNION ALL` : ''}
  SELECT ${SNAPSHOT_COLUMNS} FROM ${SITE_DAYS_TABLE} WHERE day <= {asOf:Date} ${fromBase ? 'AND day > {base:Date}' : ''}
)
GROUP BY website_id`;

async function completeSnapshots(client: ClickHouseClient): Promise<string[]> {
  const rs = await client.query({ query: `SELECT DISTINCT toString(as_of) AS as_of FROM ${SNAPSHOT_BUILDS_TABLE} ORDER BY as_of`, format: 'JSONEachRow' });
  return z.array(z.object({ as_of: z.string() })).parse(await rs.json()).map((r) => r.as_of);
}

/** Drops a snapshot: its build row first, so from then on no refresh reads its rows, even if the second drop fails. */
async function dropSnapshot(client: ClickHouseClient, asOf: string): Promise<void> {
  const id = partitionId(asOf);
  await client.command({ query: `ALTER TABLE ${SNAPSHOT_BUILDS_TABLE} DROP PARTITION ID '${id}'` });
  await client.command({ query: `ALTER TABLE ${SNAPSHOTS_TABLE} DROP PARTITION ID '${id}'` });
}

async function hasSiteDaysBefore(client: ClickHouseClient, day: string): Promise<boolean> {
  const rs = await client.query({ query: `SELECT 1 AS one FROM ${SITE_DAYS_TABLE} WHERE day < {day:Date} LIMIT 1`, format: 'JSONEachRow', query_params: { day } });
  return (await rs.json()).length > 0;
}

async function buildSnapshot(client: ClickHouseClient, asOf: string, base: string | undefined): Promise<void> {
  // rows of a build cut short, which no refresh reads
  await client.command({ query: `ALTER TABLE ${SNAPSHOTS_TABLE} DROP PARTITION ID '${partitionId(asOf)}'` });
  await client.command({ query: buildSql(base !== undefined), query_params: base === undefined ? { asOf } : { asOf, base } });
  await client.command({
    query: `INSERT INTO ${SNAPSHOT_BUILDS_TABLE} (as_of, sites) SELECT {asOf:Date}, count() FROM ${SNAPSHOTS_TABLE} WHERE as_of = {asOf:Date}`,
    query_params: { asOf },
  });
}

/**
 * Makes every site's state before `from` ('YYYY-MM-DD') readable as one row
 * per site, in the complete snapshot of the day before `from`: returns false
 * when there is none because no site-day is older than `from`. First drops the snapshots dated on
 * or after `from`: the caller recomputes from `from` because site-days there
 * may have changed. Builds the snapshot of the day before `from` when missing,
 * from the newest older one and the days after it (from the whole history only
 * when none is kept), and keeps the newest SNAPSHOTS_KEPT.
 *
 * One caller at a time: a build reads site-days while other chunks insert, so
 * the refreshes that drop and build snapshots take turns (RefreshCoalescer in
 * a process, serializeRefreshes across processes). A row inserted after the
 * build read is then always followed by a refresh from its day or earlier,
 * which drops the snapshot before any refresh reads it again.
 */
export async function snapshotBefore(client: ClickHouseClient, from: string): Promise<boolean> {
  const complete = await completeSnapshots(client);
  for (const asOf of complete.filter((d) => d >= from)) await dropSnapshot(client, asOf);
  const kept = complete.filter((d) => d < from);
  const asOf = addDays(from, -1);
  if (kept.at(-1) === asOf) return true;
  const base = kept.at(-1);
  if (base === undefined && !(await hasSiteDaysBefore(client, from))) return false;
  await buildSnapshot(client, asOf, base);
  for (const old of [...kept, asOf].slice(0, -SNAPSHOTS_KEPT)) await dropSnapshot(client, old);
  return true;
}
