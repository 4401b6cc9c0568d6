import { z } from 'zod';

/** Trend periods in days (spec section 9), default 30. */
export const TREND_PERIODS = [7, 30, 90, 365] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];
export const DEFAULT_TREND_PERIOD: TrendPeriod = 30;
export const trendPeriodSchema = z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)]);

const count = z.number().int().nonnegative();

/**
 * One UTC day of the adoption trend. State "as of a day" is each site's
 * latest scan on or before the end of that day (today: every scan of today so far); a site's
 * last known state carries forward over days it was not rescanned.
 * With granularity week (Monday to Sunday, UTC) or month, one point per bucket:
 * `date` is the bucket's first day in the range, the state figures are those
 * of the bucket's LAST day in the range (end of bucket), and newAdoptions is
 * the sum over the bucket's days in the range.
 */
export const adoptionTrendPointSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** mcpEnabledCount / totalWebsites in percent, 1 decimal (0 when no sites). */
  adoptionRate: z.number().min(0).max(100),
  /** Sites with at least one scan on or before the day. */
  totalWebsites: count,
  /** Sites whose latest scan on or before the day found MCP. */
  mcpEnabledCount: count,
  /** Sites whose first-ever MCP scan is on that day. */
  newAdoptions: count,
  /** Sums over sites of the latest known counts as of the day. */
  toolsCount: count,
  resourcesCount: count,
  promptsCount: count,
});
export type AdoptionTrendPoint = z.infer<typeof adoptionTrendPointSchema>;
export const adoptionTrendSchema = z.array(adoptionTrendPointSchema);

/**
 * One point of GET /api/trends/adoption?category=…: the category's sites
 * only. The daily rollup keeps sites and MCP-enabled sites per category, not
 * tool counts or first adoptions, so those fields are absent here.
 * With granularity week/month, `date` is the bucket's first day in the range
 * and the figures are as of the bucket's last day in the range (end of bucket).
 */
export const categoryAdoptionTrendPointSchema = adoptionTrendPointSchema.pick({ date: true, adoptionRate: true, totalWebsites: true, mcpEnabledCount: true }).extend({ category: z.string() });
export type CategoryAdoptionTrendPoint = z.infer<typeof categoryAdoptionTrendPointSchema>;
export const categoryAdoptionTrendSchema = z.array(categoryAdoptionTrendPointSchema);

/** What GET /api/trends/adoption answers: the overall series, or one category's (with `category`). */
export const adoptionTrendResponseSchema = z.union([adoptionTrendSchema, categoryAdoptionTrendSchema]);
export type AdoptionTrendResponse = z.infer<typeof adoptionTrendResponseSchema>;

/**
 * growth = percent change of end-of-month mcpEnabledCount versus the previous
 * month's end (1 decimal; 0 when the previous month's count is 0). The current
 * month's "end" is now.
 */
export const monthlyTrendSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  growth: z.number(),
  /**
   * What growth was measured against: mcpEnabledCount at the previous month's
   * end, or null when no site was known by then (the census is younger), so a
   * growth of 0 can be told apart from "from nothing" and "no history".
   * Optional: servers before this field omit it.
   */
  previous: count.nullable().optional(),
  /** mcpEnabledCount at this month's end (now, for the current month). */
  current: count.optional(),
});
export type MonthlyTrend = z.infer<typeof monthlyTrendSchema>;
export const monthlyTrendsSchema = z.array(monthlyTrendSchema);

/**
 * current = MCP-enabled sites in the category now; growth = percent change
 * versus the end of the UTC day 30 days ago (1 decimal; 0 when that was 0).
 */
export const categoryTrendSchema = z.object({
  category: z.string(),
  current: count,
  growth: z.number(),
  /**
   * MCP-enabled sites in the category at the end of the day 30 days ago, or
   * null when the category had no known site then (no history to compare
   * with). Optional: servers before this field omit it.
   */
  previous: count.nullable().optional(),
});
export type CategoryTrend = z.infer<typeof categoryTrendSchema>;
export const categoryTrendsSchema = z.array(categoryTrendSchema);

/**
 * Now versus the end of the UTC day 7 days ago, 1 decimal each:
 * websites = percent change of totalWebsites; adoption = change of the
 * adoption rate in PERCENTAGE POINTS; tools = percent change of total tools.
 * A percent change from 0 is 0.
 */
export const weeklyGrowthSchema = z.object({
  websites: z.number(),
  adoption: z.number(),
  tools: z.number(),
});
export type WeeklyGrowth = z.infer<typeof weeklyGrowthSchema>;

/** A site whose first MCP-positive scan fell in a report's window (the adoption report lists them). */
export const newlyAdoptingSiteSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  /** The site's first scan that found MCP (ISO time). */
  firstMcpAt: z.iso.datetime({ offset: true }),
});
export type NewlyAdoptingSite = z.infer<typeof newlyAdoptingSiteSchema>;
