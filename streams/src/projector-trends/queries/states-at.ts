import type { ClickHouseClient } from '@clickhouse/client';
import { z } from 'zod';
import { SITE_DAY_STATES_SQL } from './site-day-states';
import { chDateTime, utcDay } from './time';

/** Totals as of the end of one UTC day (today: as of now). */
export interface StateAt {
  date: string;
  totalWebsites: number;
  mcpEnabledCount: number;
  toolsCount: number;
  resourcesCount: number;
  promptsCount: number;
}

const MAX_DAYS = 40;
const num = z.coerce.number();

/**
 * The carried-forward totals at a few instants in ONE pass: per site,
 * argMaxIf(state, day, day <= d_k) over the per-site-day states for each requested day d_k (a site's last
 * known state as of that day), then sums. Cheaper than a daily series when
 * only a handful of points are needed (monthly / weekly growth).
 */
export async function statesAt(client: ClickHouseClient, opts: { days: string[]; now: Date }): Promise<StateAt[]> {
  const today = utcDay(opts.now);
  const days = [...new Set(opts.days)].filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d <= today);
  if (days.length === 0) return [];
  if (days.length > MAX_DAYS) throw new Error(`statesAt: at most ${MAX_DAYS} days`);
  const perSite = days
    .map(
      (_, k) => `maxIf(1, day <= {d${k}:Date}) AS e${k}, argMaxIf(m, day, day <= {d${k}:Date}) AS m${k},
         argMaxIf(t, day, day <= {d${k}:Date}) AS t${k}, argMaxIf(r, day, day <= {d${k}:Date}) AS r${k}, argMaxIf(p, day, day <= {d${k}:Date}) AS p${k}`,
    )
    .join(',\n         ');
  const totals = days.map((_, k) => `sum(e${k}) AS e${k}, sum(m${k}) AS m${k}, sum(t${k}) AS t${k}, sum(r${k}) AS r${k}, sum(p${k}) AS p${k}`).join(', ');
  const query = `SELECT ${totals} FROM (SELECT website_id, ${perSite} FROM (${SITE_DAY_STATES_SQL}) GROUP BY website_id)`;
  const params: Record<string, string> = { today, todayStart: `${today} 00:00:00.000`, now: chDateTime(opts.now) };
  days.forEach((d, k) => (params[`d${k}`] = d));
  const rs = await client.query({ query, format: 'JSONEachRow', query_params: params });
  const [row] = z.array(z.record(z.string(), num)).parse(await rs.json());
  const get = (key: string): number => row?.[key] ?? 0;
  return days.map((date, k) => ({
    date,
    totalWebsites: get(`e${k}`),
    mcpEnabledCount: get(`m${k}`),
    toolsCount: get(`t${k}`),
    resourcesCount: get(`r${k}`),
    promptsCount: get(`p${k}`),
  }));
}
