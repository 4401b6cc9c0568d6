import type Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import type { HealthResponse } from '@mcp-census/schemas';
import type { SimulatedHistoryInfo } from '@mcp-census/schemas/api/simulated-history';
import type { Logger } from '@mcp-census/streams/platform/logger';
import { publicCors } from './cors';
import { errorHandler, HttpError } from './error-handler';
import { healthRoutes } from './routes/health-route';
import { instanceRoutes } from './routes/instance-route';
import { metricsRoutes } from './routes/metrics-route';
import { httpMetrics } from '../observability/http-metrics';
import type { MetricsSource } from '../observability/census-metrics';
import { requestLog } from './request-log';
import { responseEncoding } from './response-encoding';
import { scanRoutes, type ScanService } from './routes/scan-routes';
import { securityHeaders } from './security-headers';
import { staticFiles } from './static-files';
import { landingPage } from './landing-page';
import type { FirstFigures } from '@mcp-census/schemas/first-figures';

export interface AppDependencies {
  checkHealth: () => Promise<HealthResponse>;
  /** The built web app; unset for processes that serve only /healthz. */
  frontendDir: string | undefined;
  onUnexpectedError: (err: Error, path: string) => void;
  /** Scan progress and the scan trigger; absent in processes without the api role. */
  scanService?: ScanService | undefined;
  /** Number of virtual sites when scanning the simulated web (`npm run demo`). */
  simulatedSites?: number | undefined;
  /** The demo's simulated past, as GET /api/instance reports it (`npm run demo`). */
  simulatedHistory?: (() => SimulatedHistoryInfo | null) | undefined;
  /** The API role's routers (public data, contributions, admin, agents), mounted in order. */
  routers?: Router[] | undefined;
  /** Runs before every state-changing (non-GET) call: per-client rate limits. */
  writeLimiter?: Middleware | undefined;
  /** TRUST_PROXY: reverse proxies in front of the app (0 or unset: X-Forwarded-* are ignored). */
  trustProxy?: number | undefined;
  /** Logs every request at debug level; unset: requests are not logged. */
  log?: Logger | undefined;
  /** The Overview's figures to inline in its HTML (the api role's cached GET /api/metrics answer); unset: the static shell. */
  firstFigures?: (() => Promise<FirstFigures>) | undefined;
  /** GET /metrics (Prometheus) from this registry, behind METRICS_TOKEN when set. */
  prometheus?: { registry: MetricsSource; token: string | undefined } | undefined;
}

/** The Koa app: thin routes over services, JSON errors, the built frontend. */
export function createApp(deps: AppDependencies): Koa {
  const app = new Koa();
  // Behind N trusted proxies the client is the Nth address from the right of X-Forwarded-For:
  // the one the outermost proxy appended. Addresses a client prepends itself are never read.
  const hops = deps.trustProxy ?? 0;
  app.proxy = hops > 0;
  app.maxIpsCount = hops;
  app.silent = true; // errors are reported by errorHandler, not Koa's default stderr dump
  // Outermost, so it sees the status the error handler set and the route a router matched.
  app.use(httpMetrics());
  if (deps.log) app.use(requestLog(deps.log));
  app.use(securityHeaders());
  app.use(errorHandler(deps.onUnexpectedError));
  app.use(responseEncoding());
  app.use(publicCors());
  if (deps.writeLimiter) {
    const limiter = deps.writeLimiter;
    app.use(async (ctx, next) => {
      if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'OPTIONS') await next();
      else await limiter(ctx, next);
    });
  }
  const health = healthRoutes(deps.checkHealth);
  app.use(health.routes()).use(health.allowedMethods());
  if (deps.prometheus) {
    const metrics = metricsRoutes(deps.prometheus.registry, deps.prometheus.token);
    app.use(metrics.routes()).use(metrics.allowedMethods());
  }
  const instance = instanceRoutes(deps.simulatedSites, deps.simulatedHistory);
  app.use(instance.routes()).use(instance.allowedMethods());
  if (deps.scanService) {
    const scan = scanRoutes(deps.scanService);
    app.use(scan.routes()).use(scan.allowedMethods());
  }
  for (const router of deps.routers ?? []) app.use(router.routes()).use(router.allowedMethods());
  if (deps.frontendDir && deps.firstFigures) app.use(landingPage(deps.frontendDir, deps.firstFigures));
  if (deps.frontendDir) app.use(staticFiles(deps.frontendDir));
  app.use(async (ctx) => {
    throw new HttpError(404, `No route for ${ctx.method} ${ctx.path}`);
  });
  return app;
}
