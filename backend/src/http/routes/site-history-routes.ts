import Router from '@koa/router';
import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';
import { noQuerySchema as noQuery, websiteIdParamSchema } from '@mcp-census/schemas';
import {
  definitionBodyResponseSchema,
  definitionHashSchema,
  siteHistoryQuerySchema,
  siteHistoryResponseSchema,
  type SiteHistoryResponse,
} from '@mcp-census/schemas/api/site-history';
import { readDefinitionBody } from '../../queries/definition-body';
import { readSiteHistory } from '../../queries/site-history';
import { markRugPulls, readRugPullFindings } from '../../queries/site-rug-pulls';
import { readWebsiteVisibility } from '../../queries/website-visibility';
import { HttpError } from '../error-handler';
import { parseParam, parseQuery } from '../query-params';

/**
 * GET /api/websites/:id/history?limit=1..100&before=<cursor>: the site's scans,
 * newest first, each with its changes since the previous scan, rug pulls marked.
 * GET /api/websites/:id/definitions/:hash: a definition that site's history
 * names (for a before/after view). Public reads like /api/websites/:id; an
 * opted-out site shows no history, as it shows no scan.
 */
export function siteHistoryRoutes(deps: { pool: pg.Pool; clickhouse: ClickHouseClient }): Router {
  const router = new Router();

  const parseId = (raw: string | undefined): number => parseParam(raw, websiteIdParamSchema, 'Website id must be a positive whole number');
  const visibleSite = async (id: number): Promise<{ id: number; optedOut: boolean }> => {
    const visibility = await readWebsiteVisibility(deps.pool, id);
    if (visibility === 'unknown') throw new HttpError(404, `Website ${id} not found`);
    return { id, optedOut: visibility === 'opted-out' };
  };

  router.get('/api/websites/:id/history', async (ctx) => {
    const id = parseId(ctx.params.id);
    const query = parseQuery(ctx, siteHistoryQuerySchema);
    const site = await visibleSite(id);
    let body: SiteHistoryResponse;
    if (site.optedOut) {
      body = { websiteId: site.id, entries: [], nextBefore: null };
    } else {
      const [history, findings] = await Promise.all([
        readSiteHistory(deps.clickhouse, site.id, { limit: query.limit, before: query.before }),
        readRugPullFindings(deps.pool, site.id),
      ]);
      body = markRugPulls(history, findings);
    }
    // checked on the way out too: a drifted row is a 500 here, not a broken page
    ctx.body = siteHistoryResponseSchema.parse(body);
  });

  router.get('/api/websites/:id/definitions/:hash', async (ctx) => {
    const id = parseId(ctx.params.id);
    const hash = parseParam(ctx.params.hash, definitionHashSchema, 'Definition hash must be 64 lower-case hex digits (sha256)');
    parseQuery(ctx, noQuery);
    const site = await visibleSite(id);
    const found = site.optedOut ? null : await readDefinitionBody(deps.clickhouse, site.id, hash);
    if (!found) throw new HttpError(404, `Definition ${hash} is not in the history of website ${site.id}`);
    ctx.body = definitionBodyResponseSchema.parse(found);
  });

  return router;
}
