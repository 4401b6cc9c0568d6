import Router from '@koa/router';
import { PRODUCT_NAME, PRODUCT_VERSION, type InstanceInfo } from '@mcp-census/schemas';
import type { SimulatedHistoryInfo } from '@mcp-census/schemas/api/simulated-history';

/**
 * GET /api/instance: product identity, whether the data comes from a simulated
 * web, and whether its past is simulated too (read at each request: the demo
 * replays it after the server is up).
 */
export function instanceRoutes(simulatedSites: number | undefined, simulatedHistory: () => SimulatedHistoryInfo | null = () => null): Router {
  const router = new Router();
  const info: Omit<InstanceInfo, 'simulatedHistory'> = {
    product: PRODUCT_NAME,
    version: PRODUCT_VERSION,
    simulatedWeb: simulatedSites !== undefined,
    simulatedSites: simulatedSites ?? null,
  };
  router.get('/api/instance', (ctx) => {
    ctx.body = { ...info, simulatedHistory: simulatedHistory() } satisfies InstanceInfo;
  });
  return router;
}
