import type { AdminScanLogLine } from '@mcp-census/schemas/api/admin';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';

const LEVEL_CLASS: Record<string, string> = {
  error: 'text-red-600 dark:text-red-400',
  success: 'text-green-600 dark:text-green-400',
};

/** Newest first; messages may quote scanned sites, so they are plain text. */
export function ScanLogStream({ lines, live }: { lines: readonly AdminScanLogLine[]; live: boolean }) {
  return (
    <Card as="section" className="space-y-3">
      <div className="flex items-center justify-between">
        <CardTitle>Scan Logs</CardTitle>
        <span className="flex items-center gap-1.5 text-xs text-slate-500">
          <span aria-hidden="true" className={`h-2 w-2 rounded-full ${live ? 'animate-pulse bg-green-500' : 'bg-slate-400'}`} />
          {live ? 'Live' : 'Polling'}
        </span>
      </div>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-500">No scan logs yet.</p>
      ) : (
        <ol role="log" aria-label="Scan log" className="max-h-96 space-y-1 overflow-y-auto rounded-lg bg-slate-50 p-3 font-mono text-xs dark:bg-slate-950">
          {lines.map((line, i) => (
            <li key={`${line.timestamp}-${i}`} className="break-words">
              <span className="text-slate-400">{new Date(line.timestamp).toLocaleTimeString()}</span>{' '}
              <span className={`font-semibold uppercase ${LEVEL_CLASS[line.level] ?? 'text-slate-500'}`}>{line.level}</span>{' '}
              <span>{line.message}</span>
              {line.details && <span className="text-slate-500"> — {line.details}</span>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
