import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { SCAN_PAUSED_MESSAGE } from '@mcp-census/schemas/api/scan';
import { ApiError } from '../../lib/api-client';
import { localDateStamp } from '../../lib/format';
import { downloadReport, startScan } from '../../lib/public-api';
import { useScanProgress } from '../../state/queries';
import { queryKeys } from '../../state/query-options';
import { showToast } from '../../state/toast';

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Phones: an opaque bar along the bottom edge, two labelled buttons side by side;
 * the round buttons stacked at the right sat on the website table's "View Details"
 * buttons. From `sm` up: the spec's floating round buttons.
 *
 * Nothing focusable may end up under them (WCAG 2.4.7, 2.4.11). In the middle of
 * the page the root's scroll-padding-bottom (index.css, switched on by
 * `data-floating-actions`) makes focus scrolling stop clear of them; at the end of
 * the page, where there is nothing left to scroll, a spacer as tall as the bar
 * (or as the two round buttons and their offset) ends the page, so its last
 * links (the footer's) scroll clear too.
 */
const bar =
  'fixed inset-x-0 bottom-0 z-40 flex gap-2 border-t border-slate-200 bg-white/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:flex-col sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none dark:sm:bg-transparent';
const button =
  'flex h-11 flex-1 items-center justify-center gap-2 rounded-full text-sm font-medium shadow-sm transition-colors focus-visible:outline-offset-4 disabled:cursor-wait disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:grid sm:h-14 sm:w-14 sm:flex-none sm:place-items-center sm:shadow-lg';
/** The label is the accessible name too (aria-label); shown only on phones. */
const label = 'sm:sr-only';
/**
 * Phones: the bar's height (border, top padding, button, bottom padding of at least the safe area).
 * From `sm`: bottom-6 + two h-14 buttons + gap-3 = 1.5 + 3.5 + 0.75 + 3.5 = 9.25rem. Coloured as the footer it continues.
 */
const barSpacer = 'h-[calc(3.25rem_+_1px_+_max(0.5rem,env(safe-area-inset-bottom)))] bg-white sm:h-[9.25rem] dark:bg-slate-900';

/** Export Report and Refresh Data: floating at the bottom right of the overview, a bottom bar on phones. */
export function FloatingActions() {
  const queryClient = useQueryClient();
  const { data: progress } = useScanProgress();
  const [exporting, setExporting] = useState(false);
  const [scanning, setScanning] = useState(false);
  const pausedHintId = useId();
  // Refresh Data is refused while paused (409): say so on the button instead of letting it fail.
  const paused = progress?.scanState === 'paused';

  const exportReport = async () => {
    setExporting(true);
    try {
      saveFile(await downloadReport(), `mcp-adoption-report-${localDateStamp()}.html`);
      showToast({ title: 'Report exported', description: 'Your MCP adoption report has been downloaded.' });
    } catch {
      showToast({ title: 'Export failed', description: 'Failed to generate report. Please try again.', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const refreshData = async () => {
    if (paused) return;
    setScanning(true);
    try {
      await startScan();
      void queryClient.invalidateQueries({ queryKey: queryKeys.websiteLists });
      showToast({ title: 'Scan initiated', description: 'Started scanning websites for MCP endpoints. This may take a few minutes.' });
    } catch (err) {
      // Refused (paused since this page last heard): the server's own words, and a fresh state for the button.
      const refusal = err instanceof ApiError && err.status === 409 ? err.serverError : undefined;
      if (refusal) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.scanProgress });
        showToast({ title: 'Scanning paused', description: refusal, variant: 'destructive' });
      } else {
        showToast({ title: 'Error', description: 'Failed to initiate scan. Please try again.', variant: 'destructive' });
      }
    } finally {
      setScanning(false);
    }
  };

  return (
    <div className={bar} data-floating-actions="">
      <button
        type="button"
        onClick={() => void exportReport()}
        disabled={exporting}
        aria-label="Export Report"
        title="Export Report"
        className={`${button} bg-white text-indigo-700 ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-800 dark:text-indigo-300 dark:ring-slate-700`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 sm:h-6 sm:w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
        </svg>
        <span className={label}>Export Report</span>
      </button>
      <button
        type="button"
        onClick={() => void refreshData()}
        disabled={scanning}
        // aria-disabled, not disabled: the button stays focusable, so its explanation can be read.
        aria-disabled={paused || undefined}
        aria-describedby={paused ? pausedHintId : undefined}
        aria-label="Refresh Data"
        title={paused ? SCAN_PAUSED_MESSAGE : 'Refresh Data'}
        className={`${button} bg-indigo-600 text-white hover:bg-indigo-500 aria-disabled:hover:bg-indigo-600`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`h-5 w-5 sm:h-6 sm:w-6 ${scanning ? 'motion-safe:animate-spin' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
        </svg>
        <span className={label}>Refresh Data</span>
      </button>
      {paused && (
        <span id={pausedHintId} className="sr-only">
          {SCAN_PAUSED_MESSAGE}
        </span>
      )}
      {/* After everything else on the page, footer included: the page reserves the bar's height at its end. */}
      {createPortal(<div aria-hidden="true" className={barSpacer} />, document.body)}
    </div>
  );
}
