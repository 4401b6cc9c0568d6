import type { ScanProgressResponse, ScanState } from '@mcp-census/schemas/api/scan';
import { isScannerOffline } from '../scanner/ScannerOfflineBanner';
import { SCAN_STATE_EXPLANATIONS, SCAN_STATE_LABELS, scanStateDetail, scanStateOf } from '../scanner/scan-state-text';

/** The dot colours of scanner/ScanStateBadge.tsx (whose type is fixed small); only a scan in flight pulses. */
const DOTS: Record<ScanState, string> = {
  scanning: 'bg-green-400 motion-safe:animate-pulse',
  running: 'bg-sky-400',
  paused: 'bg-amber-400',
  idle: 'bg-slate-500',
};

/**
 * As the Overview's Live Monitoring card says it, in wall type: the spec's
 * "Scanning Active" / "Standby" first, then the server's scanner state
 * ("Standby · Paused", "Scanning Active · Scanning now · manual batch"); an
 * offline scanner replaces both; an older API without the state gives the
 * spec's word alone.
 */
export function WallScanState({ progress, className = '' }: { progress: ScanProgressResponse; className?: string }) {
  if (isScannerOffline(progress.scanner)) {
    return (
      <p className={`inline-flex items-center gap-[0.45em] font-semibold text-red-300 ${className}`}>
        <span aria-hidden="true" className="h-[0.6em] w-[0.6em] shrink-0 rounded-full bg-red-500" />
        Scanner offline
      </p>
    );
  }
  const specWord = progress.scanningActive ? 'Scanning Active' : 'Standby';
  const state = scanStateOf(progress);
  const dot = state ? DOTS[state.scanState] : progress.scanningActive ? DOTS.scanning : DOTS.idle;
  const detail = state && scanStateDetail(state);
  return (
    <p className={`flex flex-wrap items-center gap-x-[0.45em] font-semibold text-slate-100 ${className}`} title={state && SCAN_STATE_EXPLANATIONS[state.scanState]} data-scan-state={state?.scanState}>
      <span aria-hidden="true" className={`h-[0.6em] w-[0.6em] shrink-0 rounded-full ${dot}`} />
      <span>{specWord}</span>
      {state && (
        <>
          <span className="text-muted">·</span>
          <span>{SCAN_STATE_LABELS[state.scanState]}</span>
        </>
      )}
      {detail && <span className="font-normal text-muted">· {detail}</span>}
    </p>
  );
}
