import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * What weeklyGrowth was measured against: the figures as of the end of the UTC
 * day 7 days ago. The spec's weeklyGrowth reads 0 for a change from 0 and for
 * no history at all; this says which it was, so a client can show
 * "Not enough history yet" or "New this week" instead of "+0.0%".
 *
 * null = no census that day (no site known by its end): there is no baseline.
 * websites: sites known then; adoption: their adoption rate in percent
 * (1 decimal); tools: total tools then.
 */
export const weeklyGrowthBaselineSchema = z.object({
  websites: count.nullable(),
  adoption: z.number().min(0).max(100).nullable(),
  tools: count.nullable(),
});
export type WeeklyGrowthBaseline = z.infer<typeof weeklyGrowthBaselineSchema>;
