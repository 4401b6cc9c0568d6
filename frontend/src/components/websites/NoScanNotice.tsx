/** In place of scan details for a site the scanner has not reached yet (Pending): nothing is known, so never "No MCP". */
export function NoScanNotice() {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-8 text-center dark:border-slate-800">
      <p className="font-semibold">No Scan Data Available</p>
      <p className="mt-1 text-sm text-muted">This website has not been scanned yet.</p>
    </div>
  );
}
