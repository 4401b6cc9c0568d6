import { z } from 'zod';
import { CATEGORIES } from '../categories';
import { trendPeriodSchema } from './trends';

/**
 * Query strings of the public read routes (backend/src/http/routes/public-data-routes.ts
 * parses with exactly these, so an OpenAPI document generated from them
 * matches what the server accepts). Unknown parameters are a 400 (strict).
 */

/** Calls that take no query parameters. */
export const noQuerySchema = z.object({}).strict();

/** Longest from..to range (the trend rollups keep 730 days). */
export const MAX_TREND_RANGE_DAYS = 730;
const DAY_MS = 86_400_000;

/** A real UTC calendar day, YYYY-MM-DD (2026-02-30 is refused). */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a day as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a calendar day')
  .describe('A UTC day, YYYY-MM-DD');

/**
 * Series granularity. A week (Monday to Sunday, UTC) or month bucket takes
 * the carried-forward state as of its LAST day inside the range (end of
 * bucket); newAdoptions is summed over the bucket's days in the range.
 */
export const TREND_GRANULARITIES = ['day', 'week', 'month'] as const;
export const trendGranularitySchema = z.enum(TREND_GRANULARITIES).describe('Bucket size; a bucket takes the value of its last day (end of bucket)');
export type TrendGranularity = z.infer<typeof trendGranularitySchema>;

export const categoryParamSchema = z.enum(CATEGORIES, { message: `Unknown category; one of: ${CATEGORIES.join(', ')}` }).describe('One of the known website categories');

const rangeFields = {
  from: isoDaySchema.optional().describe('First UTC day (inclusive); needs `to`'),
  to: isoDaySchema.optional().describe('Last UTC day (inclusive, not after today); needs `from`'),
  category: categoryParamSchema.optional(),
};

const dayDiff = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** from/to come together, from ≤ to, at most MAX_TREND_RANGE_DAYS apart. */
function checkRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if ((q.from === undefined) !== (q.to === undefined)) {
    ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: '`from` and `to` must be given together' });
    return;
  }
  if (q.from === undefined || q.to === undefined) return;
  const days = dayDiff(q.from, q.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['from'], message: '`from` must not be after `to`' });
  else if (days > MAX_TREND_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `The range may span at most ${MAX_TREND_RANGE_DAYS} days` });
}

/**
 * GET /api/trends/adoption. Without from/to it is the spec's call (`period`:
 * 7, 30, 90 or 365 days ending today, default 30); with from/to the series covers exactly those
 * days, and `period` may not be given too. `category` narrows the series to
 * one category's sites (see categoryAdoptionTrendPointSchema).
 */
export const adoptionTrendQuerySchema = z
  .object({
    period: z.coerce.number().pipe(trendPeriodSchema).optional().describe('Days ending today: 7, 30, 90 or 365 (default 30); not with from/to'),
    ...rangeFields,
    granularity: trendGranularitySchema.default('day'),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.period !== undefined && (q.from !== undefined || q.to !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: '`period` cannot be combined with `from`/`to`' });
      return;
    }
    checkRange(q, ctx);
  });
export type AdoptionTrendQuery = z.infer<typeof adoptionTrendQuerySchema>;

/**
 * GET /api/trends/categories. Default (no parameters): the spec's answer,
 * now versus the end of the day 30 days ago. With from/to: the end of `to`
 * versus the end of `from`. `category` keeps only that category's row.
 * No granularity: the answer is a comparison of two days, not a series.
 */
export const categoryTrendsQuerySchema = z.object(rangeFields).strict().superRefine(checkRange);
export type CategoryTrendsQuery = z.infer<typeof categoryTrendsQuerySchema>;
