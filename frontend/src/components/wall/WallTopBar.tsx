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
          {PRODUCT_NAME} <span className="font-normal text-muted">· MCP adoption, live</span>
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
        {/* Small and muted, brightening when pointed at or focused; never faded below a readable contrast. */}
        <Link href="/" className={`${WALL_TEXT.small} rounded px-[0.5em] py-[0.2em] text-muted hover:text-white focus-visible:text-white`}>
          Exit wall
        </Link>
      </div>
    </div>
  );
}
