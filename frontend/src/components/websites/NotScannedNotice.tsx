import type { NotScanned } from '@mcp-census/schemas/scan-result';
import { VisibleText } from '../security/VisibleText';

/** "robots.txt disallows /mcp (rule: Disallow: /mcp)": the scanned rule and path shown as visible text. */
export function NotScannedReason({ notScanned }: { notScanned: NotScanned }) {
  return (
    <p className="mt-2 text-sm text-slate-800 dark:text-slate-200" data-testid="not-scanned-reason">
      <span className="font-medium">Not scanned: </span>
      {notScanned.reason === 'robots-txt' ? (
        <>
          robots.txt disallows {notScanned.path ? <VisibleText text={notScanned.path} className="font-mono" /> : 'this site'}
        </>
      ) : notScanned.reason === 'opt-out' ? (
        <>its owner opted out of the census</>
      ) : (
        <>its robots.txt Crawl-delay is longer than a scan may take</>
      )}{' '}
      (rule: <VisibleText text={notScanned.rule} className="font-mono" />)
    </p>
  );
}

/** In place of scan details for a site deliberately left alone (its robots.txt disallows us, or its owner opted out). */
export function NotScannedNotice({ notScanned = null }: { notScanned?: NotScanned | null }) {
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-8 text-center dark:border-sky-900 dark:bg-sky-950/40">
      <p className="font-semibold text-sky-900 dark:text-sky-100">Not scanned</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        This website was not probed: its robots.txt (or its owner) asks crawlers like ours to stay away. Whether it supports MCP is
        unknown.
      </p>
      {notScanned && <NotScannedReason notScanned={notScanned} />}
    </div>
  );
}
