import type { ScanActivity, ScanProgressResponse, ScanState } from '@mcp-census/schemas/api/scan';
import { formatCountOf, formatNumber } from '../../lib/format';

/** The scanner state as people read it (the server computes the state: backend/src/queries/scan-state.ts). */
export const SCAN_STATE_LABELS: Record<ScanState, string> = {
  scanning: 'Scanning now',
  running: 'Running',
  paused: 'Paused',
  idle: 'Idle',
};

/** What each state means: the badge's tooltip. */
export const SCAN_STATE_EXPLANATIONS: Record<ScanState, string> = {
  scanning: 'A scan batch is in flight.',
  running: 'Scheduled scanning is on and waits for sites to fall due.',
  paused: 'An operator paused scanning; batches already requested still finish.',
  idle: 'Nothing is being scanned and no scheduler is running.',
};

/** The state and, when known, its batches in flight. */
export type ScanStateView = Pick<ScanActivity, 'scanState'> & Partial<Pick<ScanActivity, 'batchesInFlight' | 'manualBatchesInFlight'>>;

/** The state from a scan progress answer; undefined from an API replica older than the field. */
export function scanStateOf(progress: Partial<Pick<ScanProgressResponse, 'scanState' | 'batchesInFlight' | 'manualBatchesInFlight'>>): ScanStateView | undefined {
  const { scanState, batchesInFlight, manualBatchesInFlight } = progress;
  return scanState ? { scanState, batchesInFlight, manualBatchesInFlight } : undefined;
}

const batches = (n: number, kind: string) => (n === 1 ? `${kind} batch` : `${formatNumber(n)} ${kind} batches`);

/**
 * What is in flight, after the label: "manual batch", "3 scheduled batches",
 * "1 manual and 2 scheduled batches"; while paused "finishing 2 batches".
 */
export function scanStateDetail(view: ScanStateView): string | undefined {
  const inFlight = view.batchesInFlight ?? 0;
  if (inFlight === 0) return undefined;
  if (view.scanState === 'paused') return `finishing ${formatCountOf(inFlight, 'batch', 'batches')}`;
  if (view.scanState !== 'scanning') return undefined;
  const manual = Math.min(view.manualBatchesInFlight ?? 0, inFlight);
  const scheduled = inFlight - manual;
  if (scheduled === 0) return batches(manual, 'manual');
  if (manual === 0) return batches(scheduled, 'scheduled');
  return `${formatNumber(manual)} manual and ${formatCountOf(scheduled, 'scheduled batch', 'scheduled batches')}`;
}
