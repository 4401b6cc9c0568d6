import type { ClickHouseClient } from '@clickhouse/client';
import { openDataTrendDailyRowSchema, type OpenDataTrendDailyRow } from '@mcp-census/schemas/api/open-data';
import { z } from 'zod';
import { addDays, adoptionRate, utcDay } from './trend-time';

/**
 * trend_daily_totals holds one row per UTC day with a written rollup, the
 * per-category figures in parallel arrays (0004_trend_daily_totals.sql).
 * ARRAY JOIN unrolls them into (day, category) rows, the overall figures
 * first under category '' (written as null: all categories).
 */
const SQL = `
SELECT toString(day) AS day, tupleElement(c, 1) AS category, tupleElement(c, 2) AS websites, tupleElement(c, 3) AS mcp_enabled
FROM (
  SELECT day, arrayConcat([('', websites, mcp_enabled)], arrayZip(category_names, category_websites, category_mcp_enabled)) AS figures
  FROM trend_daily_totals FINAL
  WHERE day <= {today:Date}
)
ARRAY JOIN figures AS c
ORDER BY day, category`;

const rowSchema = z.object({ day: z.string(), category: z.string(), websites: z.coerce.number(), mcp_enabled: z.coerce.number() });
type DayRow = z.infer<typeof rowSchema>;

const toRow = (day: string, r: DayRow): OpenDataTrendDailyRow =>
  openDataTrendDailyRowSchema.parse({ day, category: r.category === '' ? null : r.category, websites: r.websites, mcpEnabled: r.mcp_enabled, adoptionRate: adoptionRate(r.mcp_enabled, r.websites) });

/**
 * The trends-daily dataset: every UTC day from the first rollup to today.
 * A day without a rollup row of its own carries the previous day's figures
 * forward (nothing changed that day), so only one day's rows (one per
 * category) are held at a time. Streamed from ClickHouse (@clickhouse/client
 * result stream); aborting `signal` cancels the query.
 */
export async function* openDataTrendsDaily(client: ClickHouseClient, opts: { now: Date; category?: string | undefined; signal?: AbortSignal }): AsyncGenerator<OpenDataTrendDailyRow> {
  const today = utcDay(opts.now);
  const rs = await client.query({ query: SQL, format: 'JSONEachRow', query_params: { today }, ...(opts.signal ? { abort_signal: opts.signal } : {}) });
  const keep = (r: DayRow) => opts.category === undefined || r.category === opts.category;
  let held: DayRow[] = [];
  let heldDay: string | undefined;
  // emits the held day's rows for every day from heldDay up to (not including) `until`
  function* flush(until: string): Generator<OpenDataTrendDailyRow> {
    if (heldDay === undefined) return;
    for (let d = heldDay; d < until; d = addDays(d, 1)) for (const r of held) yield toRow(d, r);
  }
  const stream = rs.stream();
  try {
    for await (const batch of stream as AsyncIterable<{ json: () => unknown }[]>) {
      for (const raw of batch) {
        const r = rowSchema.parse(raw.json());
        if (r.day !== heldDay) {
          yield* flush(r.day);
          held = [];
          heldDay = r.day;
        }
        if (keep(r)) held.push(r);
      }
    }
    yield* flush(addDays(today, 1));
  } finally {
    if (!stream.destroyed) stream.destroy();
  }
}
