import type Router from '@koa/router';
import type Koa from 'koa';

/**
 * The routes a Koa app really serves, read from the routers it mounted
 * (@koa/router tags each `router.routes()` middleware with its router), and
 * their comparison with an OpenAPI document's operations.
 */

/** The MCP endpoint: JSON-RPC over Streamable HTTP, described by the MCP specification, not OpenAPI. */
export const NOT_IN_OPENAPI = new Set(['/mcp']);

/** `GET /api/websites/{id}`: one route or operation. */
export type RouteKey = string;

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function mountedRoutes(app: Koa): RouteKey[] {
  const keys = new Set<RouteKey>();
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      const path = toOpenApiPath(String(layer.path));
      if (NOT_IN_OPENAPI.has(path)) continue;
      // HEAD is answered by every GET route (koa-router adds it); router.use() layers have no methods
      for (const method of layer.methods) if (method !== 'HEAD' && method !== 'OPTIONS') keys.add(`${method} ${path}`);
    }
  }
  return [...keys].sort();
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function documentOperations(document: { paths?: Record<string, object | undefined> }): RouteKey[] {
  const keys: RouteKey[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item ?? {})) if (HTTP_METHODS.includes(method)) keys.push(`${method.toUpperCase()} ${path}`);
  }
  return keys.sort();
}

export function compareRoutes(mounted: readonly RouteKey[], operations: readonly RouteKey[]): { routesWithoutOperation: RouteKey[]; operationsWithoutRoute: RouteKey[] } {
  const ops = new Set(operations);
  const routes = new Set(mounted);
  return {
    routesWithoutOperation: mounted.filter((r) => !ops.has(r)),
    operationsWithoutRoute: operations.filter((o) => !routes.has(o)),
  };
}
