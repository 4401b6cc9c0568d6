import type { AdminScanLogLine } from '@mcp-census/schemas/api/admin';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { SCROLL_FOCUS_RING, useScrollEdges } from '../ui/HorizontalScroll';

const LEVEL_CLASS: Record<string, string> = {
  error: 'text-negative',
  success: 'text-positive',
};

/**
 * Newest first; messages may quote scanned sites, so they are plain text.
 *
 * The live region (role="log", polite) is the scroll box and stays on the page
 * from the start, empty or not, so the first lines to arrive are announced too;
 * inside it the lines are a real list. While it scrolls it is in the tab
 * order, so a keyboard can reach it and scroll it with the arrow keys.
 */
export function ScanLogStream({ lines, live }: { lines: readonly AdminScanLogLine[]; live: boolean }) {
  const { ref, scrollable } = useScrollEdges();
  return (
    <Card as="section" className="space-y-3">
      <div className="flex items-center justify-between">
        <CardTitle>Scan Logs</CardTitle>
        <span className="flex items-center gap-1.5 text-xs text-muted">
          <span aria-hidden="true" className={`h-2 w-2 rounded-full ${live ? 'animate-pulse bg-green-500' : 'bg-slate-400'}`} />
          {live ? 'Live' : 'Polling'}
        </span>
      </div>
      <div
        ref={ref}
        data-scroller=""
        role="log"
        aria-live="polite"
        aria-label="Scan log"
        tabIndex={scrollable ? 0 : undefined}
        className={`max-h-96 overflow-y-auto rounded-lg bg-slate-50 p-3 font-mono text-xs dark:bg-slate-950 ${SCROLL_FOCUS_RING.outside}`}
      >
        {lines.length === 0 ? (
          <p className="font-sans text-sm text-muted">No scan logs yet.</p>
        ) : (
          <ol className="space-y-1">
            {lines.map((line, i) => (
              <li key={`${line.timestamp}-${i}`} className="break-words">
                <span className="text-muted">{new Date(line.timestamp).toLocaleTimeString()}</span>{' '}
                <span className={`font-semibold uppercase ${LEVEL_CLASS[line.level] ?? 'text-muted'}`}>{line.level}</span>{' '}
                <span>{line.message}</span>
                {line.details && <span className="text-muted"> — {line.details}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
