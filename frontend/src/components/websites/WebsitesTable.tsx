import type { WebsitesResponse } from '@mcp-census/schemas/api/websites';
import { countFigure } from '../../lib/count-display';
import { formatRelativeTime } from '../../lib/format';
import { ExternalLink } from '../ui/ExternalLink';
import { HorizontalScroll } from '../ui/HorizontalScroll';
import { Skeleton } from '../ui/Skeleton';
import { WebsiteStatusBadge } from './WebsiteStatusBadge';

export type WebsiteRow = WebsitesResponse['websites'][number];

const SKELETON_ROWS = 5;
const cell = 'px-3 py-3 align-middle sm:px-4';
/** Phones keep Website (with the status under it) and Actions; the other columns come back as room allows. */
const MD = 'hidden md:table-cell';
const SM = 'hidden sm:table-cell';
const head = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted';
/** A long address ends in "…" on the link's own box, which an outline can surround (a clipping wrapper would cut it off). */
const urlLink = 'inline-block max-w-full truncate align-top text-muted hover:underline';
/** Names the table's strip, which is focusable only if the table is ever wider than its card. */
export const WEBSITES_TABLE_LABEL = 'Websites';

/**
 * Website, Status, Tools, Resources, Last Scan, Actions. Names and addresses
 * come from the catalogue and scans, so they are rendered as plain text. A
 * truncated list's count reads "at least N" ("unknown" when nothing was read).
 */
export function WebsitesTable({
  websites,
  loading,
  onViewDetails,
  rowsOpenDetails = false,
}: {
  websites: readonly WebsiteRow[] | undefined;
  loading: boolean;
  onViewDetails: (id: number) => void;
  /** Clicking anywhere on a row opens the details (Analysis table). */
  rowsOpenDetails?: boolean;
}) {
  if (!loading && websites && websites.length === 0) {
    return (
      <div className="px-4 py-12 text-center">
        <p className="font-medium text-slate-700 dark:text-slate-200">No websites found</p>
        <p className="mt-1 text-sm text-muted">Try adjusting your search filters or add websites to analyze</p>
      </div>
    );
  }
  return (
    <HorizontalScroll label={WEBSITES_TABLE_LABEL}>
      <table className="w-full text-sm md:min-w-[720px]">
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
          <tr>
            <th scope="col" className={head}>Website</th>
            <th scope="col" className={`${head} ${SM}`}>Status</th>
            <th scope="col" className={`${head} ${MD} text-right`}>Tools</th>
            <th scope="col" className={`${head} ${MD} text-right`}>Resources</th>
            <th scope="col" className={`${head} ${SM}`}>Last Scan</th>
            <th scope="col" className={`${head} text-right`}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {loading || !websites
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} aria-hidden="true">
                  {Array.from({ length: 6 }, (_, j) => (
                    <td key={j} className={`${cell} ${j === 2 || j === 3 ? MD : j === 1 || j === 4 ? SM : ''}`}>
                      <Skeleton className={j === 0 ? 'h-4 w-40' : 'h-4 w-16'} />
                    </td>
                  ))}
                </tr>
              ))
            : websites.map((site) => (
                <tr
                  key={site.id}
                  className={`hover:bg-slate-50 dark:hover:bg-slate-800/50 ${rowsOpenDetails ? 'cursor-pointer' : ''}`}
                  onClick={rowsOpenDetails ? () => onViewDetails(site.id) : undefined}
                >
                  <td className={cell}>
                    <div className="font-medium text-slate-900 dark:text-slate-100">{site.name}</div>
                    {/* The link truncates itself (not a clipping box around it), so its focus ring is drawn whole. */}
                    <div className="max-w-[11rem] text-xs sm:max-w-xs" onClick={(e) => e.stopPropagation()}>
                      <ExternalLink href={site.url} className={urlLink}>
                        {site.url}
                      </ExternalLink>
                    </div>
                    {/* On phones the status column is folded in here. */}
                    <div className="mt-1 sm:hidden">
                      <WebsiteStatusBadge site={site} />
                    </div>
                  </td>
                  <td className={`${cell} ${SM}`}>
                    <WebsiteStatusBadge site={site} />
                  </td>
                  <td className={`${cell} ${MD} text-right tabular-nums`}>{site.optedOut ? '—' : countFigure(site.latestScan?.toolsCount ?? 0, site.latestScan?.toolsTruncated)}</td>
                  <td className={`${cell} ${MD} text-right tabular-nums`}>{site.optedOut ? '—' : countFigure(site.latestScan?.resourcesCount ?? 0, site.latestScan?.resourcesTruncated)}</td>
                  <td className={`${cell} ${SM} whitespace-nowrap text-muted`}>
                    {site.optedOut ? '—' : site.latestScan ? formatRelativeTime(site.latestScan.scanTime) : 'Never'}
                  </td>
                  <td className={`${cell} text-right`}>
                    <button
                      type="button"
                      onClick={(e) => {
                        e.stopPropagation();
                        onViewDetails(site.id);
                      }}
                      className="rounded-md px-2 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50 dark:text-indigo-400 dark:hover:bg-indigo-950"
                      aria-label={`View Details: ${site.name}`}
                    >
                      View Details
                    </button>
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}
