/** Shown for a scanned site without MCP, with the scan's error when one was recorded. */
export function NoMcpNotice({ error }: { error: string | null }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-8 text-center dark:border-slate-800 dark:bg-slate-900/60">
      <p className="font-semibold">No MCP Support Detected</p>
      <p className="mt-1 text-sm text-muted">This website does not currently support the Model Context Protocol.</p>
      {error && <p className="mt-2 break-words text-sm text-negative">Scan error: {error}</p>}
    </div>
  );
}
