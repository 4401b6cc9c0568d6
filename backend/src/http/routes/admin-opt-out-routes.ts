import Router, { type RouterContext } from '@koa/router';
import type { Middleware } from 'koa';
import type pg from 'pg';
import { emptyBodySchema as emptyBody, optOutIdParamSchema, type OptOutListResponse } from '@mcp-census/schemas';
import { decideOptOut, listOptOuts } from '../../services/opt-out-reviews';
import { parseParam } from '../query-params';
import { parseJsonBody } from '../request-body';

/** The admin's review of opt-out requests; every call passes `requireAdmin` first (401 without a session). */
export function adminOptOutRoutes(deps: { pool: pg.Pool; requireAdmin: Middleware; onDecided?: () => void; now?: () => Date }): Router {
  const now = deps.now ?? (() => new Date());
  const router = new Router();
  router.get('/api/admin/opt-outs', deps.requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const body: OptOutListResponse = { requests: await listOptOuts(deps.pool) };
    ctx.body = body;
  });
  const decide = (decision: 'approved' | 'rejected') => async (ctx: RouterContext) => {
    const id = parseParam(ctx.params.id, optOutIdParamSchema, 'Opt-out request id must be a positive whole number');
    await parseJsonBody(ctx, emptyBody);
    ctx.body = await decideOptOut(deps.pool, id, decision, now());
    deps.onDecided?.();
  };
  router.post('/api/admin/opt-outs/:id/approve', deps.requireAdmin, decide('approved'));
  router.post('/api/admin/opt-outs/:id/reject', deps.requireAdmin, decide('rejected'));
  return router;
}
