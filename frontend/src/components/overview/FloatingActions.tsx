import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { localDateStamp } from '../../lib/format';
import { downloadReport, startScan } from '../../lib/public-api';
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

const roundButton =
  'grid h-14 w-14 place-items-center rounded-full shadow-lg transition-colors focus-visible:outline-offset-4 disabled:cursor-wait disabled:opacity-70';

/** Export Report and Refresh Data, floating at the bottom right of the overview. */
export function FloatingActions() {
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [scanning, setScanning] = useState(false);

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
    setScanning(true);
    try {
      await startScan();
      void queryClient.invalidateQueries({ queryKey: queryKeys.websiteLists });
      showToast({ title: 'Scan initiated', description: 'Started scanning websites for MCP endpoints. This may take a few minutes.' });
    } catch {
      showToast({ title: 'Error', description: 'Failed to initiate scan. Please try again.', variant: 'destructive' });
    } finally {
      setScanning(false);
    }
  };

  return (
    <div className="fixed bottom-6 right-6 z-40 flex flex-col gap-3">
      <button
        type="button"
        onClick={() => void exportReport()}
        disabled={exporting}
        aria-label="Export Report"
        title="Export Report"
        className={`${roundButton} bg-white text-indigo-700 ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-800 dark:text-indigo-300 dark:ring-slate-700`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
        </svg>
      </button>
      <button
        type="button"
        onClick={() => void refreshData()}
        disabled={scanning}
        aria-label="Refresh Data"
        title="Refresh Data"
        className={`${roundButton} bg-indigo-600 text-white hover:bg-indigo-500`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`h-6 w-6 ${scanning ? 'animate-spin' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
        </svg>
      </button>
    </div>
  );
}
