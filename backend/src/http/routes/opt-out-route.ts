import Router from '@koa/router';
import type pg from 'pg';
import { optOutBodySchema } from '@mcp-census/schemas';
import { requestOptOut } from '../../services/opt-out-requests';
import { parseJsonBody } from '../request-body';

/** Small bodies only: a domain, an address and a short note. */
const OPT_OUT_BODY_LIMIT = 8 * 1024;

/** POST /api/opt-out: a site owner's request to stop scanning a domain (202: stored for review). */
export function optOutRoutes(deps: { pool: pg.Pool }): Router {
  const router = new Router();
  router.post('/api/opt-out', async (ctx) => {
    const body = await parseJsonBody(ctx, optOutBodySchema, OPT_OUT_BODY_LIMIT);
    ctx.body = await requestOptOut(deps.pool, body);
    ctx.status = 202;
  });
  return router;
}
