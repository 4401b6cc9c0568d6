import Router from '@koa/router';
import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import {
  RECENT_ADOPTION_BOUNDS,
  RECENT_ADOPTIONS_MAX,
  recentAdoptionsQuerySchema,
  recentAdoptionsResponseSchema,
  type RecentAdoption,
  type RecentAdoptionsResponse,
} from '@mcp-census/schemas/api/recent-adoptions';
import type { NewlyAdoptingSite } from '@mcp-census/schemas/api/trends';
import { readNewlyAdoptingSites } from '../../queries/newly-adopting-sites';
import { cachedLoader } from '../cached-loader';
import { parseQuery } from '../query-params';
import { clipText } from '../../util/clip-text';

/** "Recent" reaches back a year: the longest trend period, well inside the first-adoption retention (730 days). */
const WINDOW_DAYS = 365;
/** Every wall refetches after each `websites-changed`: one read per few seconds serves them all. */
const TTL_MS = 5_000;

function toRecentAdoption(site: NewlyAdoptingSite): RecentAdoption {
  return {
    id: site.id,
    name: clipText(site.name, RECENT_ADOPTION_BOUNDS.name),
    url: clipText(site.url, RECENT_ADOPTION_BOUNDS.url),
    category: site.category === null ? null : clipText(site.category, RECENT_ADOPTION_BOUNDS.category),
    firstMcpAt: site.firstMcpAt,
  };
}

/**
 * GET /api/adoptions/recent?limit=1..50 (default 10): the sites that most
 * recently exposed MCP for the first time, newest first (the wall's feed).
 * Public and CORS-open like the other reads.
 */
export function recentAdoptionsRoutes(deps: { pool: pg.Pool; clickhouse: ClickHouseClient; now?: () => Date }): Router {
  const now = deps.now ?? (() => new Date());
  // One cached read of the longest list; every limit is a prefix of it.
  const newest = cachedLoader(
    async () => (await readNewlyAdoptingSites(deps, { days: WINDOW_DAYS, now: now(), limit: RECENT_ADOPTIONS_MAX })).map(toRecentAdoption),
    TTL_MS,
  );
  const router = new Router();
  router.get('/api/adoptions/recent', async (ctx) => {
    const { limit } = parseQuery(ctx, recentAdoptionsQuerySchema);
    const body: RecentAdoptionsResponse = { adoptions: (await newest.get()).slice(0, limit) };
    // The contract is checked on the way out too: a drifted row is a 500 here, not a broken wall.
    ctx.body = recentAdoptionsResponseSchema.parse(body);
  });
  return router;
}
