/** When an unreachable streak is confirmed (LIVENESS_CONFIRM_SCANS / LIVENESS_CONFIRM_HOURS). */
export interface LivenessSettings {
  /** Consecutive unreachable scans needed. */
  confirmScans: number;
  /** Hours the streak must span, first to last scan. */
  confirmHours: number;
}

export const DEFAULT_LIVENESS: LivenessSettings = { confirmScans: 3, confirmHours: 24 };
