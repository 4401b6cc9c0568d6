import Router from '@koa/router';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/document';
import { markShared } from '../shared-answers';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every REST route,
 * generated from the zod schemas the routes parse with. Built on the first
 * request and kept: it depends only on the code and PUBLIC_URL.
 */
export function openApiRoutes(publicUrl: string): Router {
  let document: OpenApiDocument | undefined;
  const router = new Router();
  router.get('/api/openapi.json', (ctx) => {
    // shared: the encoder serialises and compresses it once, not per request
    document ??= markShared(buildOpenApiDocument(publicUrl));
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = document;
  });
  return router;
}
