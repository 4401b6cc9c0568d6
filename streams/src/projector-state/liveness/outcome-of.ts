import { scanOutcome, type ScanResult } from '@mcp-census/schemas';
import type { ScanOutcome, UnreachableClass } from '@mcp-census/schemas/api/liveness';

export interface ClassifiedOutcome {
  outcome: ScanOutcome;
  /** Why the site could not be reached (unreachable outcomes only). */
  unreachableClass: UnreachableClass | null;
}

/** A scan's outcome (schemas/src/scan-outcome.ts) with its unreachable class. */
export function outcomeOf(result: ScanResult): ClassifiedOutcome {
  const outcome = scanOutcome(result);
  return { outcome, unreachableClass: outcome === 'unreachable' ? result.unreachableClass : null };
}

/** A scan that reached the site: only these may replace its latest scan and capabilities. */
export const reachedSite = (result: ScanResult): boolean => {
  const o = scanOutcome(result);
  return o === 'mcp' || o === 'no-mcp';
};
