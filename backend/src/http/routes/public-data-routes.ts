import Router from '@koa/router';
import { adoptionTrendQuerySchema, categoryTrendsQuerySchema, discoveryQuerySchema, noQuerySchema as noQuery, websiteIdParamSchema, websitesQuerySchema } from '@mcp-census/schemas';
import type { PublicData } from '../../services/public-data';
import { HttpError } from '../error-handler';
import { parseParam, parseQuery } from '../query-params';

/** The public reads of spec section 7 (GET only; CORS-open, see app.ts). */
export function publicDataRoutes(data: PublicData): Router {
  const router = new Router();
  router.get('/api/metrics', async (ctx) => {
    parseQuery(ctx, noQuery);
    ctx.body = await data.metrics();
  });
  router.get('/api/websites', async (ctx) => {
    ctx.body = await data.websites(parseQuery(ctx, websitesQuerySchema));
  });
  router.get('/api/websites/:id', async (ctx) => {
    const id = parseParam(ctx.params.id, websiteIdParamSchema, 'Website id must be a positive whole number');
    const site = await data.website(id);
    if (!site) throw new HttpError(404, `Website ${id} not found`);
    ctx.body = site;
  });
  router.get('/api/industry-analytics', async (ctx) => {
    parseQuery(ctx, noQuery);
    ctx.body = await data.industryAnalytics();
  });
  router.get('/api/tool-categories', async (ctx) => {
    parseQuery(ctx, noQuery);
    ctx.body = await data.toolCategories();
  });
  router.get('/api/mcp-discovery', async (ctx) => {
    ctx.body = await data.discovery(parseQuery(ctx, discoveryQuerySchema));
  });
  router.get('/api/security/analytics', async (ctx) => {
    parseQuery(ctx, noQuery);
    ctx.body = await data.securityAnalytics();
  });
  router.get('/api/trends/adoption', async (ctx) => {
    // no parameters or `period` alone: the spec's answer; from/to, granularity, category: see adoptionTrendQuerySchema
    ctx.body = await data.adoptionTrendQuery(parseQuery(ctx, adoptionTrendQuerySchema));
  });
  router.get('/api/trends/monthly', async (ctx) => {
    parseQuery(ctx, noQuery);
    ctx.body = await data.monthlyTrends();
  });
  router.get('/api/trends/categories', async (ctx) => {
    ctx.body = await data.categoryTrendsQuery(parseQuery(ctx, categoryTrendsQuerySchema));
  });
  return router;
}
