import Router from '@koa/router';
import type { HealthResponse } from '@mcp-census/schemas';

/** GET /healthz: 200 when every configured dependency answers and no scanner is offline, 503 otherwise. */
export function healthRoutes(check: () => Promise<HealthResponse>): Router {
  const router = new Router();
  router.get('/healthz', async (ctx) => {
    const health = await check();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = health.status === 'ok' ? 200 : 503;
    ctx.body = health;
  });
  return router;
}
