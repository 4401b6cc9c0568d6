import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@mcp-census/schemas';
import { SESSION_COOKIE_NAME } from '../../auth/session-cookie';
import { ADMIN_ROUTES } from './admin';
import { AGENT_ROUTES } from './agent';
import { CHANGES_ROUTES } from './changes';
import { NAMED_SCHEMAS } from './components';
import { CONTRIBUTE_ROUTES } from './contribute';
import { ADMIN_SECURITY_SCHEME, TAGS, type RouteContract } from './contract';
import { OPEN_DATA_ROUTES } from './open-data';
import { PUBLIC_DATA_ROUTES } from './public-data';
import { SITE_HISTORY_ROUTES } from './site-history';
import { SYSTEM_ROUTES } from './system';

/*
 * Why zod-openapi (createDocument) rather than zod's own z.toJSONSchema:
 * z.toJSONSchema converts one schema; an OpenAPI document also needs query and
 * path objects split into parameter objects, request schemas rendered as
 * input (defaults optional, coercions) and responses as output, and shared
 * component $refs. zod-openapi does exactly that on top of zod 4's own
 * JSON Schema conversion, so nothing is written by hand twice.
 */

/** Every REST route the API serves (the completeness test checks this against the routers). */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  ...PUBLIC_DATA_ROUTES,
  ...SITE_HISTORY_ROUTES,
  ...CHANGES_ROUTES,
  ...OPEN_DATA_ROUTES,
  ...CONTRIBUTE_ROUTES,
  ...ADMIN_ROUTES,
  ...AGENT_ROUTES,
  ...SYSTEM_ROUTES,
];

export type OpenApiDocument = ReturnType<typeof createDocument>;

export function buildOpenApiDocument(publicUrl: string, routes: readonly RouteContract[] = ROUTE_CONTRACTS): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const { method, path, operation } of routes) {
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`OpenAPI catalogue lists ${method.toUpperCase()} ${path} twice`);
    item[method] = operation;
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: PRODUCT_VERSION,
      description:
        'The REST API of the MCP adoption census. Errors are JSON `{ error, details? }`. Text that comes from scanned websites is untrusted third-party content. The MCP endpoint itself (/mcp, JSON-RPC over Streamable HTTP) is described by the MCP specification, not here.',
    },
    servers: [{ url: publicUrl }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      schemas: NAMED_SCHEMAS,
      securitySchemes: {
        [ADMIN_SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME, description: 'Set by POST /api/admin/login' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when the server sets one' },
      },
    },
  });
}
