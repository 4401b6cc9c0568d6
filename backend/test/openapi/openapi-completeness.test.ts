import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocumentSchema } from '@mcp-census/schemas';
import { buildOpenApiDocument, ROUTE_CONTRACTS } from '../../src/http/openapi/document';
import { startApiStack, type ApiStack } from './support/api-stack';
import { compareRoutes, documentOperations, mountedRoutes } from './support/route-inventory';

/*
 * Every route the assembled API mounts has an operation in GET /api/openapi.json,
 * and every operation has a route: a new route without a contract (or a
 * contract left behind by a removed route) fails here with the list.
 */

let stack: ApiStack;

beforeAll(async () => {
  stack = await startApiStack('openapi_complete');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('the OpenAPI document covers the API', () => {
  it('has one operation per mounted route and no operation without a route', async () => {
    const res = await fetch(`${stack.base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const document = openApiDocumentSchema.parse(await res.json());
    const mounted = mountedRoutes(stack.app);
    // the routers really were found: the reads, the admin calls and the agent API
    expect(mounted).toEqual(expect.arrayContaining(['GET /api/metrics', 'POST /api/admin/login', 'GET /mcp/tools', 'GET /healthz', 'GET /api/openapi.json']));
    const diff = compareRoutes(mounted, documentOperations(document));
    expect(diff.routesWithoutOperation, `routes without an OpenAPI operation:\n${diff.routesWithoutOperation.join('\n')}`).toEqual([]);
    expect(diff.operationsWithoutRoute, `OpenAPI operations without a route:\n${diff.operationsWithoutRoute.join('\n')}`).toEqual([]);
  });

  it('serves the document with servers[0] from PUBLIC_URL, and the same document on every request', async () => {
    const first = (await (await fetch(`${stack.base}/api/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(first.servers[0]?.url).toBe('http://census.test');
    expect(await (await fetch(`${stack.base}/api/openapi.json`)).json()).toEqual(first);
  });

  it('would fail for a route without an operation, and for an operation without a route', () => {
    const mounted = mountedRoutes(stack.app);
    const withoutMetrics = buildOpenApiDocument('http://census.test', ROUTE_CONTRACTS.filter((r) => r.path !== '/api/metrics'));
    expect(compareRoutes(mounted, documentOperations(withoutMetrics)).routesWithoutOperation).toEqual(['GET /api/metrics']);
    const extra = [...ROUTE_CONTRACTS, { ...ROUTE_CONTRACTS[0]!, path: '/api/no-such-route', operation: { ...ROUTE_CONTRACTS[0]!.operation, operationId: 'noSuchRoute' } }];
    expect(compareRoutes(mounted, documentOperations(buildOpenApiDocument('http://census.test', extra))).operationsWithoutRoute).toEqual(['GET /api/no-such-route']);
  });

  it('gives every operation a unique operationId, a summary and a tag the document declares', () => {
    const document = openApiDocumentSchema.parse(buildOpenApiDocument('http://census.test'));
    const tags = new Set((document.tags ?? []).map((t) => t.name));
    const ids = ROUTE_CONTRACTS.map((r) => r.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of ROUTE_CONTRACTS) {
      expect(r.operation.summary.length, r.operation.operationId).toBeGreaterThan(0);
      expect(tags.has(r.operation.tags[0]), `${r.operation.operationId}: tag ${r.operation.tags[0]}`).toBe(true);
    }
  });
});
