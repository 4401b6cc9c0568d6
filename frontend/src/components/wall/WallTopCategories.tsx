import { formatNumber } from '../../lib/format';
import { visibleText } from '../../lib/visible-text';
import { useIndustryAnalytics } from '../../state/queries';
import { topCategories } from './wall-data';
import { WALL_HEADING, WALL_PANEL, WALL_TEXT } from './wall-styles';

/** The categories with the most MCP-enabled platforms, as horizontal bars (length: MCP-enabled count), two columns of four (TOP_CATEGORY_COUNT). */
export function WallTopCategories() {
  const { data: industry, loading } = useIndustryAnalytics();
  const top = industry ? topCategories(industry.categories) : [];
  const most = Math.max(1, ...top.map((c) => c.mcpAdoption));
  return (
    <section aria-labelledby="wall-categories-title" className={`${WALL_PANEL} gap-[min(0.7vw,1.25vh)]`}>
      <h2 id="wall-categories-title" className={WALL_HEADING}>
        Top categories by MCP-enabled platforms
      </h2>
      {top.length === 0 ? (
        <p className={`${WALL_TEXT.body} flex flex-1 items-center justify-center text-muted`}>{loading ? 'Loading…' : 'No industry data available'}</p>
      ) : (
        <ol className="grid min-h-0 flex-1 grid-flow-col grid-cols-2 grid-rows-4 gap-x-[min(2vw,3.56vh)] gap-y-[min(0.5vw,0.89vh)]">
          {top.map((c) => (
            <li key={c.category} className="flex min-h-0 min-w-0 flex-col justify-center gap-[min(0.3vw,0.53vh)]">
              <div className={`${WALL_TEXT.body} flex items-baseline justify-between gap-[0.75em]`}>
                <span className="truncate font-medium text-slate-100">{visibleText(c.category)}</span>
                <span className="shrink-0 tabular-nums text-slate-300">
                  <span className="font-semibold text-white">{formatNumber(c.mcpAdoption)}</span>
                  <span className="text-muted"> · {c.adoptionRate.toFixed(1)}%</span>
                </span>
              </div>
              <div className="h-[min(0.55vw,0.98vh)] w-full overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
                <div className="h-full rounded-full bg-indigo-400" style={{ width: `${(c.mcpAdoption / most) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
