import { Link } from 'wouter';
import { PRODUCT_NAME } from '@mcp-census/schemas/product';
import { WallFreshness } from './WallFreshness';
import { useInstanceInfo } from './wall-queries';
import { WALL_TEXT } from './wall-styles';

/** Title, the simulated-web tag (when the site-wide banner would show), data freshness and the way out. */
export function WallTopBar() {
  const { data: instance } = useInstanceInfo();
  return (
    <div className="flex items-center justify-between gap-[min(1.5vw,2.67vh)]">
      <div className="flex min-w-0 items-center gap-[min(1vw,1.78vh)]">
        <h1 className={`${WALL_TEXT.title} truncate font-bold text-white`}>
          {PRODUCT_NAME} <span className="font-normal text-slate-400">· MCP adoption, live</span>
        </h1>
        {instance?.simulatedWeb && (
          <span
            className={`${WALL_TEXT.small} shrink-0 rounded-full border border-amber-400/60 px-[0.8em] py-[0.2em] font-medium text-amber-300`}
            title={`This demo scans ${instance.simulatedSites?.toLocaleString('en-US') ?? 'virtual'} virtual sites served on this machine, not real websites.`}
          >
            Simulated web
          </span>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-[min(1.5vw,2.67vh)]">
        <WallFreshness />
        {/* Unobtrusive until pointed at or focused; always in the tab order. */}
        <Link href="/" className={`${WALL_TEXT.small} rounded px-[0.5em] py-[0.2em] text-slate-400 opacity-40 hover:opacity-100 focus-visible:opacity-100`}>
          Exit wall
        </Link>
      </div>
    </div>
  );
}
