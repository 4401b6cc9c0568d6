import { z } from 'zod';

/**
 * When an unreachable streak is confirmed (LIVENESS_CONFIRM_SCANS /
 * LIVENESS_CONFIRM_HOURS): the current-state figures and the trend store
 * apply the same rule, so both read the setting from here.
 */
export const livenessSettingsSchema = z.object({
  /** Consecutive unreachable scans needed. */
  confirmScans: z.number().int().min(1),
  /** Hours the streak must span, first to last scan. */
  confirmHours: z.number().min(0),
});
export type LivenessSettings = z.infer<typeof livenessSettingsSchema>;

export const DEFAULT_LIVENESS: LivenessSettings = { confirmScans: 3, confirmHours: 24 };
