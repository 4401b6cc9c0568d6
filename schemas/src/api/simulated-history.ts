import { z } from 'zod';

/**
 * GET /api/instance's `simulatedHistory`: the demo replayed a simulated past
 * of its simulated web through the pipeline, so the trends before `to` are
 * simulated, not observed. Null when no simulated history was replayed.
 */
export const simulatedHistoryInfoSchema = z.object({
  /** Length of the simulated past in days (DEMO_HISTORY_DAYS at its first replay). */
  days: z.number().int().positive(),
  /** First and last UTC day with simulated scans. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Historical scans planned (published once complete). */
  scans: z.number().int().nonnegative(),
  /** 'replaying': still being published or projected; 'complete': every figure includes it. */
  status: z.enum(['replaying', 'complete']),
});
export type SimulatedHistoryInfo = z.infer<typeof simulatedHistoryInfoSchema>;
