import Router from '@koa/router';
import { PRODUCT_NAME, PRODUCT_VERSION, type InstanceInfo } from '@mcp-census/schemas';

/** GET /api/instance: product identity and whether the data comes from a simulated web. */
export function instanceRoutes(simulatedSites: number | undefined): Router {
  const router = new Router();
  const info: InstanceInfo = {
    product: PRODUCT_NAME,
    version: PRODUCT_VERSION,
    simulatedWeb: simulatedSites !== undefined,
    simulatedSites: simulatedSites ?? null,
  };
  router.get('/api/instance', (ctx) => {
    ctx.body = info;
  });
  return router;
}
