import { useEffect, useRef, type RefObject } from 'react';
import type { RecentAdoption } from '@mcp-census/schemas/api/recent-adoptions';
import { formatRelativeTime } from '../../lib/format';
import { visibleText } from '../../lib/visible-text';
import { useNow } from './use-now';
import { RELATIVE_TIME_TICK_MS } from './wall-data';
import { useRecentAdoptions, WALL_ADOPTIONS_LIMIT } from './wall-queries';
import { WALL_HEADING, WALL_PANEL, WALL_TEXT } from './wall-styles';

const ENTER: Keyframe[] = [
  { opacity: 0, transform: 'translateY(-0.6em)', backgroundColor: 'rgb(99 102 241 / 0.45)' },
  { opacity: 1, transform: 'none', backgroundColor: 'rgb(99 102 241 / 0.45)', offset: 0.3 },
  { opacity: 1, transform: 'none', backgroundColor: 'rgb(99 102 241 / 0)' },
];

/** Motion only for visitors who have not asked for less of it. */
const motionAllowed = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: no-preference)').matches;

function AdoptionRow({ site, now, listShown }: { site: RecentAdoption; now: number; listShown: RefObject<boolean> }) {
  const row = useRef<HTMLLIElement>(null);
  // A row mounting after the list was first shown is a new adoption: it slides in and glows briefly.
  useEffect(() => {
    const el = row.current;
    if (!listShown.current || !el || typeof el.animate !== 'function' || !motionAllowed()) return;
    const animation = el.animate(ENTER, { duration: 2400, easing: 'ease-out' });
    return () => animation.cancel();
  }, [listShown]);
  return (
    <li ref={row} className={`${WALL_TEXT.item} flex min-h-0 min-w-0 items-center gap-[0.75em] rounded-[0.3em] border-b border-slate-800/80 px-[0.3em] last:border-b-0`} data-testid="wall-adoption">
      <span className="min-w-0 flex-1 truncate font-semibold text-white">{visibleText(site.name)}</span>
      {site.category && <span className={`${WALL_TEXT.small} max-w-[35%] shrink-0 truncate rounded-full bg-slate-800 px-[0.7em] py-[0.2em] text-slate-300`}>{visibleText(site.category)}</span>}
      <span className={`${WALL_TEXT.small} shrink-0 tabular-nums text-muted`}>
        <time dateTime={site.firstMcpAt}>{formatRelativeTime(site.firstMcpAt, new Date(now))}</time>
      </span>
    </li>
  );
}

/** The sites that most recently exposed MCP for the first time, newest first; refreshed when the live socket reports changes. */
export function WallRecentAdoptions() {
  const { data, loading, error } = useRecentAdoptions(WALL_ADOPTIONS_LIMIT);
  const now = useNow(RELATIVE_TIME_TICK_MS);
  const listShown = useRef(false);
  // Runs after the rows' own effects: rows of the first list never animate, later arrivals do.
  useEffect(() => {
    if (data) listShown.current = true;
  }, [data]);
  const adoptions = data?.adoptions ?? [];
  return (
    <section aria-labelledby="wall-adoptions-title" className={`${WALL_PANEL} gap-[min(0.5vw,0.89vh)]`}>
      <h2 id="wall-adoptions-title" className={WALL_HEADING}>
        Newest MCP adoptions
      </h2>
      {adoptions.length === 0 ? (
        <p className={`${WALL_TEXT.body} flex flex-1 items-center justify-center text-center text-muted`}>
          {loading ? 'Loading…' : error && !data ? 'Recent adoptions unavailable' : 'No new adoptions yet'}
        </p>
      ) : (
        // A fixed number of equal rows, so the list fills its panel and never overflows it.
        <ol className="grid min-h-0 flex-1 grid-rows-8" aria-live="polite" aria-relevant="additions">
          {adoptions.map((site) => (
            <AdoptionRow key={site.id} site={site} now={now} listShown={listShown} />
          ))}
        </ol>
      )}
    </section>
  );
}
