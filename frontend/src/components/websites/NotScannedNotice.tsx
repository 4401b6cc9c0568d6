/** In place of scan details for a site deliberately left alone (its robots.txt disallows us, or its owner opted out). */
export function NotScannedNotice() {
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-8 text-center dark:border-sky-900 dark:bg-sky-950/40">
      <p className="font-semibold text-sky-900 dark:text-sky-100">Not scanned</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        This website was not probed: its robots.txt (or its owner) asks crawlers like ours to stay away. Whether it supports MCP is
        unknown.
      </p>
    </div>
  );
}
