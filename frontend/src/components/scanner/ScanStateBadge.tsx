import type { ScanState } from '@mcp-census/schemas/api/scan';
import { SCAN_STATE_EXPLANATIONS, SCAN_STATE_LABELS, scanStateDetail, type ScanStateView } from './scan-state-text';

const DOTS: Record<ScanState, string> = {
  // Only a scan in flight pulses, and only for visitors who accept motion.
  scanning: 'bg-green-500 motion-safe:animate-pulse',
  running: 'bg-sky-500',
  paused: 'bg-amber-500',
  idle: 'bg-slate-400',
};

/**
 * The scanner state as a coloured dot and its label, e.g. "● Scanning now ·
 * manual batch" or "● Paused · finishing 2 batches". `lead` puts a word of the
 * spec first ("Standby · Paused"), so both read as one status line.
 */
export function ScanStateBadge({ state, lead }: { state: ScanStateView; lead?: string }) {
  const detail = scanStateDetail(state);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 text-sm font-medium" title={SCAN_STATE_EXPLANATIONS[state.scanState]} data-scan-state={state.scanState}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${DOTS[state.scanState]}`} />
      {lead && (
        <>
          <span>{lead}</span>
          <span className="text-muted"> · </span>
        </>
      )}
      <span>{SCAN_STATE_LABELS[state.scanState]}</span>
      {detail && <span className="font-normal text-muted"> · {detail}</span>}
    </span>
  );
}
